package e2e

import (
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/importrule/ruletest"
)

// The import rule on the page (exercises/importrule): an answer that also
// uses the standard library a Go programmer reaches for grades as the
// answer does; os is refused with why and what to use instead, each
// edition in its own language; an allowed package the page's grader does
// not carry says to grade with go test.
func TestExerciseGradesTheEverydayLibraryAndRefusesOS(t *testing.T) {
	solution := exerciseFile(t, "catalog", ".meta/solution.go")
	everyday, err := ruletest.WithUses([]byte(solution), ruletest.Everyday)
	if err != nil {
		t.Fatal(err)
	}
	withOS, err := ruletest.WithUses([]byte(solution), map[string]string{"os": "os.Args"})
	if err != nil {
		t.Fatal(err)
	}
	withCRC, err := ruletest.WithUses([]byte(solution), map[string]string{"hash/crc32": `crc32.ChecksumIEEE([]byte("mcp"))`})
	if err != nil {
		t.Fatal(err)
	}
	for _, ed := range []struct {
		page, refusal, notCarried string
	}{
		{"catalog", `import "os" is not allowed: it reaches the operating system (files, processes, the exit status), which only the grader may touch; print with fmt while you debug, and return errors instead of exiting`,
			"package hash/crc32 is allowed and go test grades it, but the page's grader does not carry it: grade this file with go test"},
		{"../zh/exercises/catalog", `不允许导入 "os"：它能直接操作操作系统（文件、进程、退出状态），这些只有评分器可以使用；调试时用 fmt 打印，用返回错误代替退出`,
			"包 hash/crc32 允许导入，go test 也能为它评分，但页面的评分器没有带上它：请用 go test 为这个文件评分"},
	} {
		t.Run(ed.page, func(t *testing.T) {
			tb := openExercise(t, ed.page)
			// os first: no check on the page yet, so none can show as passed.
			tb.typeCode(string(withOS))
			tb.press("grade", gradeTimeout)
			if box := eval[string](tb, `document.querySelector('[data-role=errors]').textContent`); !strings.Contains(box, ed.refusal) {
				t.Errorf("a file importing os is refused with %q, want %q", box, ed.refusal)
			}
			for _, r := range tb.checks() {
				if r.Status == "pass" {
					t.Errorf("check %s passed on refused code", r.Name)
				}
			}

			tb.typeCode(string(withCRC))
			tb.press("run", gradeTimeout)
			if box := eval[string](tb, `document.querySelector('[data-role=errors]').textContent`); !strings.Contains(box, ed.notCarried) {
				t.Errorf("a file importing hash/crc32 says %q, want %q", box, ed.notCarried)
			}
			tb.typeCode(string(everyday))
			tb.press("grade", gradeTimeout)
			rows := tb.checks()
			if len(rows) == 0 {
				t.Fatalf("no checks shown: %q", eval[string](tb, `document.querySelector("[data-role=errors]").textContent`))
			}
			for _, r := range rows {
				if r.Status != "pass" {
					t.Errorf("check %s = %s on the answer using %d everyday packages, want pass", r.Name, r.Status, len(ruletest.Everyday))
				}
			}
			if got, max := tb.score(); got != max || max <= 0 {
				t.Errorf("score = %d / %d, want full marks", got, max)
			}
			tb.noProblems()
		})
	}
}
