package scenario

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/mcp-playground/mcp-playground/"

// layer places a package of sim/ in the house: sim/conformance, which
// checks real servers and clients against the course's cases, on top, then the registry
// (this package), the families under it, the framework they share (play and its
// packages) under them, and the rest of sim/ at the bottom. -1 is outside
// sim/.
func layer(path string) int {
	rest, ok := strings.CutPrefix(path, module+"sim/")
	switch {
	case !ok:
		return -1
	case rest == "conformance" || strings.HasPrefix(rest, "conformance/"):
		return 4
	case rest == "scenario":
		return 3
	case rest == "scenario/play" || strings.HasPrefix(rest, "scenario/play/"):
		return 1
	case strings.HasPrefix(rest, "scenario/"):
		return 2
	}
	return 0
}

// upward reports whether from importing to runs back up the house: the
// framework importing a family, a family the registry, the bottom any of
// them. A family may import another, as paging2026 builds on paging.
func upward(from, to string) bool {
	lf, lt := layer(from), layer(to)
	return lf >= 0 && lt >= 0 && lt > lf
}

func TestUpwardRule(t *testing.T) {
	for _, tc := range []struct {
		from, to string
		want     bool
	}{
		{"sim/scenario", "sim/scenario/paging", false},
		{"sim/scenario/paging2026", "sim/scenario/paging", false},
		{"sim/scenario/paging", "sim/scenario/play", false},
		{"sim/scenario/play/httpauth", "sim/scenario/play", false},
		{"sim/scenario/play", "sim/trace", false},
		{"sim/scenario/play", "sim/scenario/paging", true},
		{"sim/scenario/paging", "sim/scenario", true},
		{"sim/scenario/play/playtest", "sim/scenario", true},
		{"sim/trace", "sim/scenario/play", true},
		{"sim/catalog", "sim/scenario/paging", true},
		{"sim/conformance", "sim/scenario", false},
		{"sim/scenario", "sim/conformance", true},
	} {
		if got := upward(module+tc.from, module+tc.to); got != tc.want {
			t.Errorf("upward(%s, %s) = %v, want %v", tc.from, tc.to, got, tc.want)
		}
	}
}

// TestNoArrowRunsBackUp reads every import of sim/, its tests' too, from
// go list: adding a family is a folder the registry imports, and nothing
// the families stand on may come to depend on one.
func TestNoArrowRunsBackUp(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}`, module+"sim/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := 0
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		pkgs++
		for _, imp := range fields[1:] {
			if imp != fields[0] && upward(fields[0], imp) {
				t.Errorf("%s imports %s, which sits above it", strings.TrimPrefix(fields[0], module), strings.TrimPrefix(imp, module))
			}
		}
	}
	if pkgs < 20 {
		t.Errorf("go list found %d packages under sim/; the check would pass without looking", pkgs)
	}
}
