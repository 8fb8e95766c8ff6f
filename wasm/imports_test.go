package main

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestBridgeIsATranslator keeps wasm/ honest: it may reach the simulator
// only through sim/scenario and sim/trace, and never the MCP SDK or the
// simulator's internals, so no protocol logic can creep in here.
func TestBridgeIsATranslator(t *testing.T) {
	const module = "github.com/mcp-playground/mcp-playground/"
	allowed := []string{module + "sim/scenario", module + "sim/trace", module + "wasm/jsbridge"}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
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
			if strings.HasPrefix(path, module) && !slices.Contains(allowed, path) {
				t.Errorf("%s imports %s; the bridge may use only %v", f, path, allowed)
			}
			if strings.Contains(path, "modelcontextprotocol") {
				t.Errorf("%s imports %s; protocol code belongs in sim/", f, path)
			}
		}
	}
}
