// Package mutant turns an exercise's mutant into the Go source it stands
// for. A mutant is a known bug kept as a unified diff against the
// exercise's reference solution (.meta/mutants/NAME.diff against
// .meta/solution.go), so a reviewer reads the bug in a few lines instead of
// comparing two whole files. The text above the diff's first "---" line is
// its header, which must name the bug ("Bug: …").
//
// The proof (cmd/exercises), the interpreted parity test, the symbol
// tables' generator and the classroom tests all read mutants through
// [Source], so they grade the same bytes.
package mutant

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/bluekeyes/go-gitdiff/gitdiff"
)

// Ext is the extension of a mutant file in .meta/mutants.
const Ext = ".diff"

// A Mutant is one parsed mutant: the bug its header names and the source
// its diff makes of the solution.
type Mutant struct {
	Bug    string // the header's "Bug:" text, without the word
	Source []byte // the solution with the diff applied
}

// Apply applies diff to solution. The diff must change one file, apply
// exactly (a diff left behind by a changed solution is an error, not a
// silent fuzzy match) and name its bug in its header.
func Apply(solution, diff []byte) (*Mutant, error) {
	files, header, err := gitdiff.Parse(bytes.NewReader(diff))
	if err != nil {
		return nil, fmt.Errorf("parse: %v", err)
	}
	if len(files) != 1 {
		return nil, fmt.Errorf("the diff changes %d files, want 1", len(files))
	}
	f := files[0]
	if f.IsBinary || f.IsNew || f.IsDelete || len(f.TextFragments) == 0 {
		return nil, errors.New("the diff must change the solution's text")
	}
	bug, err := bugOf(header)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := gitdiff.Apply(&out, bytes.NewReader(solution), f); err != nil {
		return nil, fmt.Errorf("apply to the solution: %v", err)
	}
	return &Mutant{Bug: bug, Source: out.Bytes()}, nil
}

// bugOf returns the text of the header's "Bug:" paragraph.
func bugOf(header string) (string, error) {
	_, after, ok := strings.Cut(header, "Bug:")
	if !ok {
		return "", errors.New(`the header above the diff must name the bug ("Bug: …")`)
	}
	para, _, _ := strings.Cut(after, "\n\n")
	bug := strings.Join(strings.Fields(para), " ")
	if bug == "" {
		return "", errors.New(`the header's "Bug:" says nothing`)
	}
	return bug, nil
}

// Load reads mutant name (a file in metaDir/mutants, such as
// "stops-at-empty.diff") and applies it to metaDir/solution.go.
func Load(metaDir, name string) (*Mutant, error) {
	sol, err := os.ReadFile(filepath.Join(metaDir, "solution.go"))
	if err != nil {
		return nil, err
	}
	diff, err := os.ReadFile(filepath.Join(metaDir, "mutants", name))
	if err != nil {
		return nil, err
	}
	m, err := Apply(sol, diff)
	if err != nil {
		return nil, fmt.Errorf("mutant %s: %w", filepath.Join(metaDir, "mutants", name), err)
	}
	return m, nil
}

// Source returns the source of mutant name of the exercise whose .meta
// folder is metaDir.
func Source(metaDir, name string) ([]byte, error) {
	m, err := Load(metaDir, name)
	if err != nil {
		return nil, err
	}
	return m.Source, nil
}

// Names returns the file names of the mutants in metaDir/mutants, sorted.
func Names(metaDir string) ([]string, error) {
	paths, err := filepath.Glob(filepath.Join(metaDir, "mutants", "*"+Ext))
	if err != nil {
		return nil, err
	}
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = filepath.Base(p)
	}
	return names, nil // Glob sorts
}

// Files returns the Go files of the exercise whose .meta folder is
// metaDir that a learner's answer is measured against, by path: the
// starter (learnerFile, beside .meta), the solution, the driver and each
// mutant's source, under its .diff path.
func Files(metaDir, learnerFile string) (map[string][]byte, error) {
	files := map[string][]byte{}
	for _, p := range []string{filepath.Join(metaDir, "..", learnerFile), filepath.Join(metaDir, "solution.go"), filepath.Join(metaDir, "driver.go")} {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		files[p] = b
	}
	names, err := Names(metaDir)
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		src, err := Source(metaDir, name)
		if err != nil {
			return nil, err
		}
		files[filepath.Join(metaDir, "mutants", name)] = src
	}
	return files, nil
}
