package paging2026

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario/paging"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play/playtest"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// listRequests counts the tools/list requests that crossed r's wire.
func listRequests(r *play.Result) int {
	n := 0
	for _, raw := range playtest.WireFrames(r) {
		if strings.Contains(raw, `"method":"tools/list"`) {
			n++
		}
	}
	return n
}

// TestPaging2026Claims checks that each paging2026 scenario's trace shows
// what its summary says, as TestScenarioClaims does for the older families.
func TestPaging2026Claims(t *testing.T) {
	catalogIs := func(r *play.Result, want ...string) string {
		if got := r.Final().Catalog; !slices.Equal(got, want) {
			return "catalog " + strings.Join(got, ",") + ", want " + strings.Join(want, ",")
		}
		return ""
	}
	tests := []struct {
		id    string
		check func(r *play.Result) string
	}{
		{"paging-2026-cached", func(r *play.Result) string {
			if n := listRequests(r); n != 3 {
				return "want 3 tools/list requests, the second walk from the cache"
			}
			for _, raw := range playtest.WireFrames(r) {
				if strings.Contains(raw, `"tools":[`) && (!strings.Contains(raw, `"ttlMs":300000`) || !strings.Contains(raw, `"cacheScope":"public"`)) {
					return "a page without ttlMs and cacheScope: " + raw
				}
			}
			if e := r.Events[len(r.Events)-1]; e.Kind != trace.KindState || !strings.Contains(e.Note, "not one frame") {
				return "want the second walk to end with no frame"
			}
			return catalogIs(r, "alpha", "beta", "gamma")
		}},
		{"paging-2026-empty-token", func(r *play.Result) string {
			if listRequests(r) != 4 || !slices.ContainsFunc(playtest.WireFrames(r), func(s string) bool { return strings.Contains(s, `"cursor":""`) }) {
				return `want the reference walk to send "cursor":"" (3 requests), then go-sdk's one request`
			}
			if st := playtest.LastState(r, paging.ClientReference); !slices.Equal(st.Catalog, []string{"alpha", "beta", "gamma"}) {
				return "want the reference walk to find every tool"
			}
			return catalogIs(r, "alpha")
		}},
		{"paging-2026-repeat", func(r *play.Result) string {
			if listRequests(r) != 2 || r.Final().Error != "stopped after max_tools" {
				return "want 2 requests, then a loop in the cache stopped by the scenario"
			}
			return catalogIs(r, "alpha", "beta", "beta", "beta", "beta", "beta")
		}},
		{"paging-2026-cycle", func(r *play.Result) string {
			if listRequests(r) != 3 || r.Final().Error != "stopped after max_tools" {
				return "want 3 requests, then a loop in the cache stopped by the scenario"
			}
			return catalogIs(r, "alpha", "beta", "gamma", "beta", "gamma", "beta")
		}},
		{"paging-2026-endless", func(r *play.Result) string {
			if listRequests(r) != 5 || !slices.ContainsFunc(r.Events, func(e trace.Event) bool {
				return e.Kind == trace.KindFault && strings.Contains(e.Note, "cuts the link")
			}) {
				return "want 5 requests, then the link cut by the scenario"
			}
			if st := r.Final(); !strings.Contains(st.Error, "EOF") {
				return "want the iterator's error, got " + st.Error
			}
			return ""
		}},
		{"paging-2026-duplicate", func(r *play.Result) string {
			if r.Final().Error != "" {
				return "want no error"
			}
			return catalogIs(r, "alpha", "beta", "alpha")
		}},
		{"paging-2026-invalid-cursor", func(r *play.Result) string {
			if st := r.Final(); !strings.Contains(st.Error, "never issued") || !slices.ContainsFunc(playtest.WireFrames(r), func(s string) bool { return strings.Contains(s, `"code":-32602`) }) {
				return "want -32602 for the forged cursor"
			}
			return catalogIs(r, "alpha")
		}},
		{"paging-2026-cross-connection", func(r *play.Result) string {
			if st := playtest.LastState(r, "connection 2"); st.Error != "" || !slices.Equal(st.Catalog, []string{"beta", "gamma"}) {
				return "want connection 2 to finish the walk from connection 1's cursor"
			}
			if st := playtest.LastState(r, "server B"); !strings.Contains(st.Error, "never issued") {
				return "want server B to refuse the cursor"
			}
			return ""
		}},
		{"paging-2026-list-changed", func(r *play.Result) string {
			f := playtest.WireFrames(r)
			var methods []string
			for _, raw := range f {
				var m struct {
					Method string `json:"method"`
				}
				json.Unmarshal([]byte(raw), &m)
				if m.Method != "" {
					methods = append(methods, m.Method)
				}
			}
			want := []string{"server/discover", "subscriptions/listen", "notifications/subscriptions/acknowledged",
				"tools/list", "tools/list", "notifications/tools/list_changed", "tools/list", "tools/list"}
			if !slices.Equal(methods, want) {
				return "methods " + strings.Join(methods, " ") + ", want " + strings.Join(want, " ")
			}
			if !slices.ContainsFunc(f, func(s string) bool {
				return strings.Contains(s, `"notifications/tools/list_changed","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":2}`)
			}) {
				return "want the notification tagged with the listen request's id"
			}
			if st := r.Final(); !slices.Equal(st.Active, []string{"alpha", "beta", "delta", "gamma"}) {
				return "want the fresh walk to become the active catalog"
			}
			return catalogIs(r, "alpha", "beta", "delta", "gamma")
		}},
		{"paging-2026-refresh-failed", func(r *play.Result) string {
			st := r.Final()
			if !strings.Contains(st.Error, "EOF") || !slices.Equal(st.Active, []string{"alpha", "beta", "gamma"}) {
				return "want the fresh walk to fail and the active catalog kept"
			}
			if !slices.ContainsFunc(playtest.WireFrames(r), func(s string) bool { return strings.Contains(s, "notifications/tools/list_changed") }) {
				return "want the change announced"
			}
			return ""
		}},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			if msg := tc.check(playtest.MustRun(t, Presets(), tc.id)); msg != "" {
				t.Error(msg)
			}
		})
	}
}

// TestPaging2026Bounds checks that no parameter change can make the go-sdk
// iterator hang: loops the cache would run forever in memory are refused,
// and the others end at the scenario's bounds.
func TestPaging2026Bounds(t *testing.T) {
	if _, err := play.NewCatalogue(Presets()).Run(context.Background(), "paging-2026-repeat", json.RawMessage(`{"pages":[["alpha"],[],["gamma"]]}`)); err == nil || !strings.Contains(err.Error(), "forever") {
		t.Errorf("repeat over an empty cached page: err = %v, want a refusal", err)
	}
	res, err := play.NewCatalogue(Presets()).Run(context.Background(), "paging-2026-repeat", json.RawMessage(`{"ttl_ms":0,"pages":[["alpha"],[],["gamma"]]}`))
	if err != nil {
		t.Fatal(err)
	}
	if n := listRequests(res); n != 10 {
		t.Errorf("repeat with ttl_ms 0: %d requests, want the bound of 10 (nothing cached, every repeat on the wire)", n)
	}
}

// TestPaging2026EndlessWalksOnce: an endless walk ends only when the link
// is cut, so a second walk has no link to run on; the parameters say so
// instead of the run failing on the wire.
func TestPaging2026EndlessWalksOnce(t *testing.T) {
	_, err := play.NewCatalogue(Presets()).Run(context.Background(), "paging-2026-cached", json.RawMessage(`{"shape":"endless"}`))
	if err == nil || !strings.Contains(err.Error(), "parameters: shape endless walks once") {
		t.Errorf("Run(paging-2026-cached, shape endless, walks 2) = %v, want the parameters refused", err)
	}
}
