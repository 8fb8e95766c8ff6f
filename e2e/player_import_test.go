package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/mcp-playground/mcp-playground/sim/scenario"
)

// importFile sets the player's file input to a file holding text.
func (p *player) importFile(text string) {
	p.tb.t.Helper()
	path := filepath.Join(p.tb.t.TempDir(), "trace.jsonl")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		p.tb.t.Fatal(err)
	}
	sel := fmt.Sprintf(`[data-testid=player][data-scenario=%s] [data-testid=import-file]`, js(eval[string](p.tb, p.el+`.dataset.scenario`)))
	if err := chromedp.Do(p.tb.ctx, chromedp.SetUploadFiles(chromedp.CSS(sel), []string{path})); err != nil {
		p.tb.t.Fatal(err)
	}
}

func runJSONL(t *testing.T, id string) string {
	t.Helper()
	res, err := scenario.Run(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.JSONL()
}

func finalClient(t *testing.T, id string) string {
	t.Helper()
	res, err := scenario.Run(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := res.Final().Client; c != "" {
		return c
	}
	return "—"
}

// conformanceOnly strips every line to the fields other tools record.
func conformanceOnly(t *testing.T, jsonl string) string {
	t.Helper()
	var b strings.Builder
	for line := range strings.Lines(jsonl) {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		if string(m["kind"]) != `"message"` {
			continue
		}
		out := map[string]json.RawMessage{}
		for _, k := range []string{"seq", "direction", "transport", "kind", "payload"} {
			out[k] = m[k]
		}
		enc, _ := json.Marshal(out)
		b.Write(enc)
		b.WriteByte('\n')
	}
	return b.String()
}

func TestImportedTraceReplays(t *testing.T) {
	tests := []struct {
		name       string
		trace      string
		wantFrames int
		wantClient string // client state at the end
	}{
		{"full trace", runJSONL(t, "handshake-request-before-init"), strings.Count(runJSONL(t, "handshake-request-before-init"), "\n"), finalClient(t, "handshake-request-before-init")},
		{"conformance fields only", conformanceOnly(t, runJSONL(t, "handshake-ok")), strings.Count(conformanceOnly(t, runJSONL(t, "handshake-ok")), "\n"), "—"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := open(t, "playground.html#scenario=handshake-ok")
			p := tb.player("handshake-ok")
			p.waitLive()
			p.importFile(tc.trace)
			tb.waitFor(p.q("live-status")+`.dataset.state === 'imported'`, 20*time.Second)
			if n := eval[int](tb, p.el+`.querySelectorAll('.pl-frame').length`); n != tc.wantFrames {
				t.Errorf("imported %d events, want %d", n, tc.wantFrames)
			}
			p.seekEnd()
			if got := p.text("client-state"); got != tc.wantClient {
				t.Errorf("client state at the end = %q, want %q", got, tc.wantClient)
			}
			p.click("back")
			if p.step() != tc.wantFrames-1 {
				t.Errorf("Back after import: step %d, want %d", p.step(), tc.wantFrames-1)
			}
			tb.noProblems()
		})
	}
}

func TestBrokenImportNamesTheLine(t *testing.T) {
	good := strings.SplitAfter(runJSONL(t, "handshake-ok"), "\n")
	tests := []struct {
		name, line3, want string
	}{
		{"truncated JSON", `{"seq":3,"kind":"message"`, "line 3: invalid JSON"},
		{"not an object", `[1,2,3]`, "line 3: not a JSON object"},
		{"unknown kind", `{"seq":3,"kind":"telepathy"}`, `line 3: unknown kind "telepathy"`},
		{"message without direction", `{"seq":3,"kind":"message","payload":{}}`, "line 3: message without a direction"},
		{"missing seq", `{"kind":"note"}`, `line 3: missing "seq"`},
	}
	// One page for every case: each failed import must leave it usable for
	// the next.
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	p.waitLive()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p.tb.t = t
			p.click("reset")
			p.importFile(good[0] + good[1] + tc.line3 + "\n" + good[3])
			tb.waitFor(`!`+p.q("player-error")+`.hidden && `+p.q("player-error")+`.textContent.includes(`+js(tc.want)+`)`, 20*time.Second)
			// The page stays usable: the trace shown before is still there.
			p.click("step")
			p.click("step")
			if p.step() != 2 || p.status() != "live" {
				t.Errorf("after a failed import: step %d status %s, want 2 and live", p.step(), p.status())
			}
		})
	}
	tb.t = t
	tb.noProblems()
}

func TestImportedMarkupStaysText(t *testing.T) {
	const evil = `<img src=x onerror=alert(1)>`
	name := `<script>alert(2)</script>`
	req := map[string]any{"seq": 1, "direction": "client-to-server", "transport": "in-memory", "kind": "message",
		"payload": map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}}
	res := map[string]any{"seq": 2, "direction": "server-to-client", "transport": "in-memory", "kind": "message",
		"payload": map[string]any{"jsonrpc": "2.0", "id": 1, "result": map[string]any{"tools": []any{map[string]any{"name": name, "description": evil, "inputSchema": map[string]any{"type": "object"}}}}},
		"note":    evil,
		"state":   map[string]any{"client": evil, "catalog": []string{name, evil}, "error": evil}}
	var b strings.Builder
	for _, ev := range []any{req, res} {
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.Encode(ev)
	}
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	p.waitLive()
	p.importFile(b.String())
	tb.waitFor(p.q("live-status")+`.dataset.state === 'imported'`, 20*time.Second)
	p.seekEnd()
	if got := p.list("catalog"); !slices.Equal(got, []string{name, evil}) {
		t.Errorf("catalog = %q, want the names as text", got)
	}
	if cur := p.current(); !strings.Contains(cur.Bytes, evil) {
		t.Errorf("frame bytes = %q, want the description as text", cur.Bytes)
	}
	if n := eval[int](tb, `document.querySelectorAll('[data-testid=player] img, img[src=x], [data-testid=player] script:not(.baked-trace)').length`); n != 0 {
		t.Errorf("the import created %d img or script elements", n)
	}
	tb.noProblems() // includes: no dialog opened
}
