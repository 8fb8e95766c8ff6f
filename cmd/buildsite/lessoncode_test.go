package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A program is a complete Go program quoted in a lesson, with the output
// the lesson says it prints, if it says.
type program struct {
	file   string
	line   int
	source string
	prints *string
}

// lessonPrograms extracts every ```go block that is a whole program
// (package main) from the lessons, and the ```text block that follows an
// "It prints:" line after it.
func lessonPrograms(t *testing.T) []program {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "lessons", "*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no lessons found: %v", err)
	}
	var out []program
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var (
			cur       *program
			fence     string // "go", "text" or "" outside a fence
			body      strings.Builder
			lastProg  = -1
			wantPrint bool
		)
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			switch {
			case fence == "" && strings.HasPrefix(line, "```"):
				fence = strings.TrimSpace(strings.TrimPrefix(line, "```"))
				body.Reset()
				if fence == "go" {
					cur = &program{file: filepath.Base(f), line: n}
				}
			case fence != "" && strings.TrimSpace(line) == "```":
				switch {
				case fence == "go" && strings.Contains(body.String(), "package main"):
					cur.source = body.String()
					out = append(out, *cur)
					lastProg = len(out) - 1
					wantPrint = false
				case fence == "text" && wantPrint && lastProg >= 0:
					s := body.String()
					out[lastProg].prints = &s
					wantPrint = false
				}
				fence = ""
			case fence != "":
				body.WriteString(line + "\n")
			case strings.HasPrefix(strings.TrimSpace(line), "It prints"):
				wantPrint = true
			}
		}
	}
	return out
}

// TestLessonProgramsBuildAndPrintWhatTheySay keeps lesson code from rotting:
// every complete program in a lesson must build and vet against the
// module's go-sdk, and one the lesson says prints something must print
// exactly that.
func TestLessonProgramsBuildAndPrintWhatTheySay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every lesson program")
	}
	progs := lessonPrograms(t)
	withOutput := 0
	for _, p := range progs {
		if p.prints != nil {
			withOutput++
		}
	}
	if len(progs) < 5 || withOutput < 5 {
		t.Fatalf("found %d lesson programs, %d with output; the extractor is probably broken", len(progs), withOutput)
	}
	for _, p := range progs {
		t.Run(p.file+":"+strconv.Itoa(p.line), func(t *testing.T) {
			// The program lives inside this module (under testdata, which
			// go build ./... skips) so it compiles against go.mod's go-sdk.
			dir, err := os.MkdirTemp("testdata", "lessoncode-")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(dir) })
			if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(p.source), 0o644); err != nil {
				t.Fatal(err)
			}
			pkg := "./" + filepath.ToSlash(dir)
			if out, err := exec.Command("go", "vet", pkg).CombinedOutput(); err != nil {
				t.Fatalf("%s:%d does not vet:\n%s", p.file, p.line, out)
			}
			bin := filepath.Join(t.TempDir(), "prog")
			if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
				t.Fatalf("%s:%d does not build:\n%s", p.file, p.line, out)
			}
			if p.prints == nil {
				return
			}
			out, err := exec.Command(bin).Output()
			if err != nil {
				t.Fatalf("%s:%d failed: %v", p.file, p.line, err)
			}
			if string(out) != *p.prints {
				t.Errorf("%s:%d prints\n%s\nbut the lesson says\n%s", p.file, p.line, out, *p.prints)
			}
		})
	}
}
