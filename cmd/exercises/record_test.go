package main

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/tape"
)

// TestRecordedCopyGradesAsTheReference proves a copy students get, whose
// reference is a tape, the way the repository is proven (starter, solution,
// every mutant, under go test), and holds every check's verdict to the
// verdict the live reference gave the same file when the tape was recorded.
//
// The recording graded each file with the browser's interpreter
// (interp.Grade, as the page does), so this is also the promise that the
// browser grade is the classroom grade: every file, interpreted, passes and
// fails exactly the checks it does compiled under go test in the copy a
// class grades. The check runs no other parity round (exercises/interp's
// TestParity, on the repository, is for working on one grader).
func TestRecordedCopyGradesAsTheReference(t *testing.T) {
	if testing.Short() {
		t.Skip("proves every exercise in a copy: a minute and more")
	}
	root := testRoot(t)
	e, err := newExport(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := e.writeTree(dir, tree{exs: e.exs, starters: true, readmes: true, recorded: true}); err != nil {
		t.Fatal(err)
	}
	// The proof needs the solutions and mutants, which no copy carries.
	for _, ex := range e.exs {
		copyTree(t, filepath.Join(ex.Dir, ".meta"), filepath.Join(dir, "exercises", ex.ID, ".meta"))
	}
	var log strings.Builder
	rep, err := Prove(dir, nil, &log)
	if err != nil {
		t.Fatalf("proving the recorded copy: %v\n%s", err, log.String())
	}
	for _, p := range rep.Problems {
		t.Errorf("recorded copy: %s", p)
	}
	r, err := e.recording()
	if err != nil {
		t.Fatal(err)
	}
	live := r.verdicts
	if len(rep.Verdicts) != len(live) {
		t.Errorf("the copy's proof ran %d variants, the recording %d", len(rep.Verdicts), len(live))
	}
	for v, checks := range live {
		for c, want := range checks {
			if got := rep.Verdicts[v][c]; got != want {
				t.Errorf("%s, check %s: the recorded copy under go test says %q, the live reference interpreted as the page grades %q", v, c, got, want)
			}
		}
		for c := range rep.Verdicts[v] {
			if _, ok := checks[c]; !ok {
				t.Errorf("%s: go test ran check %s, which the interpreted grade does not have", v, c)
			}
		}
	}
	if t.Failed() {
		t.Log(log.String())
	}
}

// TestRecordedCopyCarriesNoReferenceCode holds the copies students get to
// the promise: the code that is an exercise's answer (a simulator package,
// a grader's own model) is there as its API and a player of the tape, and
// none of the answer's code is.
func TestRecordedCopyCarriesNoReferenceCode(t *testing.T) {
	root := testRoot(t)
	e, err := newExport(root)
	if err != nil {
		t.Fatal(err)
	}
	recorded, live := t.TempDir(), t.TempDir()
	if err := e.writeTree(recorded, tree{exs: e.exs, starters: true, readmes: true, recorded: true}); err != nil {
		t.Fatal(err)
	}
	if err := e.writeTree(live, tree{exs: e.exs}); err != nil {
		t.Fatal(err)
	}
	// answers are functions of the reference's code, by package: each
	// must be in the teacher's copy and in no student's.
	answers := map[string][]string{
		"sim/catalog": {"walk"},
		"sim/frames":  {"checkLineRef", "checkStreamRef", "validID", "isInteger", "isObject"},
		"sim/ttl":     {"touchRef", "expireRef", "advance", "Less"},
		// The graders' own models, which are answers too.
		"exercises/frames":    {"gradeSSEParseRef"},
		"exercises/handshake": {"sendRef", "receiveRef", "choose", "gradeNewest"},
		"exercises/outcomes":  {"gradeClassifyRef", "gradePreDispatch", "gradeExpectRef"},
	}
	for pkg, funcs := range answers {
		for _, f := range funcs {
			if !declares(t, filepath.Join(live, pkg), f) {
				t.Errorf("the teacher's copy of %s has no func %s: is the list above out of date?", pkg, f)
			}
		}
		var playable []string
		for _, f := range funcs {
			if declares(t, filepath.Join(recorded, pkg), f) {
				playable = append(playable, f)
			}
		}
		if len(playable) > 0 {
			t.Errorf("the students' copy of %s declares %v, the reference's code", pkg, playable)
		}
	}
	// No file of a recorded copy is built for !replay, and none names the
	// tag: the copy builds as it is.
	err = filepath.WalkDir(recorded, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.Contains(string(b), "go:build replay") || strings.Contains(string(b), "go:build !replay") {
			t.Errorf("%s keeps a replay build constraint", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(recorded, "sim", "tape", "recorded.json"))
	if err != nil {
		t.Fatal(err)
	}
	tp := tape.New()
	if err := json.Unmarshal(b, tp); err != nil || tp.Len() == 0 {
		t.Errorf("sim/tape/recorded.json: %d answers, %v", tp.Len(), err)
	}
	if _, err := os.Stat(filepath.Join(live, "sim", "tape", "recorded.json")); err == nil {
		t.Errorf("the teacher's copy carries a tape: its reference is live")
	}
}

// declares reports whether the Go package in dir declares a function or
// method named name.
func declares(t *testing.T, dir, name string) bool {
	t.Helper()
	pkgs, err := parser.ParseDir(token.NewFileSet(), dir, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name {
					return true
				}
			}
		}
	}
	return false
}
