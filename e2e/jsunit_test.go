package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// jsUnitPage serves site/js under /js/ and e2e/testdata/jsunit (a test page
// and its module) at the root, and opens the page in a tab: the page's pure
// modules run alone, without a built site or the page flows.
func jsUnitPage(t *testing.T) *tab {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/js/", http.StripPrefix("/js/", http.FileServer(http.Dir(filepath.Join(root, "site", "js")))))
	mux.Handle("/", http.FileServer(http.Dir(filepath.Join(root, "e2e", "testdata", "jsunit"))))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	ctx, cancelT := context.WithTimeout(newTab(t), 90*time.Second)
	t.Cleanup(cancelT)
	tb := &tab{t: t, ctx: ctx, url: srv.URL + "/index.html"}
	if err := chromedp.Listen(ctx, tb.listen); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(tb.url)); err != nil {
		t.Fatal(err)
	}
	tb.waitFor(`window.jsunit && window.jsunit.done`, 30*time.Second)
	return tb
}

// TestJSUnit runs the unit tests of site/js's pure modules (trace.js,
// conformance.js, hash.js, inspector.js's annotations, dom.js's storage)
// in one tab and reports each as a subtest named after the function it
// tests.
func TestJSUnit(t *testing.T) {
	tb := jsUnitPage(t)
	type result struct {
		Fn, Name, Msg string
		OK            bool
	}
	results := eval[[]result](tb, `window.jsunit.results`)
	if len(results) == 0 {
		t.Fatal("the unit page ran no tests")
	}
	for _, r := range results {
		t.Run(r.Fn+"/"+r.Name, func(t *testing.T) {
			if !r.OK {
				t.Errorf("%s: %s", r.Fn, r.Msg)
			}
		})
	}
	tb.t = t
	tb.noProblems()
}

// TestParseTraceMatchesDecode feeds sim/trace.Decode and the page's
// parseTrace the same texts and requires the same verdict and, for a bad
// text, the same line: the player imports exactly what the simulator's
// own decoder accepts. The texts: a table of good and bad lines, the fuzz
// corpus of sim/trace, the conformance corpus, and every line of a few
// golden traces with each of its fields (state's, nested, included) swapped
// for a value of each JSON type.
func TestParseTraceMatchesDecode(t *testing.T) {
	texts := parityTexts(t)
	tb := jsUnitPage(t)
	arg, err := json.Marshal(texts)
	if err != nil {
		t.Fatal(err)
	}
	type verdict struct {
		OK   bool
		N    int
		Line int
		Msg  string
	}
	got := eval[[]verdict](tb, `window.parseAll(`+string(arg)+`)`)
	if len(got) != len(texts) {
		t.Fatalf("parseAll returned %d verdicts for %d texts", len(got), len(texts))
	}
	bad := 0
	for i, text := range texts {
		events, err := trace.Decode(strings.NewReader(text))
		want := verdict{OK: err == nil, N: len(events)}
		var de *trace.DecodeError
		if errors.As(err, &de) {
			want.Line, want.Msg = de.Line, de.Error()
		}
		js := got[i]
		if js.OK != want.OK || js.Line != want.Line || (js.OK && js.N != want.N) {
			bad++
			if bad <= 20 {
				t.Errorf("text %d %s:\n  Decode:     ok=%v n=%d %s\n  parseTrace: ok=%v n=%d %s", i, short(text), want.OK, want.N, want.Msg, js.OK, js.N, js.Msg)
			}
		}
	}
	if bad > 20 {
		t.Errorf("... and %d more disagreements", bad-20)
	}
	t.Logf("%d texts, verdicts agree on %d", len(texts), len(texts)-bad)
	tb.t = t
	tb.noProblems()
}

func short(s string) string {
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return strconv.Quote(s)
}

// parityTable is the hand-written part of the parity test: lines on the
// edges where Go's encoding/json and JavaScript's JSON.parse differ unless
// both decoders take care.
var parityTable = []string{
	`{"seq":1,"kind":"note"}`,
	`{"seq":0,"direction":"client-to-server","transport":"stdio","kind":"lifecycle","event":"transport-open"}`,
	`{"seq":0,"direction":"client-to-server","transport":"stdio","kind":"lifecycle"}`,
	`{"seq":0,"direction":"client-to-server","transport":"stdio","kind":"lifecycle","event":""}`,
	`{"seq":0,"direction":"client-to-server","transport":"stdio","kind":"lifecycle","event":"transport-pause"}`,
	`{"seq":2,"direction":"server-to-client","transport":"streamable-http","kind":"http","status":200,"headers":{"Mcp-Session-Id":"abc"}}`,
	`{"seq":2,"kind":"http","status":65535}`,
	`{"seq":2,"kind":"http","status":65536}`,
	`{"seq":2,"kind":"http","status":-1}`,
	`{"seq":2,"kind":"http","headers":{"a":null}}`,
	`{"seq":2,"kind":"http","headers":[]}`,
	`{"seq":1.0,"kind":"note"}`,
	`{"seq":1e2,"kind":"note"}`,
	`{"seq":1E+2,"kind":"note"}`,
	`{"seq":-0,"kind":"note"}`,
	`{"seq":-0.0,"kind":"note"}`,
	`{"seq":1e-400,"kind":"note"}`,
	`{"seq":1e400,"kind":"note"}`,
	`{"seq":-1e400,"kind":"note"}`,
	`{"seq":0.9999999999999999999,"kind":"note"}`,
	`{"seq":9007199254740991,"kind":"note"}`,
	`{"seq":9007199254740992,"kind":"note"}`,
	`{"seq":18446744073709551616,"kind":"note"}`,
	`{"seq":"1","kind":"note"}`,
	`{"seq":true,"kind":"note"}`,
	`{"seq":null,"kind":"note"}`,
	`{"seq":1,"kind":null}`,
	`{"seq":1,"kind":5}`,
	`{"SEQ":1,"kind":"note"}`,
	`{"Seq":1,"seq":2,"kind":"note"}`,
	`{"seq":1,"kind":"note","KIND":"poem"}`,
	`{"seq":1,"kind":"poem","kind":"note"}`,
	`{"seq":1,"kind":"note","kind":"poem"}`,
	`{"seq":1,"kind":"state","state":{"client":5,"client":"READY"}}`,
	`{"seq":1,"kind":"state","state":{"CLIENT":5}}`,
	`{"seq":1,"kind":"state","state":{"catalog":[null,"a"]}}`,
	`{"seq":1,"kind":"state","state":{"ttl":{"sessions":[null]}}}`,
	`{"seq":1,"kind":"state","state":{"ttl":{"tickets":[{"stale":1}]}}}`,
	`{"seq":1,"kind":"state","state":{"ledger":[{"n":1.5}]}}`,
	`{"seq":1,"kind":"state","state":{"ttl":{"sessions":[{"generation":-0}]}}}`,
	`{"seq":1,"kind":"state","state":{"ttl":{"sessions":[{"generation":-1}]}}}`,
	`{"seq":1,"kind":"state","state":[]}`,
	`{"seq":1,"kind":"note","at_ms":-5}`,
	`{"seq":1,"kind":"note","at_ms":1.25}`,
	`{"seq":1,"kind":"note","direction":""}`,
	`{"seq":1,"kind":"note","direction":null}`,
	`{"seq":1,"kind":"note","direction":1}`,
	`{"seq":1,"kind":"message","direction":"client-to-server","payload":null}`,
	`{"seq":1,"kind":"message","direction":"client-to-server","payload":"{}"}`,
	`{"seq":1,"kind":"message","direction":"client-to-server","payload":{}}`,
	`{"seq":1,"kind":"note","payload":[1,2]}`,
	`{"seq":1,"kind":"note","note":"\ud800"}`,
	`{"seq":1,"kind":"note","se\u0071":2}`,
	`{"seq":1,"kind":"note","__proto__":{"kind":"poem"}}`,
	`{"seq":1,"kind":"note","constructor":1,"toString":2}`,
	`{"seq":1,"kind":"note"} `,
	`{"seq":1,"kind":"note"} x`,
	`{"seq":1,"kind":"note"}{"seq":2,"kind":"note"}`,
	`{"seq":1,"kind":"note",}`,
	`{'seq':1}`,
	"{\"seq\":1,\"kind\":\"note\",\"note\":\"a\tb\"}",
	"{\"seq\":1,\"kind\":\"note\",\"x\":[1,\r2]}",
	"\ufeff{\"seq\":1,\"kind\":\"note\"}",
	"{\"seq\":1,\"kind\":\"note\"}\n\ufeff{\"seq\":2,\"kind\":\"note\"}",
	"\v{\"seq\":1,\"kind\":\"note\"}",
	"\u00a0{\"seq\":1,\"kind\":\"note\"}",
	"{\"seq\":1,\"kind\":\"note\"}\u0085",
	"\t {\"seq\":1,\"kind\":\"note\"} \r",
	"\r\n\r\n{\"seq\":1,\"kind\":\"note\"}\r\n[]",
	"{\"seq\":1,\"kind\":\"note\"}\r{\"seq\":2,\"kind\":\"note\"}",
	"\n\n\n{\"seq\":1}",
	"",
	"\n \n",
	"[]",
	"null",
	"{",
	`{"seq":0,"kind":"note","x":` + strings.Repeat("[", 9999) + strings.Repeat("]", 9999) + "}",
	`{"seq":0,"kind":"note","x":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + "}",
	`{"seq":0,"kind":"note","x":"` + strings.Repeat("[", 10001) + `"}`,
	`{"seq":0,"kind":"note","x":"\"` + strings.Repeat("{", 10001) + `"}`,
	"{\"seq\":0,\"kind\":\"note\"}\n{\"seq\":1,\"kind\":\"note\",\"note\":\"" + strings.Repeat("x", trace.MaxLineBytes) + "\"}",
}

// parityTexts gathers every text the parity test feeds both decoders.
func parityTexts(t *testing.T) []string {
	t.Helper()
	texts := append([]string(nil), parityTable...)
	// The fuzz corpus of sim/trace: inputs that once mattered to Decode.
	corpus, _ := filepath.Glob(filepath.Join("..", "sim", "trace", "testdata", "fuzz", "FuzzDecode", "*"))
	for _, f := range corpus {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s, err := fuzzInput(string(b))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		texts = append(texts, s)
	}
	// The conformance corpus, whole, and each line alone.
	conf, _ := filepath.Glob(filepath.Join("testdata", "conformance", "*.jsonl"))
	var base []string
	for _, f := range conf {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
		base = append(base, firstLines(string(b), 6)...)
	}
	// Lines of golden traces that use every kind of field we record.
	for _, id := range []string{"ttl-stale-growth", "retry-idempotent", "ttl-session-expired", "stdio-banner", "paging-empty-token"} {
		b, err := os.ReadFile(filepath.Join("..", "sim", "scenario", "testdata", "golden", id+".jsonl"))
		if err != nil {
			continue // a renamed scenario: the others still cover the fields
		}
		texts = append(texts, string(b))
		base = append(base, firstLines(string(b), 8)...)
	}
	for _, line := range base {
		texts = append(texts, mutations(t, line)...)
	}
	// A bad line deeper in a text: the line number must agree too.
	n := len(texts)
	for i := 0; i < n; i += 7 {
		texts = append(texts, "{\"seq\":0,\"kind\":\"note\"}\n\n"+texts[i]+"\n{\"seq\":9,\"kind\":\"note\"}")
	}
	return texts
}

func firstLines(s string, n int) []string {
	var out []string
	for line := range strings.Lines(s) {
		if len(out) == n {
			break
		}
		if l := strings.TrimSpace(line); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// fuzzInput reads a file of Go's fuzz corpus format holding one []byte.
func fuzzInput(file string) (string, error) {
	rest, ok := strings.CutPrefix(file, "go test fuzz v1\n")
	if !ok {
		return "", fmt.Errorf("not a fuzz corpus file")
	}
	rest = strings.TrimSpace(rest)
	q, ok := strings.CutPrefix(rest, "[]byte(")
	if !ok || !strings.HasSuffix(q, ")") {
		return "", fmt.Errorf("not a []byte value: %s", rest)
	}
	return strconv.Unquote(strings.TrimSuffix(q, ")"))
}

// swaps are the values each field of a line is replaced with, one at a
// time: every JSON type, and the numbers on the edges of "integer".
var swaps = []string{`null`, `"s"`, `""`, `true`, `0`, `-1`, `1.5`, `2.0`, `1e400`, `9007199254740993`, `[]`, `[null]`, `["s"]`, `[1]`, `{}`, `{"a":null}`, `{"a":"s"}`, `[{}]`}

// mutations returns line with each field (nested ones too, but not inside
// a payload, which may hold anything) replaced by each of swaps, and with
// each field removed.
func mutations(t *testing.T, line string) []string {
	t.Helper()
	v, err := decodeNumbers(line)
	if err != nil {
		return nil
	}
	var out []string
	emit := func() {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	// walk swaps node (unless it is inside a payload) and then its
	// children; opaque: node is a payload, whose children are anything.
	var walk func(node any, set func(any), del func(), depth int, inPayload, opaque bool)
	walk = func(node any, set func(any), del func(), depth int, inPayload, opaque bool) {
		if set != nil && !inPayload {
			for _, s := range swaps {
				nv, err := decodeNumbers(s)
				if err != nil {
					t.Fatal(err)
				}
				set(nv)
				emit()
			}
			set(node)
			if del != nil {
				del()
				emit()
				set(node)
			}
		}
		if depth > 5 {
			return
		}
		inner := inPayload || opaque
		switch n := node.(type) {
		case map[string]any:
			keys := make([]string, 0, len(n))
			for k := range n {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				child := n[k]
				walk(child, func(x any) { n[k] = x }, func() { delete(n, k) }, depth+1, inner, depth == 0 && k == "payload")
			}
		case []any:
			for i := range min(len(n), 2) {
				walk(n[i], func(x any) { n[i] = x }, nil, depth+1, inner, false)
			}
		}
	}
	walk(v, nil, nil, 0, false, false)
	return out
}

// decodeNumbers decodes JSON keeping numbers as written (1e400 included).
func decodeNumbers(s string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}
