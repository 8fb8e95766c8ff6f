package main

import (
	"bytes"
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var wasmSizes = flag.Bool("wasmsizes", false, "build the site's wasm and hold each build to its gzip -9 limit (slow: the simulator twice and a grader per exercise; go run ./cmd/check runs it)")

var wasmDir = flag.String("wasmdir", "", "with -wasmsizes: measure the wasm of a site already built (its assets/ `directory`) instead of building it; go run ./cmd/check builds the site once for this and e2e")

// TestWasmBuildsStayWithinTheirLimits builds the site's wasm as the site
// build does (or takes a built site's, -wasmdir) and measures each with the
// gzip command at level 9.
func TestWasmBuildsStayWithinTheirLimits(t *testing.T) {
	if !*wasmSizes {
		t.Skip("slow; run with -wasmsizes")
	}
	cfg := DefaultConfig()
	cfg.Module = filepath.Join("..", "..")
	cfg.Out = t.TempDir()
	dir := filepath.Join(cfg.Out, "assets")
	if *wasmDir != "" {
		dir = *wasmDir
	} else if err := buildWasm(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	targets := wasmTargets(cfg)
	if want := 2 + len(graderExercises(cfg)); len(targets) != want || len(graderExercises(cfg)) == 0 {
		t.Fatalf("wasmTargets = %v, want sim.wasm, sim-http.wasm and a grader-<id>.wasm per exercise", targets)
	}
	report, err := checkWasmSizes(context.Background(), dir, targets)
	t.Logf("\n%s", report)
	if err != nil {
		t.Error(err)
	}
}

func TestWasmSizesNameEveryBuildOverItsLimit(t *testing.T) {
	dir := t.TempDir()
	// Random bytes do not compress: gzip adds a little to them.
	r := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, 10_000)
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	for _, name := range []string{"a.wasm", "b.wasm", "c.wasm"} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name    string
		targets map[string]wasmTarget
		over    []string // builds the error names
	}{
		{"all within", map[string]wasmTarget{"a.wasm": {maxGzip: 20_000}, "b.wasm": {}}, nil},
		{"one over", map[string]wasmTarget{"a.wasm": {maxGzip: 20_000}, "b.wasm": {maxGzip: 9_000}}, []string{"b.wasm"}},
		{"two over", map[string]wasmTarget{"a.wasm": {maxGzip: 100}, "b.wasm": {maxGzip: 9_000}, "c.wasm": {}}, []string{"a.wasm", "b.wasm"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			report, err := checkWasmSizes(context.Background(), dir, tc.targets)
			if strings.Count(report, "\n") != len(tc.targets) {
				t.Errorf("report = %q, want a line per build", report)
			}
			if len(tc.over) == 0 && err != nil {
				t.Errorf("checkWasmSizes = %v, want no error", err)
			}
			for _, name := range tc.over {
				if err == nil || !strings.Contains(err.Error(), name+" weighs") {
					t.Errorf("checkWasmSizes = %v, want it to name %s", err, name)
				}
			}
			if err != nil && strings.Count(err.Error(), "over its limit") != len(tc.over) {
				t.Errorf("checkWasmSizes = %v, want %d builds over", err, len(tc.over))
			}
		})
	}
}

func TestWasmIsSkippedUntilItsPackageExists(t *testing.T) {
	cfg := smallConfig(t)
	cfg.NoWasm = false
	cfg.Module, cfg.Wasm = "testdata", "no-such-wasm"
	var log bytes.Buffer
	cfg.Log = &log
	if err := Build(context.Background(), cfg); err != nil {
		t.Fatalf("Build: %v", err)
	}
	if !strings.Contains(log.String(), "no-such-wasm/ does not exist yet; skipping the wasm") {
		t.Errorf("no warning; log:\n%s", log.String())
	}
}

func TestWasmThatDoesNotCompileFailsTheBuild(t *testing.T) {
	cfg := smallConfig(t)
	cfg.NoWasm = false
	cfg.Module, cfg.Wasm = "testdata", "badwasm"
	err := Build(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "undefined") {
		t.Errorf("Build = %v, want the compiler's error", err)
	}
}
