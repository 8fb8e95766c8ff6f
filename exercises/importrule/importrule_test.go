package importrule

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
)

func TestCheckRejectsWhatTheExerciseDoesNotAllow(t *testing.T) {
	allow := ForExercise("catalog")
	for _, tc := range []struct {
		name, src, rejected string
	}{
		{"starter imports", "package catalog\nimport (\"context\"\n\"errors\"\n\"github.com/modelcontextprotocol/go-sdk/mcp\")\n", ""},
		{"os", "package catalog\nimport \"os\"\n", "os"},
		{"os/exec", "package catalog\nimport \"os/exec\"\n", "os/exec"},
		{"syscall renamed", "package catalog\nimport sys \"syscall\"\n", "syscall"},
		{"unsafe blank", "package catalog\nimport _ \"unsafe\"\n", "unsafe"},
		{"reflect", "package catalog\nimport \"reflect\"\n", "reflect"},
		{"runtime/debug", "package catalog\nimport \"runtime/debug\"\n", "runtime/debug"},
		{"testing", "package catalog\nimport \"testing\"\n", "testing"},
		{"plugin", "package catalog\nimport \"plugin\"\n", "plugin"},
		{"net/http", "package catalog\nimport \"net/http\"\n", "net/http"},
		{"cgo", "package catalog\nimport \"C\"\n", "C"},
		{"the reference", "package catalog\nimport ref \"github.com/mcp-playground/mcp-playground/sim/catalog\"\n", "github.com/mcp-playground/mcp-playground/sim/catalog"},
		{"the graders", "package catalog\nimport \"github.com/mcp-playground/mcp-playground/exercises/grading\"\n", "github.com/mcp-playground/mcp-playground/exercises/grading"},
		{"not on the list", "package catalog\nimport \"log\"\n", "log"},
		{"linkname", "package catalog\nimport _ \"errors\"\n//go:linkname exit os.Exit\nfunc exit(int)\n", "//go:linkname"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Check("catalog.go", []byte(tc.src), allow)
			var re *Error
			switch {
			case tc.rejected == "" && err != nil:
				t.Fatalf("Check = %v, want nil", err)
			case tc.rejected == "":
				return
			case !errors.As(err, &re):
				t.Fatalf("Check = %v, want an *Error naming %s", err, tc.rejected)
			case re.Import != tc.rejected || !strings.Contains(re.EN, tc.rejected) || !strings.Contains(re.ZH, tc.rejected) || !strings.HasPrefix(re.EN, "catalog.go:"):
				t.Errorf("Check = %+v, want the file and %s named in both languages", re, tc.rejected)
			}
		})
	}
}

// The page's grader carries no config files: its lists must be the
// configs' own.
func TestAllowListsMatchConfigs(t *testing.T) {
	dirs, err := filepath.Glob("../*/.meta/config.json")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no configs: %v", err)
	}
	seen := 0
	for _, p := range dirs {
		id := filepath.Base(filepath.Dir(filepath.Dir(p)))
		c, err := grading.ReadConfig(p)
		if err != nil {
			t.Fatal(err)
		}
		seen++
		if !slices.Equal(c.Allow, ForExercise(id)) {
			t.Errorf("%s: allow %q, but ForExercise(%q) = %q", p, c.Allow, id, ForExercise(id))
		}
		// Every file the course ships for the exercise passes the rule.
		files, _ := filepath.Glob(filepath.Join(filepath.Dir(filepath.Dir(p)), ".meta", "*", "*.go"))
		files = append(files, filepath.Join(filepath.Dir(filepath.Dir(p)), ".meta", "solution.go"), filepath.Join(filepath.Dir(filepath.Dir(p)), c.File))
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := Check(c.File, src, c.Allow); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		}
	}
	if seen != len(exerciseAllow) {
		t.Errorf("%d configs, %d lists", seen, len(exerciseAllow))
	}
}
