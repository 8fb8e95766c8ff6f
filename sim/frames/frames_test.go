package frames

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestCheckLine(t *testing.T) {
	tests := []struct {
		name    string
		line    string
		wantErr string // substring; empty means valid
	}{
		{"request", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, ""},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, ""},
		{"result", `{"jsonrpc":"2.0","id":"a","result":{}}`, ""},
		{"error", `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"bad"}}`, ""},
		{"escaped newline inside a string", `{"jsonrpc":"2.0","id":1,"result":{"text":"a\nb"}}`, ""},
		{"banner", `inventory server v1 starting...`, "not JSON"},
		{"pretty-printed first line", `{`, "split over several lines"},
		{"missing version", `{"id":1,"method":"x"}`, `"jsonrpc":"2.0"`},
		{"wrong version", `{"jsonrpc":"1.0","id":1,"method":"x"}`, `"jsonrpc":"2.0"`},
		{"batch", `[{"jsonrpc":"2.0","id":1,"method":"x"}]`, "not a JSON object"},
		{"result and error", `{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}`, "both"},
		{"response without id", `{"jsonrpc":"2.0","result":{}}`, "without id"},
		{"neither", `{"jsonrpc":"2.0","id":1}`, "neither"},
		{"request with result", `{"jsonrpc":"2.0","id":1,"method":"x","result":{}}`, "cannot carry"},
		{"object id", `{"jsonrpc":"2.0","id":{},"result":{}}`, "string or an integer"},
		{"negative id", `{"jsonrpc":"2.0","id":-3,"method":"ping"}`, ""},
		{"fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, "string or an integer"},
		{"integer written with a fraction", `{"jsonrpc":"2.0","id":1.0,"result":{}}`, "string or an integer"},
		{"integer written with an exponent", `{"jsonrpc":"2.0","id":1e3,"result":{}}`, "string or an integer"},
		{"null request id", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, "never null"},
		{"null id on a result", `{"jsonrpc":"2.0","id":null,"result":{}}`, "never null"},
		{"null id on an error", `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}`, "never null"},
		{"error without id (the request's id was unreadable)", `{"jsonrpc":"2.0","error":{"code":-32700,"message":"parse error"}}`, ""},
		{"params object", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`, ""},
		{"params array", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":["get_stock"]}`, "params must be an object"},
		{"params null on a notification", `{"jsonrpc":"2.0","method":"notifications/initialized","params":null}`, "params must be an object"},
		{"result null", `{"jsonrpc":"2.0","id":1,"result":null}`, "result must be an object"},
		{"result array", `{"jsonrpc":"2.0","id":1,"result":[]}`, "result must be an object"},
		{"fractional error code", `{"jsonrpc":"2.0","id":1,"error":{"code":-32602.5,"message":"m"}}`, "code must be an integer"},
		{"string error code", `{"jsonrpc":"2.0","id":1,"error":{"code":"-32602","message":"m"}}`, "code must be an integer"},
		{"invalid UTF-8 in a string", "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"text\":\"caf\xe9\"}}", "invalid UTF-8"},
		{"valid UTF-8", `{"jsonrpc":"2.0","id":1,"result":{"text":"café ☕"}}`, ""},
		{"error without code", `{"jsonrpc":"2.0","id":1,"error":{"message":"m"}}`, "code and message"},
		{"carriage return", "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\r", "carriage return"},
		{"empty", ``, "empty line"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckLine([]byte(tc.line))
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("CheckLine(%q) = %v, want nil", tc.line, err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Errorf("CheckLine(%q) = %v, want error containing %q", tc.line, err, tc.wantErr)
			case err != nil && !slices.Contains(Complaints(), err.Error()):
				// A page translates a verdict by its whole text.
				t.Errorf("CheckLine(%q) = %v, which Complaints does not list", tc.line, err)
			}
		})
	}
}

func TestCheckStreamFlagsTheBadLines(t *testing.T) {
	stream := "starting server\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n{\n  \"jsonrpc\": \"2.0\"\n}\n{\"jsonrpc\":\"2.0\",\"method\":\"x\"}"
	got := CheckStream([]byte(stream))
	wantBad := []bool{true, false, true, true, true, true}
	if len(got) != len(wantBad) {
		t.Fatalf("CheckStream gave %d verdicts, want %d: %+v", len(got), len(wantBad), got)
	}
	for i, v := range got {
		if (v.Err != nil) != wantBad[i] || v.Line != i+1 {
			t.Errorf("line %d (%q): err = %v, want bad=%v", v.Line, v.Text, v.Err, wantBad[i])
		}
	}
	if !errors.Is(got[5].Err, ErrNotTerminated) {
		t.Errorf("last line error = %v, want ErrNotTerminated", got[5].Err)
	}
}

func FuzzCheckStream(f *testing.F) {
	for _, s := range []string{
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\"}\n",
		"banner\n{}\n",
		"{\n}\n",
		"{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"parse\"}}\n",
		"{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"x\",\"params\":[]}\n\xff\n",
		"\r\n\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		vs := CheckStream(data)
		total := 0
		for i, v := range vs {
			if v.Line != i+1 {
				t.Fatalf("verdict %d has line %d", i, v.Line)
			}
			total += len(v.Text)
		}
		// Every byte but the LFs is in exactly one verdict's text.
		if total+strings.Count(string(data), "\n") != len(data) {
			t.Fatalf("verdicts cover %d bytes plus %d LFs of %d", total, strings.Count(string(data), "\n"), len(data))
		}
	})
}
