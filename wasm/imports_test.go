package main

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestBridgeIsATranslator keeps wasm/ honest: its mains may reach the
// simulator only through the registry, the catalogue (sim/scenario/play)
// and the families they carry, the bridge only through the catalogue and
// sim/trace, and none of them the MCP SDK, so no protocol logic can creep
// in here.
func TestBridgeIsATranslator(t *testing.T) {
	const module = "github.com/mcp-playground/mcp-playground/"
	family := func(path string) bool {
		rest, ok := strings.CutPrefix(path, module+"sim/scenario/")
		return ok && !strings.Contains(rest, "/")
	}
	mainMay := func(path string) bool {
		return path == module+"sim/scenario" || family(path) || path == module+"wasm/simbridge"
	}
	bridgeMay := func(path string) bool {
		return path == module+"sim/scenario/play" || path == module+"sim/trace" || path == module+"wasm/jsbridge"
	}
	for _, tc := range []struct {
		dir string
		may func(string) bool
	}{{".", mainMay}, {"httpsim", mainMay}, {"simbridge", bridgeMay}} {
		files, err := filepath.Glob(filepath.Join(tc.dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", tc.dir, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range file.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if strings.HasPrefix(path, module) && !tc.may(path) {
					t.Errorf("%s imports %s; it may not reach that far into the simulator", f, path)
				}
				if strings.Contains(path, "modelcontextprotocol") {
					t.Errorf("%s imports %s; protocol code belongs in sim/", f, path)
				}
			}
		}
	}
}
