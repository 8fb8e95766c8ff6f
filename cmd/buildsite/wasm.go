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
	// The simulator bridge twice: sim.wasm without streamable HTTP, which
	// most pages need, and sim-http.wasm (-tags simhttp) for the scenarios
	// whose Info.Runtime is "http", so only they pay for the HTTP stack.
	// The exercise runtime (wasm/grader), when it exists, is a third
	// program, so that only exercise pages load the interpreter. The builds
	// run side by side.
	sim := "./" + filepath.ToSlash(cfg.Wasm)
	targets := map[string]wasmTarget{
		"sim.wasm":      {pkg: sim},
		"sim-http.wasm": {pkg: sim, tags: "simhttp"},
	}
	if _, err := os.Stat(filepath.Join(cfg.Module, cfg.Wasm, "grader")); err == nil {
		targets["grader.wasm"] = wasmTarget{pkg: "./" + filepath.ToSlash(filepath.Join(cfg.Wasm, "grader"))}
	}
	errs := make(chan error, len(targets))
	for name, t := range targets {
		go func() { errs <- goBuildWasm(ctx, cfg, goBin, t, name) }()
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

// A wasmTarget is a package and the build tags to compile it with.
type wasmTarget struct {
	pkg  string
	tags string // comma-separated; "" for none
}

// goBuildWasm builds t for js/wasm into assets/name.
func goBuildWasm(ctx context.Context, cfg Config, goBin string, t wasmTarget, name string) error {
	out, err := filepath.Abs(filepath.Join(cfg.Out, "assets", name))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	args := []string{"build", "-trimpath", "-ldflags=-s -w"}
	if t.tags != "" {
		args = append(args, "-tags", t.tags)
	}
	cmd := exec.CommandContext(ctx, goBin, append(args, "-o", out, t.pkg)...)
	cmd.Dir = cfg.Module
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("wasm: go build %s (%s): %v\n%s", t.pkg, name, err, stderr.String())
	}
	// go build makes the file executable; nothing else in the site is.
	return os.Chmod(out, 0o644)
}
