package mutant

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const solution = `package walk

func Next(c *string) bool {
	return c != nil
}
`

func TestApply(t *testing.T) {
	tests := []struct {
		name    string
		diff    string
		wantBug string
		wantSrc string
		wantErr string
	}{
		{
			name:    "a diff with its bug applies",
			diff:    "Bug: \"\" is taken for the end\nof the walk.\n\n--- a/solution.go\n+++ b/solution.go\n@@ -1,5 +1,5 @@\n package walk\n \n func Next(c *string) bool {\n-\treturn c != nil\n+\treturn c != nil && *c != \"\"\n }\n",
			wantBug: `"" is taken for the end of the walk.`,
			wantSrc: strings.Replace(solution, "c != nil", `c != nil && *c != ""`, 1),
		},
		{
			name:    "a header without a bug is refused",
			diff:    "--- a/solution.go\n+++ b/solution.go\n@@ -4 +4 @@\n-\treturn c != nil\n+\treturn true\n",
			wantErr: `must name the bug`,
		},
		{
			name:    "a diff the solution has moved away from is refused",
			diff:    "Bug: always true.\n\n--- a/solution.go\n+++ b/solution.go\n@@ -4 +4 @@\n-\treturn c == nil\n+\treturn true\n",
			wantErr: "apply to the solution",
		},
		{
			name:    "a diff of two files is refused",
			diff:    "Bug: two.\n\n--- a/solution.go\n+++ b/solution.go\n@@ -4 +4 @@\n-\treturn c != nil\n+\treturn true\n--- a/other.go\n+++ b/other.go\n@@ -1 +1 @@\n-a\n+b\n",
			wantErr: "changes 2 files",
		},
		{
			name:    "no diff at all is refused",
			diff:    "Bug: nothing.\n",
			wantErr: "changes 0 files",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Apply([]byte(solution), []byte(tc.diff))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Apply() error = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Apply() error = %v", err)
			}
			if m.Bug != tc.wantBug {
				t.Errorf("Apply().Bug = %q, want %q", m.Bug, tc.wantBug)
			}
			if string(m.Source) != tc.wantSrc {
				t.Errorf("Apply().Source = %q, want %q", m.Source, tc.wantSrc)
			}
		})
	}
}

// TestEveryMutantApplies loads every exercise's mutants: each applies to
// its solution, names its bug and changes the solution.
func TestEveryMutantApplies(t *testing.T) {
	metas, err := filepath.Glob(filepath.Join("..", "*", ".meta"))
	if err != nil || len(metas) == 0 {
		t.Fatalf("no exercises found: %v", err)
	}
	for _, meta := range metas {
		names, err := Names(meta)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := os.ReadFile(filepath.Join(meta, "solution.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			t.Run(filepath.Base(filepath.Dir(meta))+"/"+name, func(t *testing.T) {
				m, err := Load(meta, name)
				if err != nil {
					t.Fatal(err)
				}
				if string(m.Source) == string(sol) {
					t.Errorf("mutant %s is the solution", name)
				}
			})
		}
	}
}
