package trace

import (
	"errors"
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
