package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcp-playground/mcp-playground/sim/scenario"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

func TestBakeTraceRoundTrips(t *testing.T) {
	for _, note := range []string{
		"plain",
		"</script><script>alert(1)</script>",
		"</SCRIPT >",
		`<\/ already escaped`,
		`\/ and \\/ and <\\/`,
		"<img src=x onerror=alert(1)>",
		"</",
		"<",
	} {
		t.Run(note, func(t *testing.T) {
			jsonl, err := trace.EncodeString([]trace.Event{{Seq: 1, Kind: trace.KindNote, Note: note, Raw: note}})
			if err != nil {
				t.Fatal(err)
			}
			baked, err := bakeTrace(jsonl)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(baked, "</") {
				t.Errorf("bakeTrace(%q) = %q, still holds </", jsonl, baked)
			}
			if got := unbakeTrace(baked); got != jsonl {
				t.Errorf("unbakeTrace(bakeTrace(%q)) = %q", jsonl, got)
			}
		})
	}
}

// Traces the page could not read back exactly are refused, not mangled.
func TestBakeTraceRefusesWhatCannotRoundTrip(t *testing.T) {
	for _, jsonl := range []string{
		`{"note":"<!-- <script>"}`,
		`{"payload":{"note":"<\/script>"}}`, // a raw payload may keep \/
	} {
		if baked, err := bakeTrace(jsonl); err == nil {
			t.Errorf("bakeTrace(%q) = %q, want an error", jsonl, baked)
		}
	}
}

var playerRE = regexp.MustCompile(`<figure class="player" data-testid="player" data-scenario="([^"]*)" data-step(?:="([^"]*)")? data-runtime(?:="[^"]*")?><script type="application/jsonl" class="baked-trace">([^<]*(?:<[^/][^<]*)*)</script>`)

// bakedTraces returns every player's scenario id and trace, unbaked as the
// page does, from the built pages.
func bakedTraces(t *testing.T, files map[string]string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for name, body := range files {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		for _, m := range playerRE.FindAllStringSubmatch(body, -1) {
			out[m[1]] = append(out[m[1]], unbakeTrace(m[3]))
		}
	}
	return out
}

// The page's baked trace, after minification, must be the scenario's
// JSONL byte for byte, or the player never goes live.
func TestBakedTracesSurviveMinification(t *testing.T) {
	files := mustBuild(t, smallConfig(t))
	got := bakedTraces(t, files)
	if len(got["alpha"]) != 1 || len(got["beta"]) != 2 {
		t.Fatalf("players found: alpha %d, beta %d; want 1 and 2", len(got["alpha"]), len(got["beta"]))
	}
	for id, traces := range got {
		res, err := fakeCatalog{}.Run(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range traces {
			if tr != res.JSONL() {
				t.Errorf("baked %s differs from its JSONL (-want +got):\n%s", id, cmp.Diff(res.JSONL(), tr))
			}
		}
		if files["traces/"+id+".jsonl"] != res.JSONL() {
			t.Errorf("traces/%s.jsonl differs from its JSONL", id)
		}
	}
	if !strings.Contains(got["alpha"][0], "</script><script>alert(1)</script>") {
		t.Error("alpha's baked trace lost its </script>")
	}
}

// With the real simulator: every scenario the demo lessons play is baked
// exactly as scenario.Run prints it, and scenarios.json is scenario.List.
func TestRealScenariosBakeExactly(t *testing.T) {
	cfg := smallConfig(t)
	cfg.Lessons = "testdata/demo/lessons"
	cfg.Exercises = "testdata/demo/exercises"
	cfg.Catalog = simCatalog{}
	files := mustBuild(t, cfg)
	baked := bakedTraces(t, files)
	if len(baked) == 0 {
		t.Fatal("no players in the demo lessons")
	}
	for id, traces := range baked {
		res, err := scenario.Run(context.Background(), id, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range traces {
			if tr != res.JSONL() {
				t.Errorf("baked %s differs from scenario.Run (-want +got):\n%s", id, cmp.Diff(res.JSONL(), tr))
			}
		}
	}
	for _, info := range scenario.List() {
		if _, ok := files[filepath.ToSlash(filepath.Join("traces", info.ID+".jsonl"))]; !ok {
			t.Errorf("no traces/%s.jsonl", info.ID)
		}
	}
	var infos []scenario.Info
	if err := json.Unmarshal([]byte(files["scenarios.json"]), &infos); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(scenario.List(), infos); diff != "" {
		t.Errorf("scenarios.json differs from scenario.List() (-want +got):\n%s", diff)
	}
	idx := regexp.MustCompile(`<script type="application/json" id="scenario-index">([^<]*)</script>`).FindStringSubmatch(files["playground.html"])
	if idx == nil {
		t.Fatal("playground.html has no scenario-index")
	}
	infos = nil
	if err := json.Unmarshal([]byte(idx[1]), &infos); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(scenario.List(), infos); diff != "" {
		t.Errorf("scenario-index differs from scenario.List() (-want +got):\n%s", diff)
	}
}
