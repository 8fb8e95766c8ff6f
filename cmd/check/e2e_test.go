package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

func TestE2ETestsListsTopLevelTestsOnly(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a_test.go": "package e2e\n\nfunc TestMain(m *testing.M) {}\n\nfunc TestB(t *testing.T) {}\n\nfunc helper(t *testing.T) {}\n",
		"b_test.go": "package e2e\n\nfunc TestA(t *testing.T) {\n\tt.Run(\"x\", func(t *testing.T) {})\n}\n\nfunc BenchmarkC(b *testing.B) {}\n",
		"c.go":      "package e2e\n\nfunc TestNotATestFile(t *testing.T) {}\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := e2eTests(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"TestA", "TestB"}; !slices.Equal(got, want) {
		t.Errorf("e2eTests = %v, want %v", got, want)
	}
	if _, err := e2eTests(t.TempDir()); err == nil {
		t.Error("a folder without tests listed none and no error")
	}
}

func TestShardsRunEveryTestExactlyOnce(t *testing.T) {
	for _, tc := range []struct {
		name  string
		tests []string
		n     int
	}{
		{"two halves, even", []string{"TestA", "TestB", "TestC", "TestD"}, 2},
		{"two halves, odd", []string{"TestA", "TestB", "TestC"}, 2},
		{"a name that prefixes another", []string{"TestOffline", "TestOfflineAfterOneVisit"}, 2},
		{"three shards", []string{"TestA", "TestB", "TestC", "TestD", "TestE"}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runs := map[string]int{}
			for k := range tc.n {
				re := regexp.MustCompile(shardPattern(tc.tests, k, tc.n))
				for _, name := range tc.tests {
					if re.MatchString(name) {
						runs[name]++
					}
				}
			}
			for _, name := range tc.tests {
				if runs[name] != 1 {
					t.Errorf("%s runs in %d shards, want 1", name, runs[name])
				}
			}
		})
	}
}

func TestEveryE2ETestIsInAShard(t *testing.T) {
	names, err := e2eTests(filepath.Join("..", "..", "e2e"))
	if err != nil {
		t.Fatal(err)
	}
	if len(names) < 50 {
		t.Errorf("found %d e2e tests; the suite has far more: is the declaration pattern still right?", len(names))
	}
}
