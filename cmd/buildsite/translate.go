package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// The Chinese edition translates what the simulator says at display time,
// so that a trace stays the same bytes whether it was baked into a page or
// ran live in the browser. A note is matched by its template: the note
// with every quoted string and every word holding a digit (ids, cursors,
// counts, revisions) replaced by {1}, {2}, ... A playground run with other
// parameters fills the same template with its own values. notes.js does
// the same split; TestNoteTemplateMatchesTheScript keeps the two equal.

// noteToken matches the parts of a note a template may leave out.
var noteToken = regexp.MustCompile(`"[^"]*"|-?[A-Za-z0-9_]+(?:[.\-][A-Za-z0-9_]+)*`)

// noteTemplate splits a note into its template and the values it holds.
func noteTemplate(note string) (tpl string, vals []string) {
	var b strings.Builder
	last := 0
	for _, m := range noteToken.FindAllStringIndex(note, -1) {
		tok := note[m[0]:m[1]]
		if tok[0] != '"' && !strings.ContainsAny(tok, "0123456789") {
			continue
		}
		b.WriteString(note[last:m[0]])
		vals = append(vals, tok)
		fmt.Fprintf(&b, "{%d}", len(vals))
		last = m[1]
	}
	b.WriteString(note[last:])
	return b.String(), vals
}

var placeholder = regexp.MustCompile(`\{([1-9][0-9]*)\}`)

// fillTemplate puts vals into tpl's placeholders.
func fillTemplate(tpl string, vals []string) string {
	return placeholder.ReplaceAllStringFunc(tpl, func(p string) string {
		n, _ := strconv.Atoi(p[1 : len(p)-1])
		if n > len(vals) {
			return p
		}
		return vals[n-1]
	})
}

// placeholders lists the placeholder numbers tpl uses, sorted, once each.
func placeholders(tpl string) []int {
	seen := map[int]bool{}
	var out []int
	for _, m := range placeholder.FindAllStringSubmatch(tpl, -1) {
		n, _ := strconv.Atoi(m[1])
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	sort.Ints(out)
	return out
}

// A table is a translation file: tab-separated rows, # comments, blank
// lines ignored. Each row keeps its line for error messages.
type tableRow struct {
	Line   int
	Fields []string
}

func readTable(file string, fields int) ([]tableRow, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var rows []tableRow
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != fields {
			return nil, &fileError{file, n, fmt.Sprintf("want %d tab-separated fields, got %d", fields, len(f))}
		}
		rows = append(rows, tableRow{n, f})
	}
	return rows, sc.Err()
}

// The Chinese edition's tables, relative to the lessons directory.
const (
	zhDir          = "zh"
	notesTable     = "notes.tsv"     // English template, Chinese template
	scenariosTable = "scenarios.tsv" // id, field, English, Chinese
	paramsTable    = "params.tsv"    // a parameter's English doc, Chinese
)

// faultDetail is a fault event's detail, which the page shows beside the
// fault and translates as it does notes; "" for other events.
func faultDetail(e trace.Event) string {
	if e.Kind != trace.KindFault {
		return ""
	}
	var p trace.FaultPayload
	if json.Unmarshal(e.Payload, &p) != nil {
		return ""
	}
	return p.Detail
}

// simNotes lists every note template the scenarios' baked traces hold,
// each with the first note that has it, in scenario order. A run's name
// ("walk 1", "server restarted") labels its events the way a note does,
// and translates the same way, as does a fault's detail.
func simNotes(infos []*scenario.Result) (tpls, examples []string) {
	seen := map[string]bool{}
	for _, r := range infos {
		for _, e := range r.Events {
			for _, text := range []string{e.Run, e.Note, faultDetail(e)} {
				if text == "" {
					continue
				}
				tpl, _ := noteTemplate(text)
				if !seen[tpl] {
					seen[tpl] = true
					tpls = append(tpls, tpl)
					examples = append(examples, text)
				}
			}
		}
	}
	return tpls, examples
}

// writeSkeleton appends to the Chinese tables a row for every note
// template and scenario text they lack, with an empty translation and the
// English as a comment above it, for a translator to fill in.
func writeSkeleton(cfg Config, runs []*scenario.Result) (added int, err error) {
	dir := filepath.Join(cfg.Lessons, zhDir)
	have, err := tableKeys(filepath.Join(dir, notesTable), 2, 1)
	if err != nil {
		return 0, err
	}
	var b strings.Builder
	tpls, examples := simNotes(runs)
	for i, tpl := range tpls {
		if have[tpl] {
			continue
		}
		if tpl != examples[i] {
			fmt.Fprintf(&b, "# e.g. %s\n", examples[i])
		}
		fmt.Fprintf(&b, "%s\t\n", tpl)
		added++
	}
	if err := appendFile(filepath.Join(dir, notesTable), b.String()); err != nil {
		return 0, err
	}
	if have, err = tableKeys(filepath.Join(dir, scenariosTable), 4, 2); err != nil {
		return 0, err
	}
	b.Reset()
	for _, r := range runs {
		for _, f := range [][2]string{{"title", r.Info.Title}, {"summary", r.Info.Summary}} {
			if !have[r.Info.ID+"\t"+f[0]] {
				fmt.Fprintf(&b, "%s\t%s\t%s\t\n", r.Info.ID, f[0], f[1])
				added++
			}
		}
	}
	if err := appendFile(filepath.Join(dir, scenariosTable), b.String()); err != nil {
		return 0, err
	}
	if have, err = tableKeys(filepath.Join(dir, paramsTable), 2, 1); err != nil {
		return 0, err
	}
	b.Reset()
	for _, r := range runs {
		for _, name := range slices.Sorted(maps.Keys(r.Info.ParamDocs)) {
			if doc := r.Info.ParamDocs[name].Doc; !have[doc] {
				have[doc] = true
				fmt.Fprintf(&b, "# %s (%s)\n%s\t\n", name, r.Info.Family, doc)
				added++
			}
		}
	}
	return added, appendFile(filepath.Join(dir, paramsTable), b.String())
}

// tableKeys returns the keys a table already has: each row's first n
// fields, tab-joined. A missing table has none.
func tableKeys(file string, fields, n int) (map[string]bool, error) {
	rows, err := readTable(file, fields)
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	have := map[string]bool{}
	for _, r := range rows {
		have[strings.Join(r.Fields[:n], "\t")] = true
	}
	return have, nil
}

func appendFile(name, s string) error {
	if s == "" {
		return nil
	}
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = f.WriteString(s)
	return errors.Join(err, f.Close())
}
