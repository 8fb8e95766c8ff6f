package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/exercises/mutant"
)

// An exercise is one folder under exercises/ with a .meta/config.json.
type exercise struct {
	ID      string
	Dir     string // absolute
	Config  *grading.Config
	Mutants []string // file names in .meta/mutants (NAME.diff), sorted
}

// minMutants is how many mutants each exercise must have at least: the two
// exercises with the most ways to be subtly wrong need more.
func minMutants(id string) int {
	if id == "catalog" || id == "ttl" {
		return 6
	}
	return 3
}

// moduleRoot finds the directory holding go.mod.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("not inside the module")
	}
	return filepath.Dir(gomod), nil
}

// loadExercises reads every exercise under root/exercises, or only those
// named in ids, sorted by id.
func loadExercises(root string, ids []string) ([]exercise, error) {
	entries, err := os.ReadDir(filepath.Join(root, "exercises"))
	if err != nil {
		return nil, err
	}
	var out []exercise
	for _, e := range entries {
		dir := filepath.Join(root, "exercises", e.Name())
		if !e.IsDir() {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, ".meta", "config.json")); err != nil {
			continue // a support package such as grading
		}
		if len(ids) > 0 && !slices.Contains(ids, e.Name()) {
			continue
		}
		cfg, err := grading.ReadConfig(filepath.Join(dir, ".meta", "config.json"))
		if err != nil {
			return nil, err
		}
		ex := exercise{ID: e.Name(), Dir: dir, Config: cfg}
		if ex.Mutants, err = mutant.Names(filepath.Join(dir, ".meta")); err != nil {
			return nil, err
		}
		out = append(out, ex)
	}
	for _, id := range ids {
		if !slices.ContainsFunc(out, func(e exercise) bool { return e.ID == id }) {
			return nil, fmt.Errorf("no exercise %q", id)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no exercises under %s", filepath.Join(root, "exercises"))
	}
	return out, nil
}

// learnerFile is the absolute path of the file a learner edits.
func (e exercise) learnerFile() string { return filepath.Join(e.Dir, e.Config.File) }
