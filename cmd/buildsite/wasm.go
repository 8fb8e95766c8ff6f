package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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
	if err := buildWasmTargets(ctx, cfg, goBin, wasmTargets(cfg)); err != nil {
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

// buildWasmTargets builds targets in two rounds of side-by-side builds:
// the simulator's and one grader, then the other graders. Concurrent go
// builds each compile a package neither finds in the build cache, so the
// graders, which share yaegi, the simulator and the go-sdk, wait for one
// of them to fill it and then only compile what their tags change and link.
func buildWasmTargets(ctx context.Context, cfg Config, goBin string, targets map[string]wasmTarget) error {
	var first, rest []string
	for _, name := range slices.Sorted(maps.Keys(targets)) {
		if strings.HasPrefix(name, "grader-") && slices.ContainsFunc(first, func(n string) bool { return strings.HasPrefix(n, "grader-") }) {
			rest = append(rest, name)
		} else {
			first = append(first, name)
		}
	}
	var buildErrs []error
	for _, round := range [][]string{first, rest} {
		errs := make(chan error, len(round))
		for _, name := range round {
			go func() { errs <- goBuildWasm(ctx, cfg, goBin, targets[name], name) }()
		}
		for range round {
			if err := <-errs; err != nil {
				buildErrs = append(buildErrs, err)
			}
		}
	}
	return errors.Join(buildErrs...)
}

// A wasmTarget is a package, the build tags to compile it with and the
// most its build may weigh.
type wasmTarget struct {
	pkg  string
	tags string // comma-separated; "" for none
	// maxGzip is the most the build may weigh compressed by the gzip
	// command at level 9 (gzipSize), in bytes; 0 for no limit. The check's
	// step in cmd/check builds the targets and holds them to it.
	maxGzip int
}

// wasmTargets returns the builds of the site, by file name under assets/.
// The simulator twice, each build a main of its own that imports the
// families it carries: sim.wasm (wasm/), without streamable HTTP, which
// most pages need, and sim-http.wasm (wasm/httpsim), the whole registry,
// for the scenarios whose Info.Runtime is "http", so only they pay for the
// HTTP stack. The
// exercise runtime (wasm/grader), when it exists, is built once per
// exercise, grader-<id>.wasm with -tags grader,grader_<id>: the same
// program (one entry point, wasm/grader's main) linking that exercise's
// checks and the symbol tables its code needs, and no other's (see
// exercises/interp/symbols), so that only exercise pages load the
// interpreter and ttl's page no go-sdk.
func wasmTargets(cfg Config) map[string]wasmTarget {
	sim := "./" + filepath.ToSlash(cfg.Wasm)
	targets := map[string]wasmTarget{
		"sim.wasm":      {pkg: sim, maxGzip: 3_600_000},
		"sim-http.wasm": {pkg: sim + "/httpsim"},
	}
	if _, err := os.Stat(filepath.Join(cfg.Module, cfg.Wasm, "grader")); err == nil {
		for _, id := range graderExercises(cfg) {
			targets["grader-"+id+".wasm"] = wasmTarget{
				pkg:  "./" + filepath.ToSlash(filepath.Join(cfg.Wasm, "grader")),
				tags: "grader,grader_" + id,
				// Issue 14 asked for 4.5 MB. Linking yaegi makes the linker
				// keep every exported method of every type the program can
				// reach (it calls methods by name through reflect): an
				// exercise whose checks run the simulator carries the go-sdk
				// and net/http with their methods, about 5.45 MB gzip -9, of
				// which no change in this module removes the reflect-kept
				// part; ttl's, without them, 2.87 MB. The ceiling holds each
				// build near what it weighs today and stops it growing; it
				// is not the target.
				maxGzip: graderLimit(id),
			}
		}
	}
	return targets
}

// graderLimit is the most exercise id's grader may weigh, gzip -9.
func graderLimit(id string) int {
	if id == "ttl" {
		return 2_950_000
	}
	return 5_520_000
}

// graderExercises lists the exercises with a grader build: the folders
// under the module's exercises/ with a .meta/config.json, the same ones
// exercises/interp's generator registers, in id order.
func graderExercises(cfg Config) []string {
	configs, _ := filepath.Glob(filepath.Join(cfg.Module, "exercises", "*", ".meta", "config.json"))
	var ids []string
	for _, c := range configs {
		ids = append(ids, filepath.Base(filepath.Dir(filepath.Dir(c))))
	}
	return ids
}

// gzipSize returns how many bytes the file at path weighs compressed by
// the gzip command at level 9, the measure of the size limits (and of the
// e2e figures). Go's compress/gzip at level 9 makes about 1% more of a
// Go wasm, so the two must not be mixed.
func gzipSize(ctx context.Context, path string) (int, error) {
	var n countingWriter
	cmd := exec.CommandContext(ctx, "gzip", "-9", "-n", "-c", path)
	cmd.Stdout = &n
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("gzip -9 %s: %v %s", path, err, stderr.String())
	}
	return int(n), nil
}

// A countingWriter counts what is written to it.
type countingWriter int

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}

// checkWasmSizes measures each target's build in dir against its limit and
// returns one line per build, and an error naming every build over.
func checkWasmSizes(ctx context.Context, dir string, targets map[string]wasmTarget) (string, error) {
	var report strings.Builder
	var over []error
	for _, name := range slices.Sorted(maps.Keys(targets)) {
		n, err := gzipSize(ctx, filepath.Join(dir, name))
		if err != nil {
			return "", err
		}
		limit := "no limit"
		if most := targets[name].maxGzip; most > 0 {
			limit = fmt.Sprintf("limit %d", most)
			if n > most {
				over = append(over, fmt.Errorf("%s weighs %d bytes gzip -9, %d over its limit of %d", name, n, n-most, most))
			}
		}
		fmt.Fprintf(&report, "%s: %d bytes gzip -9 (%s)\n", name, n, limit)
	}
	return report.String(), errors.Join(over...)
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
