package main

import (
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// browserStep makes sure the e2e suite has a browser.
const browserStep = "Chromium for e2e"

// e2eShards is how many halves the e2e suite runs in, side by side.
const e2eShards = 2

// chromiumPath is where Debian's chromium package puts the browser, and
// where the e2e suite looks first.
const chromiumPath = "/usr/bin/chromium"

// ensureChromium installs Chromium with apt-get when it is missing and we
// are root. Otherwise a missing browser fails CI (the suite is never
// silently left out) and elsewhere lets the suite skip itself, saying so.
func ensureChromium() ([]byte, error) {
	if _, err := os.Stat(chromiumPath); err == nil || os.Getenv("CHROMIUM") != "" {
		return []byte("e2e: using " + cmp.Or(os.Getenv("CHROMIUM"), chromiumPath) + "\n"), nil
	}
	if os.Geteuid() == 0 {
		cmd := exec.Command("sh", "-c", "apt-get update -qq && apt-get install -y chromium")
		out, err := cmd.CombinedOutput()
		return append([]byte("e2e: "+chromiumPath+" is missing; installing it with apt-get\n"), out...), err
	}
	msg := "e2e: Chromium is missing. Install it as root: apt-get install -y chromium (Debian/Ubuntu), or set CHROMIUM=/path/to/chrome."
	if os.Getenv("CI") != "" {
		return []byte(msg + "\n"), fmt.Errorf("no browser for e2e")
	}
	return []byte(msg + " Skipping the browser suite.\n"), nil
}

// e2eShard is the step that runs half k of n of the e2e suite on the built
// site: the suite's tests in name order, every n-th one.
func e2eShard(site string, k, n int) step {
	return step{
		name:  fmt.Sprintf("e2e (headless Chromium) %d/%d", k+1, n),
		long:  true,
		needs: browserStep,
		fn: func() ([]byte, error) {
			names, err := e2eTests("e2e")
			if err != nil {
				return nil, err
			}
			cmd := exec.Command("go", "test", "-count=1", "-timeout=40m", "-run", shardPattern(names, k, n), "./e2e")
			cmd.Env = append(os.Environ(), "E2E_SITE="+site)
			return cmd.CombinedOutput()
		},
	}
}

// testFunc matches a top-level test's declaration (go vet holds tests to
// their signature; TestMain, which runs in every shard, is left out below).
var testFunc = regexp.MustCompile(`(?m)^func (Test\w*)\(`)

// e2eTests lists the tests declared in dir's _test.go files, sorted
// (TestMain excluded: it runs in every shard).
func e2eTests(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		for _, m := range testFunc.FindAllStringSubmatch(string(b), -1) {
			if m[1] != "TestMain" {
				names = append(names, m[1])
			}
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no tests in %s", dir)
	}
	slices.Sort(names)
	return names, nil
}

// shardPattern is a -run pattern for every n-th name from the k-th.
func shardPattern(names []string, k, n int) string {
	var mine []string
	for i, name := range names {
		if i%n == k {
			mine = append(mine, name)
		}
	}
	return "^(" + strings.Join(mine, "|") + ")$"
}
