package main

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

// This file writes the grade: as text, as Gradescope's results.json, as
// a Markdown table.

// total adds up the points scored and the points there are.
func total(outs []outcome) (score, maxScore int) {
	for _, o := range outs {
		s, m := o.points()
		score, maxScore = score+s, maxScore+m
	}
	return score, maxScore
}

func (o outcome) points() (score, maxScore int) {
	for _, v := range o.Verdicts {
		maxScore += v.Check.Points
		if v.Pass {
			score += v.Check.Points
		}
	}
	return score, maxScore
}

// textReport is what the grader prints: one line per check, the total.
func textReport(outs []outcome) string {
	var b strings.Builder
	for _, o := range outs {
		if o.Problem != "" {
			fmt.Fprintf(&b, "%s: %s\n", o.Exercise.ID, o.Problem)
			if o.Detail != "" {
				fmt.Fprintf(&b, "%s\n", o.Detail)
			}
		}
		for _, v := range o.Verdicts {
			mark, got := "FAIL", 0
			if v.Pass {
				mark, got = "pass", v.Check.Points
			}
			fmt.Fprintf(&b, "%-4s %-40s %d/%d\n", mark, v.Name(), got, v.Check.Points)
			if !v.Pass && v.Output != "" && o.Problem == "" {
				fmt.Fprintf(&b, "     %s\n", strings.ReplaceAll(v.Output, "\n", "\n     "))
			}
		}
	}
	score, maxScore := total(outs)
	fmt.Fprintf(&b, "score: %d/%d points\n", score, maxScore)
	return b.String()
}

// gsResults is Gradescope's results.json (gradescope/autograder_samples,
// docs/specs.md): the total, a message for the whole submission, and one
// test per check with its score, maximum and status.
type gsResults struct {
	Score  int      `json:"score"`
	Output string   `json:"output"`
	Tests  []gsTest `json:"tests"`
}

type gsTest struct {
	Name     string `json:"name"`
	Score    int    `json:"score"`
	MaxScore int    `json:"max_score"`
	Status   string `json:"status"` // "passed" | "failed"
	Output   string `json:"output"`
}

func gradescopeResults(outs []outcome) gsResults {
	score, maxScore := total(outs)
	res := gsResults{Score: score, Tests: []gsTest{}}
	var msgs []string
	for _, o := range outs {
		if o.Problem != "" {
			msgs = append(msgs, strings.TrimSpace(o.Exercise.ID+": "+o.Problem+"\n"+o.Detail))
		}
		for _, v := range o.Verdicts {
			t := gsTest{Name: v.Name(), MaxScore: v.Check.Points, Status: "failed", Output: v.Check.Summary}
			if v.Pass {
				t.Score, t.Status = v.Check.Points, "passed"
			}
			if !v.Pass && v.Output != "" {
				t.Output += "\n\n" + v.Output
			}
			res.Tests = append(res.Tests, t)
		}
	}
	msgs = append(msgs, fmt.Sprintf("%d/%d points", score, maxScore))
	res.Output = strings.Join(msgs, "\n\n")
	return res
}

// markdownReport is the job summary: the total, then a table per exercise
// and why each failing check failed.
func markdownReport(outs []outcome) string {
	var b strings.Builder
	score, maxScore := total(outs)
	fmt.Fprintf(&b, "## Grade: %d/%d points\n\n", score, maxScore)
	for _, o := range outs {
		s, m := o.points()
		fmt.Fprintf(&b, "### %s (`%s`): %d/%d\n\n", o.Exercise.Title, o.Exercise.ID, s, m)
		if o.Problem != "" {
			fmt.Fprintf(&b, "**%s.**\n\n", o.Problem)
			if o.Detail != "" {
				fmt.Fprintf(&b, "%s\n\n", fence(o.Detail))
			}
		}
		b.WriteString("| Check | Points | Result |\n|---|---:|---|\n")
		for _, v := range o.Verdicts {
			got, mark := 0, "❌ fail"
			if v.Pass {
				got, mark = v.Check.Points, "✅ pass"
			}
			fmt.Fprintf(&b, "| `%s` | %d/%d | %s |\n", v.Name(), got, v.Check.Points, mark)
		}
		b.WriteString("\n")
		for _, v := range o.Verdicts {
			if !v.Pass && o.Problem == "" {
				fmt.Fprintf(&b, "<details><summary><code>%s</code> failed</summary>\n\n%s\n\n</details>\n\n", v.Name(), fence(v.Check.Summary+"\n"+v.Output))
			}
		}
	}
	return b.String()
}

// fence puts text in a code block that no backtick run inside it can
// close: the text is the learner's output, and Markdown must not read it.
func fence(s string) string {
	f := strings.Repeat("`", max(3, longestBacktickRun(s)+1))
	return f + "\n" + strings.TrimRight(s, "\n") + "\n" + f
}

func longestBacktickRun(s string) int {
	best, cur := 0, 0
	for _, r := range s {
		if r == '`' {
			cur++
			best = max(best, cur)
		} else {
			cur = 0
		}
	}
	return best
}

// caseRef is the end of a check's message naming the case it played
// (grading.Result.String): the scenario, the event, and the parameters
// that make the scenario replay the case.
var caseRef = regexp.MustCompile(`\(scenario ([a-z0-9-]+)(?:, event (\d+))?(?:, params (\{.*\}))?\)`)

// linkCases turns each case a message names into a link to the published
// course's player, opened at that case and event.
func linkCases(msg, site string) string {
	if site == "" {
		return msg
	}
	return caseRef.ReplaceAllStringFunc(msg, func(m string) string {
		p := caseRef.FindStringSubmatch(m)
		// The page reads its hash with decodeURIComponent: a space is %20.
		esc := func(s string) string { return strings.ReplaceAll(url.QueryEscape(s), "+", "%20") }
		u := site + "playground.html#scenario=" + esc(p[1])
		if p[3] != "" {
			u += "&params=" + esc(p[3])
		}
		if p[2] != "" {
			u += "&step=" + p[2]
		}
		return "(replay it: " + u + " )"
	})
}
