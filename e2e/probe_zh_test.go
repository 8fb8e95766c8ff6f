package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/conformance"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// TestAProbeTraceImportsInChinese imports a trace cmd/probe writes (-trace
// DIR) into the Chinese playground: its notes, the verdict included, read
// in Chinese, as the simulator's notes do, through lessons/zh/notes.tsv.
func TestAProbeTraceImportsInChinese(t *testing.T) {
	f, err := conformance.NewFixture("paging-repeat")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rep, err := conformance.Probe(ctx, conformance.ServerDialer(f.Server(), f.Transport), conformance.Options{Transport: trace.InMemory})
	if err != nil {
		t.Fatal(err)
	}
	walk := rep.Find("list-walk:tools", conformance.Rev2025)
	if walk == nil || walk.Verdict != conformance.Fail {
		t.Fatalf("the probe's walk of paging-repeat = %+v, want a fail to import", walk)
	}
	jsonl, err := trace.EncodeString(walk.Events)
	if err != nil {
		t.Fatal(err)
	}

	tb := open(t, "zh/playground.html#scenario=paging-normal")
	p := tb.player("paging-normal")
	p.waitLive()
	p.importAndWait(jsonl)
	p.seekEnd()
	notes := eval[[]string](tb, `[...`+p.el+`.querySelectorAll('.inspector-note, .pl-lanes .pl-label')].map((e) => e.textContent.trim()).filter((s) => s)`)
	verdict := ""
	for _, n := range notes {
		if strings.Contains(n, "fail:") || strings.Contains(n, "The probe reads") {
			t.Errorf("an English probe note on the Chinese playground: %q", n)
		}
		if strings.HasPrefix(n, "失败：") {
			verdict = n
		}
	}
	if !strings.Contains(verdict, "再次返回游标") {
		t.Errorf("the verdict did not read in Chinese; notes shown: %q", notes)
	}
	tb.noProblems()
}
