package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// buildWasm compiles the wasm/ bridge and copies the wasm_exec.js of the
// same Go next to it: the two must come from one toolchain. Until wasm/
// exists the site builds without it and says so.
func buildWasm(ctx context.Context, cfg Config) error {
	if cfg.Wasm == "" {
		fmt.Fprintln(cfg.Log, "buildsite: warning: no wasm package configured; the site has no live simulator")
		return nil
	}
	if _, err := os.Stat(filepath.Join(cfg.Module, cfg.Wasm)); errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(cfg.Log, "buildsite: warning: %s/ does not exist yet; skipping the wasm (the site has no live simulator)\n", cfg.Wasm)
		return nil
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		return fmt.Errorf("wasm: %w", err)
	}
	// The simulator bridge, and the exercise runtime (wasm/grader) when it
	// exists: a second program, so that only exercise pages load the
	// interpreter. The two builds run side by side.
	targets := map[string]string{"sim.wasm": "./" + filepath.ToSlash(cfg.Wasm)}
	if _, err := os.Stat(filepath.Join(cfg.Module, cfg.Wasm, "grader")); err == nil {
		targets["grader.wasm"] = "./" + filepath.ToSlash(filepath.Join(cfg.Wasm, "grader"))
	}
	errs := make(chan error, len(targets))
	for name, pkg := range targets {
		go func() { errs <- goBuildWasm(ctx, cfg, goBin, pkg, name) }()
	}
	var buildErrs []error
	for range targets {
		if err := <-errs; err != nil {
			buildErrs = append(buildErrs, err)
		}
	}
	if err := errors.Join(buildErrs...); err != nil {
		return err
	}

	env := exec.CommandContext(ctx, goBin, "env", "GOROOT")
	env.Dir = cfg.Module
	root, err := env.Output()
	if err != nil {
		return fmt.Errorf("wasm: go env GOROOT: %w", err)
	}
	src := filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js")
	return copyFile(newWriter(cfg.Out), src, "assets/wasm_exec.js")
}

// goBuildWasm builds package pkg for js/wasm into assets/name.
func goBuildWasm(ctx context.Context, cfg Config, goBin, pkg, name string) error {
	out, err := filepath.Abs(filepath.Join(cfg.Out, "assets", name))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, goBin, "build", "-trimpath", "-ldflags=-s -w", "-o", out, pkg)
	cmd.Dir = cfg.Module
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("wasm: go build %s: %v\n%s", pkg, err, stderr.String())
	}
	// go build makes the file executable; nothing else in the site is.
	return os.Chmod(out, 0o644)
}
