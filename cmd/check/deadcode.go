package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// deadCode reports functions no program of the project reaches, using
// golang.org/x/tools/cmd/deadcode (a tool dependency in go.mod). The
// project has two kinds of program: the native commands with every test
// binary (exercise code is reached only from graders' tests and the wasm),
// and the js/wasm bridges. A function is dead only when neither analysis
// reaches it, so the two reports are intersected. deadcode leaves generated
// files out by itself.
func deadCode() ([]byte, error) {
	dir, err := os.MkdirTemp("", "check-deadcode-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	// Built natively once: `go tool deadcode` under GOOS=js would build the
	// tool itself for js.
	tool := filepath.Join(dir, "deadcode")
	if out, err := exec.Command("go", "build", "-o", tool, "golang.org/x/tools/cmd/deadcode").CombinedOutput(); err != nil {
		return out, fmt.Errorf("building deadcode: %v", err)
	}
	report := func(env []string, args ...string) ([]string, error) {
		cmd := exec.Command(tool, append(args, "./...")...)
		cmd.Env = append(os.Environ(), env...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("deadcode %s: %v\n%s", strings.Join(env, " "), err, stderr.Bytes())
		}
		var lines []string
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if l != "" {
				lines = append(lines, l)
			}
		}
		return lines, nil
	}
	native, err := report(nil, "-test")
	if err != nil {
		return nil, err
	}
	js, err := report([]string{"GOOS=js", "GOARCH=wasm"})
	if err != nil {
		return nil, err
	}
	var dead []string
	for _, l := range native {
		if slices.Contains(js, l) {
			dead = append(dead, l)
		}
	}
	if len(dead) > 0 {
		return nil, fmt.Errorf("unreachable code (remove it, or use it):\n%s", strings.Join(dead, "\n"))
	}
	return []byte("no dead code\n"), nil
}
