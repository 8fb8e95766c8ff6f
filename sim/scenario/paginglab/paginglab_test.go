package paginglab

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play/playtest"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// listResults returns the result member of every tools/list response in
// frames, in order.
func listResults(frames []string) []string {
	var out []string
	for _, raw := range frames {
		if strings.Contains(raw, `"tools":[`) {
			out = append(out, resultOf([]byte(raw)))
		}
	}
	return out
}

// TestPagingLabClaims checks that each paging-lab scenario's trace shows
// what its summary and lessons 4 and 5 say.
func TestPagingLabClaims(t *testing.T) {
	tests := []struct {
		id, params string
		check      func(r *play.Result) string
	}{
		{"paging-replay-stable", "", func(r *play.Result) string {
			one, two := listResults(playtest.RunFrames(r, "walk 1")), listResults(playtest.RunFrames(r, "walk 2"))
			if len(one) != 3 || !slices.Equal(one, two) {
				return "want walk 2 to read walk 1's 3 results again, byte for byte"
			}
			if got := r.Final().Catalog; !slices.Equal(got, []string{"alpha", "beta", "delta", "epsilon", "gamma"}) {
				return "want the tools in name order, got " + strings.Join(got, ",")
			}
			return ""
		}},
		{"paging-replay-stable", `{"add_between":"aardvark"}`, func(r *play.Result) string {
			one, two := listResults(playtest.RunFrames(r, "walk 1")), listResults(playtest.RunFrames(r, "walk 2"))
			if slices.Equal(one, two) || !slices.ContainsFunc(playtest.RunFrames(r, "walk 2"), func(s string) bool { return strings.Contains(s, "notifications/tools/list_changed") }) {
				return "want a list_changed notification and different pages after a new generation"
			}
			if r.Final().Catalog[0] != "aardvark" {
				return "want aardvark first in walk 2"
			}
			return ""
		}},
		{"paging-slow-page", "", func(r *play.Result) string {
			st := r.Final()
			if st.Catalog != nil || !strings.Contains(st.Error, "per-request timeout of 3000 ms") {
				return "want no catalog and the per-request deadline's error, got " + st.Error
			}
			var timeout trace.Event
			for _, e := range r.Events {
				if e.Kind == trace.KindFault {
					timeout = e
				}
			}
			// Page 3 is requested at 808 ms; its deadline is 3000 ms later.
			if timeout.AtMS != 3808 || !strings.Contains(string(timeout.Payload), `"timeout"`) {
				return "want the timeout fault at 3808 ms on the virtual clock"
			}
			frames := playtest.WireFrames(r)
			if !strings.Contains(frames[len(frames)-2], `"notifications/cancelled"`) || !strings.Contains(frames[len(frames)-1], `"error"`) {
				return "want notifications/cancelled, then the cancelled handler's error"
			}
			return ""
		}},
		{"paging-slow-page", `{"request_timeout_ms":0}`, func(r *play.Result) string {
			if st := r.Final(); st.Catalog != nil || !strings.Contains(st.Error, "whole-walk timeout of 15000 ms") || r.Events[len(r.Events)-1].AtMS != 15005 {
				return "want the whole-walk deadline to end the walk at 15000 ms after it started, got " + st.Error
			}
			return ""
		}},
		{"paging-slow-page", `{"stall_page":0}`, func(r *play.Result) string {
			if st := r.Final(); st.Error != "" || len(st.Catalog) != 5 {
				return "want the whole catalog when every page arrives in time"
			}
			return ""
		}},
		{"paging-principal-cursor", "", func(r *play.Result) string {
			bobs := playtest.RunFrames(r, bob)
			refused := slices.IndexFunc(bobs, func(s string) bool { return strings.Contains(s, `"code":-32602`) })
			if refused < 1 {
				return "want bob's request with alice's cursor refused with -32602"
			}
			if cursor := nextCursorOf(playtest.RunFrames(r, alice)[4]); cursor == "" || !strings.Contains(bobs[refused-1], `"cursor":"`+cursor+`"`) {
				return "want bob's refused request to carry alice's first nextCursor"
			}
			if got := playtest.LastState(r, alice).Catalog; len(got) != 4 {
				return "want alice's catalog of 4 tools"
			}
			if got := playtest.LastState(r, bob).Catalog; slices.Contains(got, "export_customers") || len(got) != 3 {
				return "want bob's own catalog, without export_customers"
			}
			if !slices.ContainsFunc(playtest.WireFrames(r), func(s string) bool { return strings.Contains(s, `"cacheScope":"private"`) }) {
				return "want the per-principal pages marked private"
			}
			return ""
		}},
		{"paging-listed-not-callable", "", func(r *play.Result) string {
			st := r.Final()
			if !slices.Contains(playtest.LastState(r, bob).Catalog, "refund_order") {
				return "want refund_order in bob's list"
			}
			if len(st.Outcomes) != 2 || st.Outcomes[0].Status != trace.OutcomeFailed || !strings.Contains(st.Outcomes[0].Detail, "not permitted") || st.Outcomes[1].Status != trace.OutcomeSucceeded {
				return "want bob's call refused with a reason and alice's to succeed"
			}
			return ""
		}},
	}
	for _, tc := range tests {
		t.Run(tc.id+tc.params, func(t *testing.T) {
			res, err := play.NewCatalogue(Presets()).Run(context.Background(), tc.id, json.RawMessage(tc.params))
			if err != nil {
				t.Fatal(err)
			}
			if msg := tc.check(res); msg != "" {
				t.Error(msg)
			}
		})
	}
}

// nextCursorOf returns the nextCursor of a tools/list response frame.
func nextCursorOf(raw string) string {
	var m struct {
		Result struct {
			NextCursor string `json:"nextCursor"`
		} `json:"result"`
	}
	json.Unmarshal([]byte(raw), &m)
	return m.Result.NextCursor
}

func TestPagingLabRefusesBadParameters(t *testing.T) {
	tests := []struct{ name, id, params, want string }{
		{"stall without deadline", "paging-slow-page", `{"request_timeout_ms":0,"walk_timeout_ms":0}`, "wait forever"},
		{"stall past the last page", "paging-slow-page", `{"stall_page":9}`, "stall_page 9"},
		{"timeout on replay", "paging-replay-stable", `{"walk_timeout_ms":5}`, "for case slow-page"},
		{"add an existing tool", "paging-replay-stable", `{"add_between":"beta"}`, "already a tool"},
		{"call an unknown tool", "paging-listed-not-callable", `{"call":"nope"}`, "call \"nope\""},
		{"one page to misuse", "paging-principal-cursor", `{"page_size":10}`, "more tools than page_size"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := play.NewCatalogue(Presets()).Run(context.Background(), tc.id, json.RawMessage(tc.params))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Run(%s, %s) error = %v, want one containing %q", tc.id, tc.params, err, tc.want)
			}
		})
	}
}
