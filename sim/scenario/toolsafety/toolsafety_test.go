package toolsafety

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play/playtest"
	"github.com/mcp-playground/mcp-playground/sim/scenario/stdio"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// TestFirstServerClaims checks that the scenarios lesson 3 adds from the
// first-server article (the tool-safety family and the stdio wrapper)
// show what their summaries and the lesson say.
func TestFirstServerClaims(t *testing.T) {
	anyFrame := func(frames []string, s string) bool {
		return slices.ContainsFunc(frames, func(f string) bool { return strings.Contains(f, s) })
	}
	tests := []struct {
		id, params string
		check      func(r *play.Result) string
	}{
		{"tool-error-leak", "", func(r *play.Result) string {
			leaky, careful := playtest.RunFrames(r, "leaky errors"), playtest.RunFrames(r, "actionable errors")
			for _, internal := range []string{"10.0.3.7", "SELECT id", "goroutine 42", "store.go:88", "db-primary.internal"} {
				if !anyFrame(leaky, internal) {
					return "want the leaky server's isError text to carry " + internal
				}
				if anyFrame(careful, internal) {
					return "the careful server leaked " + internal
				}
			}
			if n := strings.Count(strings.Join(leaky, ""), `"isError":true`); n != 2 {
				return "want both leaky failures as isError results"
			}
			if !anyFrame(careful, "incident inc-0001") || !anyFrame(careful, "such as A-1001") || strings.Count(strings.Join(careful, ""), `"isError":true`) != 2 {
				return "want the careful server's isError results to name a next step"
			}
			return ""
		}},
		{"tool-output-untrusted", "", func(r *play.Result) string {
			frames := playtest.WireFrames(r)
			if !anyFrame(frames, "IMPORTANT for the assistant") || !anyFrame(frames, "ignore your previous instructions") {
				return "want the poisoned description and the injected ticket on the wire, unchanged"
			}
			if anyFrame(frames, `"name":"export_customers","arguments"`) {
				return "export_customers was called although the user declined"
			}
			st := r.Final()
			if len(st.Outcomes) != 2 || st.Outcomes[1].Tool != "export_customers" || st.Outcomes[1].Status != trace.OutcomeFailed {
				return "want the proposed export_customers declined"
			}
			return ""
		}},
		{"tool-output-untrusted", `{"confirm":"auto"}`, func(r *play.Result) string {
			if !anyFrame(playtest.WireFrames(r), `"name":"export_customers","arguments"`) || r.Final().Outcomes[1].Status != trace.OutcomeSucceeded {
				return "want the host without consent to call export_customers"
			}
			return ""
		}},
		{"stdio-wrapper-banner", "", func(r *play.Result) string {
			var lines []trace.BytesPayload
			var raws []string
			for _, e := range r.Events {
				if e.Run == "frame checker" && e.Kind == trace.KindBytes && e.Direction == play.S2c {
					var p trace.BytesPayload
					json.Unmarshal(e.Payload, &p)
					lines, raws = append(lines, p), append(raws, e.Raw)
				}
			}
			if len(lines) < 3 || lines[0].Verdict == "ok" || lines[1].Verdict == "ok" || lines[2].Verdict != "ok" {
				return "want the wrapper's echo and the merged log line flagged, then a valid frame"
			}
			if !strings.HasPrefix(raws[1], "level=INFO") {
				return "want the server's stderr log on stdout as line 2"
			}
			if st := r.Final(); st.Client != trace.ClientClosed || !strings.Contains(st.Error, "invalid character 's'") {
				return "want go-sdk's client to fail on the wrapper's banner, got " + st.Error
			}
			return ""
		}},
		{"stdio-wrapper-banner", `{"fault":"none","banner_from":""}`, func(r *play.Result) string {
			if st := r.Final(); st.Client != trace.ClientClosed || !strings.Contains(st.Error, "invalid character 'l'") {
				return "want go-sdk's client to fail on the merged log line even without a banner, got " + st.Error
			}
			return ""
		}},
		{"stdio-wrapper-banner", `{"merge_stderr":false}`, func(r *play.Result) string {
			if slices.ContainsFunc(r.Events, func(e trace.Event) bool { return strings.HasPrefix(e.Raw, "level=") }) {
				return "want no log line on stdout without 2>&1"
			}
			return ""
		}},
	}
	for _, tc := range tests {
		t.Run(tc.id+tc.params, func(t *testing.T) {
			res, err := play.NewCatalogue(Presets(), stdio.Presets()).Run(context.Background(), tc.id, json.RawMessage(tc.params))
			if err != nil {
				t.Fatal(err)
			}
			if msg := tc.check(res); msg != "" {
				t.Error(msg)
			}
		})
	}
}
