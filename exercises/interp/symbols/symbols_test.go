package symbols

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

var regen = flag.Bool("regen", false, "regenerate the symbol tables and diff them with the committed ones (slow: it type-checks the go-sdk from source; go run ./cmd/check runs it)")

// TestGeneratedTablesAreUpToDate regenerates the symbol tables and compares
// them with the committed ones: a changed exercise API or go-sdk must come
// with a go generate.
func TestGeneratedTablesAreUpToDate(t *testing.T) {
	if !*regen {
		t.Skip("slow; run with -regen")
	}
	tmp := t.TempDir()
	cmd := exec.Command("go", "run", "gen.go", "-o", tmp)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen.go: %v\n%s", err, out)
	}
	want, _ := filepath.Glob(filepath.Join(tmp, "z_*.go"))
	have, _ := filepath.Glob("z_*.go")
	if len(want) != len(have) {
		t.Errorf("generator writes %d files, the package has %d: run go generate ./exercises/interp/symbols", len(want), len(have))
	}
	for _, w := range want {
		name := filepath.Base(w)
		a, _ := os.ReadFile(w)
		b, err := os.ReadFile(name)
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s is stale: run go generate ./exercises/interp/symbols", name)
		}
	}
}

func TestExportsLeaveOutTheSystem(t *testing.T) {
	ex := Exports()
	for _, k := range []string{"os/os", "os/exec/exec", "net/net", "net/http/http", "syscall/syscall", "unsafe/unsafe", "reflect/reflect", "io/fs/fs"} {
		if _, ok := ex[k]; ok {
			t.Errorf("Exports has %s", k)
		}
	}
	for _, k := range []string{"fmt/fmt", "errors/errors", "context/context", "container/heap/heap", "github.com/modelcontextprotocol/go-sdk/mcp/mcp"} {
		if _, ok := ex[k]; !ok {
			t.Errorf("Exports lacks %s", k)
		}
	}
	if _, ok := ex["github.com/modelcontextprotocol/go-sdk/mcp/mcp"]["CommandTransport"]; ok {
		t.Error("mcp.CommandTransport (os/exec) is exported")
	}
}
