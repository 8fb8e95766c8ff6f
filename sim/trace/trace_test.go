package trace

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestDecode(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		wantLine int    // 0: no error
		wantErr  string // substring
		wantN    int
	}{
		{"own format", `{"seq":1,"direction":"client-to-server","transport":"in-memory","kind":"message","payload":{"jsonrpc":"2.0","id":1,"method":"ping"},"at_ms":1,"raw":"x","state":{"client":"NEW"}}`, 0, "", 1},
		{"conformance fields only", `{"seq":1,"direction":"server-to-client","transport":"stdio","kind":"message","payload":{"jsonrpc":"2.0","id":1,"result":{}}}`, 0, "", 1},
		{"blank lines skipped", "\n{\"seq\":1,\"kind\":\"note\"}\n\n{\"seq\":2,\"kind\":\"note\"}\n", 0, "", 2},
		{"not an object", "{\"seq\":1,\"kind\":\"note\"}\n[1]", 2, "not a JSON object", 0},
		{"broken JSON", `{"seq":1,`, 1, "invalid JSON", 0},
		{"missing seq", `{"kind":"note"}`, 1, `missing "seq"`, 0},
		{"missing kind", `{"seq":1}`, 1, `missing "kind"`, 0},
		{"unknown kind", `{"seq":1,"kind":"poem"}`, 1, "unknown kind", 0},
		{"unknown direction", `{"seq":1,"kind":"note","direction":"sideways"}`, 1, "unknown direction", 0},
		{"message without direction", `{"seq":1,"kind":"message","payload":{}}`, 1, "without a direction", 0},
		{"message payload not object", `{"seq":1,"kind":"message","direction":"client-to-server","payload":"hi"}`, 1, "payload", 0},
		{"negative seq", `{"seq":-1,"kind":"note"}`, 1, "negative", 0},
		{"seq not a number", `{"seq":"one","kind":"note"}`, 1, "", 0},
		{"third line bad", "{\"seq\":1,\"kind\":\"note\"}\n{\"seq\":2,\"kind\":\"note\"}\nnope", 3, "not a JSON object", 0},
		// The conformance format (tomtom215/mcp-conformance,
		// crates/mcp-conformance-core/src/trace.rs): seq from 0, lifecycle
		// events, http events with top-level status and headers, ts.
		{"lifecycle", `{"seq":0,"direction":"client-to-server","transport":"stdio","kind":"lifecycle","event":"transport-open"}`, 0, "", 1},
		{"lifecycle without event", `{"seq":0,"direction":"client-to-server","transport":"stdio","kind":"lifecycle"}`, 1, "lifecycle", 0},
		{"http top-level", `{"seq":2,"direction":"server-to-client","transport":"streamable-http","kind":"http","status":200,"headers":{"Mcp-Session-Id":"abc","content-type":"text/event-stream"},"ts":"2026-07-28T10:00:00.120Z"}`, 0, "", 1},
		{"http request headers only", `{"seq":1,"direction":"client-to-server","transport":"streamable-http","kind":"http","headers":{"mcp-method":"tools/call","mcp-name":"get_stock"}}`, 0, "", 1},
		{"status out of range", `{"seq":1,"kind":"http","status":70000}`, 1, "HTTP status", 0},
		{"header not a string", `{"seq":1,"kind":"http","headers":{"x":1}}`, 1, `"headers.x" is not a string`, 0},
		{"ts not a string", `{"seq":1,"kind":"note","ts":5}`, 1, `"ts" is not a string`, 0},
		{"seq 1.0 is an integer", `{"seq":1.0,"kind":"note"}`, 0, "", 1},
		{"seq 1.5", `{"seq":1.5,"kind":"note"}`, 1, "not an integer", 0},
		{"seq beyond 2^53", `{"seq":9007199254740993,"kind":"note"}`, 1, "too large", 0},
		{"seq null", `{"seq":null,"kind":"note"}`, 1, `missing "seq"`, 0},
		{"names are case-sensitive", `{"SEQ":1,"kind":"note"}`, 1, `missing "seq"`, 0},
		{"state field of the wrong type", `{"seq":1,"kind":"state","state":{"catalog":"alpha"}}`, 1, `"state.catalog" is not a list`, 0},
		{"state nested", `{"seq":1,"kind":"state","state":{"ttl":{"sessions":[{"generation":-1}]}}}`, 1, `"state.ttl.sessions[0].generation" is negative`, 0},
		{"null is the zero value", `{"seq":1,"kind":"note","note":null,"state":{"catalog":null,"client":null}}`, 0, "", 1},
		{"byte order mark", "\ufeff{\"seq\":0,\"kind\":\"note\"}", 0, "", 1},
		{"CRLF", "{\"seq\":0,\"kind\":\"note\"}\r\n{\"seq\":1,\"kind\":\"note\"}\r\n", 0, "", 2},
		{"line too long", "{\"seq\":0,\"kind\":\"note\"}\n{\"seq\":1,\"kind\":\"note\",\"note\":\"" + strings.Repeat("x", MaxLineBytes) + "\"}", 2, "too long", 0},
		{"unknown fields kept", `{"seq":0,"kind":"note","x-capture":{"host":"h"},"Seq":3}`, 0, "", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			events, err := Decode(strings.NewReader(tc.in))
			if tc.wantLine == 0 {
				if err != nil || len(events) != tc.wantN {
					t.Fatalf("Decode = %d events, %v; want %d events", len(events), err, tc.wantN)
				}
				return
			}
			var de *DecodeError
			if !errors.As(err, &de) || de.Line != tc.wantLine || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("Decode error = %v, want line %d containing %q", err, tc.wantLine, tc.wantErr)
			}
		})
	}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	rec := NewRecorder(InMemory, State{Client: ClientNew})
	rec.Add(Event{Kind: KindMessage, Direction: ClientToServer, Payload: []byte(`{"jsonrpc":"2.0","id":1,"method":"x","params":{"d":"<img src=x>"}}`), Raw: `{"cursor":""}`})
	rec.Advance(5)
	rec.Changed("catalog", func(s *State) { s.Catalog = []string{"alpha"}; s.Cursors = []string{""} })
	text, err := EncodeString(rec.Events())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "<img src=x>") {
		t.Errorf("Encode escaped HTML: %s", text)
	}
	events, err := Decode(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	again, _ := EncodeString(events)
	if again != text {
		t.Errorf("round trip changed the trace:\n%s\n%s", text, again)
	}
	if events[1].AtMS != 5 || events[1].Seq != 2 || events[1].State.Cursors[0] != "" {
		t.Errorf("decoded event = %+v", events[1])
	}
}

// TestUnknownFieldsSurvive: a field neither format knows is kept and
// written back, after the known ones.
func TestUnknownFieldsSurvive(t *testing.T) {
	in := `{"seq":0,"direction":"client-to-server","transport":"stdio","kind":"message","payload":{"jsonrpc":"2.0","id":1,"method":"resources/read"},"ts":"2026-07-28T10:00:00Z","x-host":{"name":"h", "pid": 7},"Seq":9}`
	events, err := Decode(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(events[0].Extra["x-host"]); got != `{"name":"h", "pid": 7}` {
		t.Errorf("Extra[x-host] = %s", got)
	}
	got, err := EncodeString(events)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"seq":0,"direction":"client-to-server","transport":"stdio","kind":"message","payload":{"jsonrpc":"2.0","id":1,"method":"resources/read"},"at_ms":0,"ts":"2026-07-28T10:00:00Z","Seq":9,"x-host":{"name":"h","pid":7}}` + "\n"
	if got != want {
		t.Errorf("Encode =\n%s\nwant\n%s", got, want)
	}
}

// TestGoldenTracesRoundTrip decodes every golden trace of sim/scenario and
// encodes it again: the strict decoder must know every field our own traces
// use, or the bytes would change.
func TestGoldenTracesRoundTrip(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "scenario", "testdata", "golden", "*.jsonl"))
	if len(files) == 0 {
		t.Skip("no golden traces")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		events, err := Decode(strings.NewReader(string(b)))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		got, _ := EncodeString(events)
		if got != string(b) {
			t.Errorf("%s: decode and encode changed the trace (first difference at byte %d)", filepath.Base(f), firstDiff(got, string(b)))
		}
	}
}

// TestEveryStateFieldDecodes fills every field of a State by reflection and
// requires it back from Decode, so a field added to the types cannot be
// lost on import.
func TestEveryStateFieldDecodes(t *testing.T) {
	var s State
	fill(reflect.ValueOf(&s).Elem())
	e := Event{Seq: 1, Kind: KindState, State: &s, Headers: map[string]string{"mcp-method": "tools/call"}, Status: 200, Event: TransportOpen, TS: "t", Run: "r", Note: "n", Raw: "x", AtMS: 7, Transport: Stdio, Direction: ClientToServer}
	fill(reflect.ValueOf(&e.Payload).Elem())
	text, err := EncodeString([]Event{e})
	if err != nil {
		t.Fatal(err)
	}
	events, err := Decode(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(events[0], e) {
		t.Errorf("Decode(Encode(e)) = %+v\nwant %+v", events[0], e)
	}
}

// fill sets every field of v to a non-zero value.
func fill(v reflect.Value) {
	if v.Type() == reflect.TypeFor[json.RawMessage]() {
		v.SetBytes([]byte(`{"any":[1,"two"]}`))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString("s-" + v.Type().Name())
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64:
		v.SetInt(3)
	case reflect.Uint64:
		v.SetUint(4)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		fill(s.Index(0))
		fill(s.Index(1))
		v.Set(s)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fill(p.Elem())
		v.Set(p)
	case reflect.Struct:
		for i := range v.NumField() {
			fill(v.Field(i))
		}
	}
}

func firstDiff(a, b string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func TestSnapshotsDoNotAlias(t *testing.T) {
	rec := NewRecorder(InMemory, State{})
	rec.Changed("one", func(s *State) { s.Catalog = append(s.Catalog, "alpha") })
	rec.Changed("two", func(s *State) { s.Catalog[0] = "changed" })
	if got := rec.Events()[0].State.Catalog[0]; got != "alpha" {
		t.Errorf("first snapshot changed to %q after a later update", got)
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"seq":1,"kind":"note"}`))
	f.Add([]byte("{\"seq\":1,\"direction\":\"client-to-server\",\"kind\":\"message\",\"payload\":{}}\n\n"))
	f.Add([]byte(`{"seq":1e400,"kind":"note"}`))
	f.Add([]byte("\xff\xfe"))
	f.Add([]byte(`{"seq":0,"direction":"server-to-client","transport":"streamable-http","kind":"http","status":200,"headers":{"Content-Type":"text/event-stream"},"ts":"2026-07-28T10:00:00Z","x":[1]}`))
	f.Add([]byte(`{"seq":0,"direction":"client-to-server","transport":"stdio","kind":"lifecycle","event":"transport-abort"}`))
	f.Add([]byte(`{"seq":1,"kind":"state","state":{"ttl":{"sessions":[{"id":"a","generation":1}]},"catalog":[null]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		events, err := Decode(strings.NewReader(string(data)))
		if err != nil {
			var de *DecodeError
			if !errors.As(err, &de) || de.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		// Whatever decodes must encode and decode again to the same thing.
		text, err := EncodeString(events)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Decode(strings.NewReader(text))
		if err != nil || len(again) != len(events) {
			t.Fatalf("re-decode: %d events, %v; want %d", len(again), err, len(events))
		}
	})
}
