package e2e

import (
	"bytes"
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
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// The conformance-trace format (tomtom215/mcp-conformance,
// book/src/trace-format.md and crates/mcp-conformance-core/src/trace.rs):
// the fields each kind of event may have. The validator export must write
// nothing else.
var conformanceFields = map[string][]string{
	"message":   {"seq", "direction", "transport", "kind", "payload"},
	"http":      {"seq", "direction", "transport", "kind", "status", "headers"},
	"lifecycle": {"seq", "direction", "transport", "kind", "event"},
}

// checkConformance reports how text breaks the conformance format, or "".
func checkConformance(text string) string {
	n := 0
	for line := range strings.Lines(text) {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			return fmt.Sprintf("line %d: %v", n+1, err)
		}
		var kind, dir, transport, event string
		var seq int
		json.Unmarshal(m["kind"], &kind)
		json.Unmarshal(m["direction"], &dir)
		json.Unmarshal(m["transport"], &transport)
		json.Unmarshal(m["event"], &event)
		if err := json.Unmarshal(m["seq"], &seq); err != nil || seq != n {
			return fmt.Sprintf("line %d: seq %s, want %d", n+1, m["seq"], n)
		}
		allowed, ok := conformanceFields[kind]
		if !ok {
			return fmt.Sprintf("line %d: kind %q", n+1, kind)
		}
		for k := range m {
			if !slices.Contains(allowed, k) {
				return fmt.Sprintf("line %d: field %q is not in the format for kind %s", n+1, k, kind)
			}
		}
		if transport != trace.Stdio && transport != trace.StreamableHTTP {
			return fmt.Sprintf("line %d: transport %q", n+1, transport)
		}
		if dir != trace.ClientToServer && dir != trace.ServerToClient {
			return fmt.Sprintf("line %d: direction %q", n+1, dir)
		}
		switch kind {
		case "lifecycle":
			if event != trace.TransportOpen && event != trace.TransportClose && event != trace.TransportAbort {
				return fmt.Sprintf("line %d: lifecycle event %q", n+1, event)
			}
		case "message":
			if p := bytes.TrimSpace(m["payload"]); len(p) == 0 || p[0] != '{' {
				return fmt.Sprintf("line %d: payload %s", n+1, p)
			}
		case "http":
			var headers map[string]string
			if h, ok := m["headers"]; ok {
				if err := json.Unmarshal(h, &headers); err != nil {
					return fmt.Sprintf("line %d: headers %s", n+1, h)
				}
				for k := range headers {
					if k != strings.ToLower(k) {
						return fmt.Sprintf("line %d: header %q not lowercase", n+1, k)
					}
				}
			}
			if s, ok := m["status"]; ok {
				var st uint16
				if err := json.Unmarshal(s, &st); err != nil {
					return fmt.Sprintf("line %d: status %s", n+1, s)
				}
			}
		}
		n++
	}
	if _, err := trace.Decode(strings.NewReader(text)); err != nil {
		return "sim/trace.Decode: " + err.Error()
	}
	return ""
}

// wireMessages returns the JSON-RPC messages a trace of ours carried, in
// order, re-encoded: the exact bytes where they parse as an object (raw
// keeps "" apart from absent), else the payload (or an HTTP body).
func wireMessages(t *testing.T, jsonl string) []string {
	t.Helper()
	events, err := trace.Decode(strings.NewReader(jsonl))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	canon := func(b []byte) (string, bool) {
		var v any
		if json.Unmarshal(b, &v) != nil {
			return "", false
		}
		if _, ok := v.(map[string]any); !ok {
			return "", false
		}
		c, _ := json.Marshal(v)
		return string(c), true
	}
	for _, e := range events {
		switch e.Kind {
		case trace.KindMessage:
			if s, ok := canon([]byte(e.Raw)); ok {
				out = append(out, s)
			} else if s, ok := canon(e.Payload); ok {
				out = append(out, s)
			}
		case trace.KindHTTP:
			var p trace.HTTPPayload
			json.Unmarshal(e.Payload, &p)
			if s, ok := canon(p.Body); ok {
				out = append(out, s)
			}
		case trace.KindBytes:
			if s, ok := canon([]byte(e.Raw)); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// exportedMessages returns the payloads of an export's message events,
// re-encoded as wireMessages does.
func exportedMessages(t *testing.T, text string) []string {
	t.Helper()
	var out []string
	for line := range strings.Lines(text) {
		var e struct {
			Kind    string          `json:"kind"`
			Payload json.RawMessage `json:"payload"`
		}
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatal(err)
		}
		if e.Kind != "message" {
			continue
		}
		var v any
		json.Unmarshal(e.Payload, &v)
		c, _ := json.Marshal(v)
		out = append(out, string(c))
	}
	return out
}

// jsonrpcFrames is a JavaScript expression for the JSON-RPC frames a
// player shows, as "direction method answers" strings: what must survive
// an export and an import. HTTP and stdio rows count by the message they
// carry; transport-only rows (http without a body, lifecycle, faults,
// stdio lines that are not JSON-RPC) do not.
func jsonrpcFrames(p *player) string {
	return `[...` + p.el + `.querySelectorAll('[data-testid=frame]')].filter((li) => !['http', 'lifecycle', 'fault', 'bytes'].includes(li.dataset.method)).map((li) => li.dataset.direction + ' ' + li.dataset.method + ' ' + (li.dataset.answers || ''))`
}

// TestValidatorExportRoundTrips exports every scenario for validators,
// checks the text against the format, and imports it back: the player
// must show the same JSON-RPC frames, and the export must carry exactly
// the messages of the scenario's trace.
func TestValidatorExportRoundTrips(t *testing.T) {
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	p.waitLive()
	// Keep every blob the page offers for download, to read it back.
	eval[chromedp.Void](tb, `(() => { window.e2eBlobs = []; const orig = URL.createObjectURL; URL.createObjectURL = (b) => { window.e2eBlobs.push(b); return orig.call(URL, b); }; })()`)
	for _, id := range scenario.IDs() {
		t.Run(id, func(t *testing.T) {
			tb.t = t
			eval[chromedp.Void](tb, `(() => { const s = document.querySelector('[data-testid=scenario-picker]'); s.value = `+js(id)+`; s.dispatchEvent(new Event('change')); })()`)
			tb.waitFor(p.el+`.dataset.loaded === `+js(id)+` && `+p.q("live-status")+`.dataset.state !== 'running'`, 60*time.Second)
			want := eval[[]string](tb, jsonrpcFrames(p))
			if eval[bool](tb, p.q("export-conformance")+`.disabled`) {
				if len(want) != 0 {
					t.Fatalf("export for validators is disabled, but the trace shows %d JSON-RPC frames", len(want))
				}
				return
			}
			n := eval[int](tb, `window.e2eBlobs.length`)
			p.click("export-conformance")
			tb.waitFor(`window.e2eBlobs.length > `+fmt.Sprint(n), 10*time.Second)
			text, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`window.e2eBlobs[window.e2eBlobs.length - 1].text()`, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			if msg := checkConformance(text); msg != "" {
				t.Fatalf("the export breaks the conformance format: %s\n%s", msg, text)
			}
			if got, want := exportedMessages(t, text), wireMessages(t, runJSONL(t, id)); !slices.Equal(got, want) {
				t.Errorf("exported messages differ from the scenario's:\n got %q\nwant %q", got, want)
			}
			p.importAndWait(text)
			if got := eval[[]string](tb, jsonrpcFrames(p)); !slices.Equal(got, want) {
				t.Errorf("after export and import the player shows\n%q\nwant\n%q", got, want)
			}
			if got := eval[int](tb, p.el+`.querySelectorAll('[data-testid=frame][data-method=lifecycle]').length`); got < 2 {
				t.Errorf("%d lifecycle rows after import, want the transport opened and closed (or aborted)", got)
			}
		})
	}
	tb.t = t
	tb.noProblems()
}

// TestValidatorExportDownloads presses the button and reads the file.
func TestValidatorExportDownloads(t *testing.T) {
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	p.waitLive()
	if note := p.text("export-note"); !strings.Contains(note, "stdio") || !strings.Contains(note, "in-memory") {
		t.Errorf("the export note %q does not say how an in-memory scenario is labelled", note)
	}
	path, got := tb.download(func() { p.click("export-conformance") }, "handshake-ok.conformance.jsonl")
	if filepath.Base(path) != "handshake-ok.conformance.jsonl" {
		t.Errorf("downloaded as %s, want handshake-ok.conformance.jsonl", filepath.Base(path))
	}
	if msg := checkConformance(string(got)); msg != "" {
		t.Errorf("the download breaks the conformance format: %s\n%s", msg, got)
	}
	if !strings.Contains(string(got), `"transport":"stdio"`) || strings.Contains(string(got), "in-memory") {
		t.Errorf("an in-memory scenario must export as stdio:\n%s", got)
	}
	tb.noProblems()
}

// importAndWait imports text and waits until the player shows it: a
// player that shows an import already must not pass for one that has
// finished the next.
func (p *player) importAndWait(text string) {
	p.tb.t.Helper()
	eval[chromedp.Void](p.tb, `delete `+p.el+`.dataset.imported`)
	p.importFile(text)
	p.tb.waitFor(p.el+`.dataset.imported === 'true' || !`+p.q("player-error")+`.hidden`, 20*time.Second)
}

// TestConformanceScreenshots writes PNGs of the player with an imported
// conformance trace (lifecycle and HTTP rows in view) and the export
// controls, at 1280 and 360 px, into $E2E_SHOTS.
func TestConformanceScreenshots(t *testing.T) {
	dir := shotsDir(t)
	b, err := os.ReadFile(filepath.Join("testdata", "conformance", "http-2026-07-28.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, shot := range []struct {
		name  string
		width int64
		step  int
	}{
		{"import-conformance-1280", 1280, 3},
		{"import-conformance-360", 360, 3},
		{"import-conformance-http-1280", 1280, 10},
		{"import-conformance-end-1280", 1280, 27},
		{"import-conformance-end-360", 360, 27},
	} {
		t.Run(shot.name, func(t *testing.T) {
			tb := open(t, "playground.html#scenario=handshake-ok")
			if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(shot.width, 1000)); err != nil {
				t.Fatal(err)
			}
			p := tb.player("handshake-ok")
			p.waitLive()
			p.importAndWait(string(b))
			for range shot.step {
				p.click("step")
			}
			buf, err := chromedp.Run(tb.ctx, chromedp.Screenshot(chromedp.CSS("[data-testid=player]")))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, shot.name+".png"), buf, 0o644); err != nil {
				t.Fatal(err)
			}
			tb.noProblems()
		})
	}
}
