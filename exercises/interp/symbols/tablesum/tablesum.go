// Package tablesum says what the interpreter's symbol tables were generated
// from: one hash of everything yaegi's extractor and the generator read
// (the Go release, go.mod and go.sum, the generator, the exercises' files
// and the module packages they import) and of the tables themselves.
//
// Regenerating the tables type-checks the go-sdk and the standard library
// from source, package by package, which takes minutes; the generator
// records this hash beside the tables, and the up-to-date test regenerates
// only when the hash it computes differs. A table edited by hand, a new
// import in a mutant or a go-sdk upgrade all change the hash.
package tablesum

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// File is the name of the file, beside the tables, that holds the hash.
const File = "tables.sum"

// Sum returns the hash of the inputs and outputs of the symbol tables of
// the module at root whose tables are in dir.
func Sum(root, dir string) (string, error) {
	// go list names directories in full; the hash names files from root.
	root, err := filepath.Abs(root)
	if err != nil {
		return "", err
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return "", err
	}
	var files []string
	add := func(paths ...string) {
		for _, p := range paths {
			if !slices.Contains(files, p) {
				files = append(files, p)
			}
		}
	}
	add(filepath.Join(root, "go.mod"), filepath.Join(root, "go.sum"),
		filepath.Join(dir, "gen.go"), filepath.Join(dir, "gen_rewrite.go"))
	tables, err := filepath.Glob(filepath.Join(dir, "z_*.go"))
	if err != nil {
		return "", err
	}
	add(tables...)
	metas, err := filepath.Glob(filepath.Join(root, "exercises", "*", ".meta"))
	if err != nil {
		return "", err
	}
	var pkgs []string
	for _, m := range metas {
		// The learner's files: starter, solution, mutants, driver, config
		// (its "imports"), every one of which can add a table.
		err := filepath.WalkDir(m, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				add(p)
			}
			return err
		})
		if err != nil {
			return "", err
		}
		pkgs = append(pkgs, "./"+filepath.ToSlash(filepath.Join("exercises", filepath.Base(filepath.Dir(m)))))
	}
	// Each exercise's package is extracted too: its API and everything of
	// this module it builds on. (Packages outside the module are go.sum's.)
	cmd := exec.Command("go", append([]string{"list", "-deps", "-f", `{{if .Module}}{{if .Module.Main}}{{.Dir}}{{range .GoFiles}} {{.}}{{end}}{{end}}{{end}}`}, pkgs...)...)
	cmd.Dir = root
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		for _, name := range f[1:] {
			add(filepath.Join(f[0], name))
		}
	}
	slices.Sort(files)

	h := sha256.New()
	fmt.Fprintf(h, "%s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	for _, p := range files {
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return "", err
		}
		f, err := os.Open(p)
		if err != nil {
			return "", err
		}
		fh := sha256.New()
		_, err = io.Copy(fh, f)
		f.Close()
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%x %s\n", fh.Sum(nil), filepath.ToSlash(rel))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
