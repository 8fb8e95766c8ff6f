package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

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
