package importrule

import (
	"errors"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
)

func TestCheckRefusesWhatCanReachTheGrader(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		refused   string // the import named, "" for none
		says      string // in the English message: the reason, the alternative
		saysZH    string
	}{
		{"the starter's imports", "package catalog\nimport (\"context\"\n\"errors\"\n\"github.com/modelcontextprotocol/go-sdk/mcp\")\n", "", "", ""},
		{"sort and the rest of the everyday library", "package catalog\nimport (\"sort\"\n\"maps\"\n\"strconv\"\n\"unicode/utf8\"\n\"bytes\"\n\"math\"\n\"container/heap\"\n\"sync\"\n\"time\")\n", "", "", ""},
		{"net/url only parses", "package catalog\nimport \"net/url\"\n", "", "", ""},
		{"os", "package catalog\nimport \"os\"\n", "os", "operating system", "调试时用 fmt 打印"},
		{"os/exec", "package catalog\nimport \"os/exec\"\n", "os/exec", "processes", "操作系统"},
		{"syscall renamed", "package catalog\nimport sys \"syscall\"\n", "syscall", "operating system", "操作系统"},
		{"unsafe blank", "package catalog\nimport _ \"unsafe\"\n", "unsafe", "memory", "内存"},
		{"reflect, with the alternative", "package catalog\nimport \"reflect\"\n", "reflect", "use a type switch or a type assertion", "类型断言"},
		{"runtime/debug", "package catalog\nimport \"runtime/debug\"\n", "runtime/debug", "Go runtime", "运行时"},
		{"testing", "package catalog\nimport \"testing\"\n", "testing", "runs the tests", "测试"},
		{"testing/fstest", "package catalog\nimport \"testing/fstest\"\n", "testing/fstest", "runs the tests", "测试"},
		{"plugin", "package catalog\nimport \"plugin\"\n", "plugin", "operating system", "操作系统"},
		{"net/http", "package catalog\nimport \"net/http\"\n", "net/http", "network", "网络"},
		{"path/filepath, with path instead", "package catalog\nimport \"path/filepath\"\n", "path/filepath", "path handles slash-separated paths", "path 处理"},
		{"io/ioutil, with io instead", "package catalog\nimport \"io/ioutil\"\n", "io/ioutil", "io.ReadAll", "io.ReadAll"},
		{"embed", "package catalog\nimport _ \"embed\"\n", "embed", "files", "文件"},
		{"log", "package catalog\nimport \"log\"\n", "log", "return an error instead of log.Fatal", "log.Fatal"},
		{"cgo", "package catalog\nimport \"C\"\n", "C", "memory", "内存"},
		{"a standard path no list names", "package catalog\nimport \"internal/abi\"\n", "internal/abi", "not one of the standard-library packages", "标准库"},
		{"the reference", "package catalog\nimport ref \"github.com/mcp-playground/mcp-playground/sim/catalog\"\n", "github.com/mcp-playground/mcp-playground/sim/catalog", "course's own code", "本课程"},
		{"the graders", "package catalog\nimport \"github.com/mcp-playground/mcp-playground/exercises/grading\"\n", "github.com/mcp-playground/mcp-playground/exercises/grading", "course's own code", "本课程"},
		{"another module", "package catalog\nimport \"golang.org/x/exp/maps\"\n", "golang.org/x/exp/maps", "the standard library and github.com/modelcontextprotocol/go-sdk/mcp", "标准库"},
		{"linkname", "package catalog\nimport _ \"errors\"\n//go:linkname exit os.Exit\nfunc exit(int)\n", "//go:linkname", "around their exports", "导出规则"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Check("catalog.go", []byte(tc.src), ForExercise("catalog"))
			var re *Error
			switch {
			case tc.refused == "" && err != nil:
				t.Fatalf("Check = %v, want nil", err)
			case tc.refused == "":
				return
			case !errors.As(err, &re):
				t.Fatalf("Check = %v, want an *Error naming %s", err, tc.refused)
			case re.Import != tc.refused || !strings.Contains(re.EN, tc.refused) || !strings.Contains(re.ZH, tc.refused) || !strings.HasPrefix(re.EN, "catalog.go:") || !strings.HasPrefix(re.ZH, "catalog.go:"):
				t.Errorf("Check = %+v, want the file and %s named in both languages", re, tc.refused)
			case !strings.Contains(re.EN, tc.says) || !strings.Contains(re.ZH, tc.saysZH):
				t.Errorf("Check = %q / %q, want it to say %q / %q", re.EN, re.ZH, tc.says, tc.saysZH)
			case strings.Contains(re.EN, "\n") || strings.Contains(re.ZH, "\n"):
				t.Errorf("Check = %q / %q, want one line each", re.EN, re.ZH)
			}
		})
	}
}

// Every allowed package is allowed in every exercise, and every refused
// one refused in each with the same words.
func TestTheRuleIsTheSameInEveryExercise(t *testing.T) {
	for id := range exerciseRules {
		for _, p := range Allowed() {
			if err := Check(id+".go", []byte("package x\nimport _ \""+p+"\"\n"), ForExercise(id)); err != nil {
				t.Errorf("%s: %v", id, err)
			}
		}
		for p := range refused {
			err := Check(id+".go", []byte("package x\nimport _ \""+p+"\"\n"), ForExercise(id))
			want := Check(id+".go", []byte("package x\nimport _ \""+p+"\"\n"), Rule{})
			if err == nil || want == nil || err.Error() != want.Error() {
				t.Errorf("%s: import %s: %v, want %v", id, p, err, want)
			}
		}
	}
}

// An exercise that teaches writing a package's work may refuse it: the
// reason is the exercise's, and the others still allow it.
func TestAnExerciseMayRefuseMore(t *testing.T) {
	rule := Rule{refuse: map[string]refusal{"container/heap": {why: text{"this exercise is to write the heap", "本练习要你自己写堆"}}}}
	src := []byte("package ttl\nimport \"container/heap\"\n")
	var re *Error
	if err := Check("ttl.go", src, rule); !errors.As(err, &re) || !strings.Contains(re.EN, `import "container/heap" is not allowed in this exercise: this exercise is to write the heap`) || !strings.Contains(re.ZH, "本练习要你自己写堆") {
		t.Errorf("Check = %v, want the exercise's reason", err)
	}
	if err := Check("ttl.go", src, Rule{}); err != nil {
		t.Errorf("Check without the refusal = %v, want nil", err)
	}
}

// A Go release adds packages: each must be decided, allowed or refused
// with a reason, before a learner can import it.
func TestEveryStandardPackageIsDecided(t *testing.T) {
	out, err := exec.Command("go", "list", "std").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.Contains(p, "internal") || strings.HasPrefix(p, "vendor/") || strings.HasPrefix(p, "cmd/") {
			continue // the compiler refuses these itself
		}
		if r, ok := standardRefusal(p); ok && r.why == reasonUnknown {
			t.Errorf("%s is neither allowed nor refused: decide it in std.go", p)
		}
	}
	for _, p := range allowed {
		if !slices.Contains(strings.Fields(string(out)), p) {
			t.Errorf("allowed lists %s, which is not a standard package", p)
		}
	}
	for p, r := range refused {
		if r.why.en == "" || r.why.zh == "" || (r.instead.en == "") != (r.instead.zh == "") {
			t.Errorf("refused[%q] = %+v, want a reason (and any alternative) in both languages", p, r)
		}
	}
}

// The page's grader carries no config files: its rules must be the
// configs' own.
func TestRulesMatchConfigs(t *testing.T) {
	configs, err := filepath.Glob("../*/.meta/config.json")
	if err != nil || len(configs) == 0 {
		t.Fatalf("no configs: %v", err)
	}
	for _, p := range configs {
		id := filepath.Base(filepath.Dir(filepath.Dir(p)))
		c, err := grading.ReadConfig(p)
		if err != nil {
			t.Fatal(err)
		}
		r, ok := exerciseRules[id]
		if !ok {
			t.Errorf("%s: no rule for %s in exercises.go", p, id)
		}
		if !slices.Equal(c.Allow, r.allow) {
			t.Errorf("%s: allow %q, but exercises.go has %q", p, c.Allow, r.allow)
		}
		refuse := map[string]string{}
		for pkg, why := range r.refuse {
			refuse[pkg] = why.why.en
			if !slices.Contains(allowed, pkg) {
				t.Errorf("%s: refuses %s, which no exercise allows anyway", p, pkg)
			}
		}
		if len(c.Refuse)+len(refuse) > 0 && !maps.Equal(c.Refuse, refuse) {
			t.Errorf("%s: refuse %q, but exercises.go has %q", p, c.Refuse, refuse)
		}
		for _, pkg := range c.Allow {
			if first, _, _ := strings.Cut(pkg, "/"); !strings.Contains(first, ".") || strings.HasPrefix(pkg, modulePath) {
				t.Errorf("%s: allow lists %s, which is the standard library's or the course's", p, pkg)
			}
		}
		// Every file the course ships for the exercise passes the rule.
		dir := filepath.Dir(filepath.Dir(p))
		files, _ := filepath.Glob(filepath.Join(dir, ".meta", "*", "*.go"))
		files = append(files, filepath.Join(dir, ".meta", "solution.go"), filepath.Join(dir, c.File))
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := Check(c.File, src, ForExercise(id)); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		}
	}
	if len(configs) != len(exerciseRules) {
		t.Errorf("%d configs, %d rules", len(configs), len(exerciseRules))
	}
}

// Refused is what the symbol-table generator (exercises/interp/symbols,
// go generate) asks, so the page's interpreter never carries a table for
// a package the graders refuse.
func TestRefusedSaysWhyOnlyForWhatEveryExerciseRefuses(t *testing.T) {
	for _, tc := range []struct {
		path    string
		refused bool
	}{
		{"os", true},
		{"reflect", true},
		{"github.com/mcp-playground/mcp-playground/sim/catalog", true},
		{"sort", false},
		{"container/heap", false},
		// Outside the standard library each exercise decides.
		{"github.com/modelcontextprotocol/go-sdk/mcp", false},
	} {
		if got := Refused(tc.path); (got != "") != tc.refused {
			t.Errorf("Refused(%q) = %q, want refused=%v", tc.path, got, tc.refused)
		}
	}
}
