package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// corpusFiles lists the good traces of e2e/testdata/conformance.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "conformance", "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var good []string
	for _, f := range files {
		if !strings.HasPrefix(filepath.Base(f), "bad-") {
			good = append(good, f)
		}
	}
	if len(good) == 0 {
		t.Fatal("no conformance corpus in testdata/conformance")
	}
	return good
}

// stepThrough presses Step through the whole imported trace and checks
// that every step shows its event; it returns each step's inspector text.
func stepThrough(t *testing.T, p *player, n int) []string {
	t.Helper()
	p.click("reset")
	var shown []string
	for i := 1; i <= n; i++ {
		p.click("step")
		if p.step() != i {
			t.Fatalf("after %d steps the player is at step %d", i, p.step())
		}
		text := p.text("frame-inspector")
		if !strings.Contains(text, fmt.Sprintf("step %d ·", i)) {
			t.Fatalf("step %d: the inspector shows %q", i, text)
		}
		shown = append(shown, text)
	}
	if !eval[bool](p.tb, p.q("step")+`.disabled`) {
		t.Errorf("Step is still enabled after the last of %d events", n)
	}
	return shown
}

func nonBlankLines(text string) []string {
	var out []string
	for line := range strings.Lines(text) {
		if strings.TrimSpace(line) != "" {
			out = append(out, strings.TrimSpace(line))
		}
	}
	return out
}

// TestConformanceCorpusImports imports each hand-written trace of
// testdata/conformance and steps through every event: lifecycle events
// show as what they are, HTTP events with their status and headers,
// fields the format lacks as they came.
func TestConformanceCorpusImports(t *testing.T) {
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	p.waitLive()
	for _, f := range corpusFiles(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			tb.t = t
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			lines := nonBlankLines(string(b))
			p.importAndWait(string(b))
			if !eval[bool](tb, p.q("player-error")+`.hidden`) {
				t.Fatalf("import failed: %s", p.text("player-error"))
			}
			if n := eval[int](tb, p.el+`.querySelectorAll('.pl-frame').length`); n != len(lines) {
				t.Fatalf("imported %d events, want %d", n, len(lines))
			}
			shown := stepThrough(t, p, len(lines))
			for i, line := range lines {
				var e struct {
					Kind    string            `json:"kind"`
					Event   string            `json:"event"`
					Status  int               `json:"status"`
					Headers map[string]string `json:"headers"`
					Capture json.RawMessage   `json:"x-capture"`
					Payload struct {
						Method string `json:"method"`
					} `json:"payload"`
				}
				if err := json.Unmarshal([]byte(line), &e); err != nil {
					t.Fatal(err)
				}
				got := shown[i]
				var want []string
				switch e.Kind {
				case "lifecycle":
					want = append(want, e.Event, strings.ReplaceAll(strings.TrimPrefix(e.Event, "transport-"), "-", " "))
				case "http":
					if e.Status != 0 {
						want = append(want, fmt.Sprintf("HTTP/1.1 %d", e.Status))
					}
					for k, v := range e.Headers {
						want = append(want, k+": "+v)
					}
				case "message":
					want = append(want, e.Payload.Method)
				}
				if e.Capture != nil {
					want = append(want, "Other fields in the trace", "x-capture")
				}
				for _, w := range want {
					if !strings.Contains(got, w) {
						t.Errorf("step %d (%s): the inspector lacks %q:\n%s", i+1, e.Kind, w, got)
					}
				}
			}
			// Lifecycle rows are labelled as what they are.
			labels := eval[[]string](tb, `[...`+p.el+`.querySelectorAll('[data-method=lifecycle] .pl-label')].map((l) => l.textContent)`)
			for _, l := range labels {
				if !strings.HasPrefix(l, "transport ") {
					t.Errorf("lifecycle row labelled %q", l)
				}
			}
			if len(labels) == 0 {
				t.Error("no lifecycle row")
			}
		})
	}
	tb.t = t
	tb.noProblems()
}

func TestBrokenConformanceImportNamesTheLine(t *testing.T) {
	tests := []struct{ file, want string }{
		{"bad-lifecycle-without-event.jsonl", `line 4: lifecycle without an "event"`},
		{"bad-header-not-a-string.jsonl", `line 3: "headers.content-length" is not a string`},
	}
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	p.waitLive()
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			tb.t = t
			b, err := os.ReadFile(filepath.Join("testdata", "conformance", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			eval[chromedp.Void](tb, p.q("player-error")+`.hidden = true`)
			p.importFile(string(b))
			tb.waitFor(`!`+p.q("player-error")+`.hidden`, 20*time.Second)
			if got := p.text("player-error"); !strings.Contains(got, tc.want) {
				t.Errorf("error %q, want it to contain %q", got, tc.want)
			}
			if p.status() != "live" {
				t.Errorf("after a failed import the status is %s, want the trace shown before (live)", p.status())
			}
		})
	}
	tb.t = t
	tb.noProblems()
}

// longCapture builds a capture the way a recording proxy in front of a
// busy streamable HTTP server would write it (from the format's
// description, not from any file): hundreds of lines, a long-lived
// subscriptions/listen stream, SSE responses with progress, and methods
// the lessons never show.
func longCapture() string {
	var b strings.Builder
	seq := 0
	ts := func() string {
		return fmt.Sprintf("2026-09-04T11:%02d:%02d.%03dZ", seq/600%60, seq/10%60, seq%10*100)
	}
	ev := func(dir, kind, rest string) {
		fmt.Fprintf(&b, `{"seq":%d,"direction":%q,"transport":"streamable-http","kind":%q,%s,"ts":%q}`+"\n", seq, dir, kind, rest, ts())
		seq++
	}
	c2s, s2c := trace.ClientToServer, trace.ServerToClient
	meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
	post := func(method, name string) {
		h := `"headers":{"content-type":"application/json","accept":"application/json, text/event-stream","mcp-method":"` + method + `"`
		if name != "" {
			h += `,"mcp-name":"` + name + `"`
		}
		ev(c2s, "http", h+"}")
	}
	b.WriteString(`{"seq":0,"direction":"client-to-server","transport":"streamable-http","kind":"lifecycle","event":"transport-open"}` + "\n")
	seq++
	id := 1
	post("server/discover", "")
	ev(c2s, "message", fmt.Sprintf(`"payload":{"jsonrpc":"2.0","id":%d,"method":"server/discover","params":{%s}}`, id, meta))
	ev(s2c, "http", `"status":200,"headers":{"content-type":"application/json"}`)
	ev(s2c, "message", fmt.Sprintf(`"payload":{"jsonrpc":"2.0","id":%d,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{},"resources":{"listChanged":true}},"serverInfo":{"name":"docs","version":"9.1.0"}}}`, id))
	id++
	post("subscriptions/listen", "")
	listen := id
	ev(c2s, "message", fmt.Sprintf(`"payload":{"jsonrpc":"2.0","id":%d,"method":"subscriptions/listen","params":{"notifications":["notifications/resources/updated"],%s}}`, id, meta))
	ev(s2c, "http", `"status":200,"headers":{"content-type":"text/event-stream","cache-control":"no-cache"}`)
	id++
	for i := range 40 {
		doc := fmt.Sprintf("docs://page/%d", i)
		post("resources/read", doc)
		ev(c2s, "message", fmt.Sprintf(`"payload":{"jsonrpc":"2.0","id":%d,"method":"resources/read","params":{"uri":%q,%s}}`, id, doc, meta))
		ev(s2c, "http", `"status":200,"headers":{"content-type":"application/json"}`)
		ev(s2c, "message", fmt.Sprintf(`"payload":{"jsonrpc":"2.0","id":%d,"result":{"resultType":"complete","contents":[{"uri":%q,"mimeType":"text/markdown","text":"# Page %d\n<b>not markup</b>"}]}}`, id, doc, i))
		id++
		post("tools/call", "summarise")
		ev(c2s, "message", fmt.Sprintf(`"payload":{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"summarise","arguments":{"uri":%q},"_meta":{"progressToken":%d,"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`, id, doc, id))
		ev(s2c, "http", `"status":200,"headers":{"content-type":"text/event-stream"}`)
		ev(s2c, "message", fmt.Sprintf(`"payload":{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":%d,"progress":1,"total":2}}`, id))
		ev(s2c, "message", fmt.Sprintf(`"payload":{"jsonrpc":"2.0","id":%d,"result":{"resultType":"complete","content":[{"type":"text","text":"summary of page %d"}]}}`, id, i))
		id++
		if i%8 == 7 {
			ev(s2c, "message", fmt.Sprintf(`"payload":{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"docs://page/%d","_meta":{"io.modelcontextprotocol/subscriptionId":"%d"}}}`, i-3, listen))
		}
	}
	ev(c2s, "lifecycle", `"event":"transport-close"`)
	return b.String()
}

// TestLongCaptureImports imports a capture of hundreds of lines and steps
// through every one of them.
func TestLongCaptureImports(t *testing.T) {
	text := longCapture()
	lines := nonBlankLines(text)
	if len(lines) < 300 {
		t.Fatalf("the capture has %d lines, want hundreds", len(lines))
	}
	if _, err := trace.Decode(strings.NewReader(text)); err != nil {
		t.Fatalf("sim/trace.Decode: %v", err)
	}
	tb := open(t, "playground.html#scenario=handshake-ok")
	p := tb.player("handshake-ok")
	p.waitLive()
	p.importAndWait(text)
	if n := eval[int](tb, p.el+`.querySelectorAll('.pl-frame').length`); n != len(lines) {
		t.Fatalf("imported %d events, want %d", n, len(lines))
	}
	stepThrough(t, p, len(lines))
	for _, m := range []string{"resources/read", "subscriptions/listen", "server/discover", "notifications/progress", "notifications/resources/updated"} {
		if n := eval[int](tb, p.el+`.querySelectorAll('[data-method="`+m+`"]').length`); n == 0 {
			t.Errorf("no row for %s", m)
		}
	}
	if n := eval[int](tb, `[...`+p.el+`.querySelectorAll('[data-method=http] .pl-label')].filter((l) => l.textContent.includes('SSE stream')).length`); n != 41 {
		t.Errorf("%d rows name an SSE stream, want 41", n)
	}
	tb.noProblems()
}
