package conformance

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// Verdicts.
const (
	Pass = "pass"
	Fail = "fail" // a MUST, the schema or the course's rule broken
	Warn = "warn" // a SHOULD broken, or a MUST the probe cannot establish
	Note = "note" // the text is silent, or the case only informs
	Skip = "skip" // the server did not declare what the case needs, or the run ended first
)

// A Result is one case in one revision.
type Result struct {
	ID       string `json:"id"`
	Revision string `json:"revision,omitempty"`
	Verdict  string `json:"verdict"`
	Rule     *Rule  `json:"rule,omitempty"`
	Message  string `json:"message"`
	// Items lists what the case saw, in order: the names of a list walk,
	// the bad stdout lines, the messages sent before initialize answered.
	Items []string `json:"items,omitempty"`
	// Lesson names the course section that teaches the case, in the
	// report's language ([Report.InLanguage]).
	Lesson string `json:"lesson,omitempty"`
	ref    lessonRef
	// Events is the case's wire, as a trace the playground imports.
	Events []trace.Event `json:"-"`
}

// A Report is a whole probe run.
type Report struct {
	Server    string   `json:"server"`
	Revisions []string `json:"revisions"`
	Cases     []Result `json:"cases"`
	// Ended says how each connection ended, when there was something to
	// say (a process's exit status and the tail of its stderr).
	Ended []string `json:"ended,omitempty"`
}

// Failed reports whether any case failed.
func (r *Report) Failed() bool {
	for _, c := range r.Cases {
		if c.Verdict == Fail {
			return true
		}
	}
	return false
}

// Count returns how many cases have verdict v.
func (r *Report) Count(v string) int {
	n := 0
	for _, c := range r.Cases {
		if c.Verdict == v {
			n++
		}
	}
	return n
}

// Find returns the first result with the id (and revision, when not empty).
func (r *Report) Find(id, rev string) *Result {
	for i, c := range r.Cases {
		if c.ID == id && (rev == "" || c.Revision == rev) {
			return &r.Cases[i]
		}
	}
	return nil
}

// WriteTable prints the report as a table: one row per case (case,
// revision, verdict, why), and under it the rule and the lesson, then a
// summary line.
func (r *Report) WriteTable(w io.Writer) error {
	fmt.Fprintf(w, "server: %s\nrevisions: %s\n\n", r.Server, strings.Join(r.Revisions, ", "))
	wid := len("CASE")
	for _, c := range r.Cases {
		wid = max(wid, len(c.ID))
	}
	fmt.Fprintf(w, "%-*s  %-10s  %-7s  %s\n", wid, "CASE", "REVISION", "VERDICT", "WHY")
	for _, c := range r.Cases {
		fmt.Fprintf(w, "%-*s  %-10s  %-7s  %s\n", wid, c.ID, c.Revision, c.Verdict, oneLine(c.Message))
		if c.Rule != nil {
			fmt.Fprintf(w, "    rule: %s, %s, %s: %q\n", c.Rule.Revision, c.Rule.Section, c.Rule.Level, c.Rule.Text)
		}
		if c.Lesson != "" {
			fmt.Fprintf(w, "    lesson: %s\n", c.Lesson)
		}
	}
	for _, e := range r.Ended {
		fmt.Fprintf(w, "\nserver ended: %s\n", e)
	}
	_, err := fmt.Fprintf(w, "\n%d pass, %d fail, %d warn, %d note, %d skip\n",
		r.Count(Pass), r.Count(Fail), r.Count(Warn), r.Count(Note), r.Count(Skip))
	return err
}

func oneLine(s string) string { return clip(strings.ReplaceAll(s, "\n", " "), 140) }

// TraceName is the file name of a result's trace in a trace directory.
func (c *Result) TraceName() string {
	name := strings.NewReplacer(":", "-", "/", "-").Replace(c.ID)
	if c.Revision != "" {
		name += "-" + c.Revision
	}
	return name + ".jsonl"
}
