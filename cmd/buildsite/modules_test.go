package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestModuleGraph(t *testing.T) {
	tests := []struct {
		name    string
		files   map[string]string
		want    []string
		wantErr string
	}{
		{
			name:  "no imports",
			files: map[string]string{"app.js": "'use strict';\n"},
			want:  nil,
		},
		{
			name: "direct, bare and transitive imports, each once",
			files: map[string]string{
				"app.js":    "import { a } from './a.js';\nimport './b.js';\n",
				"a.js":      "import { c } from './c.js';\nexport const a = 1;\n",
				"b.js":      "import { a } from './a.js';\n",
				"c.js":      "export { x } from './x.js';\n",
				"x.js":      "export const x = 1;\n",
				"unused.js": "",
			},
			want: []string{"a.js", "b.js", "c.js", "x.js"},
		},
		{
			name: "an import list over several lines",
			files: map[string]string{
				"app.js": "import {\n  a,\n  b,\n} from './a.js';\n",
				"a.js":   "",
			},
			want: []string{"a.js"},
		},
		{
			name: "dynamic imports, workers and comments are not static imports",
			files: map[string]string{
				"app.js": "// import './gone.js' is mentioned here\nconst m = import('./lazy.js');\nnew Worker(new URL('./worker.js', import.meta.url));\n/** @param {import('./sim.js').Sim} s */\n",
			},
			want: nil,
		},
		{
			name:    "a missing module is an error naming the importer",
			files:   map[string]string{"app.js": "import './nope.js';\n"},
			wantErr: "app.js imports ./nope.js",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for n, src := range tc.files {
				if err := os.WriteFile(filepath.Join(dir, n), []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, err := moduleGraph(dir, "app.js")
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("moduleGraph error = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("moduleGraph = %v, want %v", got, tc.want)
			}
		})
	}
}
