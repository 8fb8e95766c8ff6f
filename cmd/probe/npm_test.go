package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// The npm packages the tests run, pinned so that a finding recorded in
// PROBE.md stays reproducible.
var npmPackages = []string{"@modelcontextprotocol/server-everything@2026.8.31", "@modelcontextprotocol/sdk@1.32.2"}

var (
	npmOnce sync.Once
	npmDir  string
	npmErr  error
)

// npmModules installs npmPackages once per run into a cache directory that
// later runs reuse, and returns it. Without npm the test is skipped, unless
// CI is set: there the reference server must run.
func npmModules(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("npm"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("npm is not installed, and CI is set: the reference server tests must run in CI")
		}
		t.Skip("npm is not installed: skipping the tests against @modelcontextprotocol/server-everything and the TypeScript SDK (set up Node.js to run them)")
	}
	npmOnce.Do(func() {
		base, err := os.UserCacheDir()
		if err != nil {
			base = os.TempDir()
		}
		npmDir = filepath.Join(base, "mcp-playground", "probe-npm")
		if _, err := os.Stat(filepath.Join(npmDir, "node_modules", "@modelcontextprotocol", "sdk", "package.json")); err == nil {
			if _, err := os.Stat(filepath.Join(npmDir, "node_modules", "@modelcontextprotocol", "server-everything", "package.json")); err == nil {
				return
			}
		}
		if npmErr = os.MkdirAll(npmDir, 0o755); npmErr != nil {
			return
		}
		cmd := exec.Command("npm", append([]string{"install", "--no-audit", "--no-fund", "--prefix", npmDir}, npmPackages...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			npmErr = err
			t.Logf("npm install: %s", out)
		}
	})
	if npmErr != nil {
		t.Fatalf("installing %v: %v", npmPackages, npmErr)
	}
	return npmDir
}

// everything is the reference server's entry point.
func everything(dir string) string {
	return filepath.Join(dir, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js")
}
