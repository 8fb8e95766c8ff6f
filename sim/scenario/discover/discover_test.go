package discover

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play/playtest"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// TestDiscoverClaims checks that each discover scenario's trace shows what
// its summary says, as TestScenarioClaims does for the older families.
func TestDiscoverClaims(t *testing.T) {
	tests := []struct {
		id    string
		check func(r *play.Result) string
	}{
		{"discover-version-retry", func(r *play.Result) string {
			f := playtest.MessageEvents(r)
			want := []string{
				`"id":1,"method":"server/discover"`, `"error":{"code":-32022,`,
				`"id":2,"method":"server/discover"`, `"resultType":"complete"`,
				`"method":"tools/list"`, `"resultType":"complete"`,
			}
			if len(f) != len(want) {
				return fmt.Sprintf("%d frames, want %d", len(f), len(want))
			}
			for i, w := range want {
				if !strings.Contains(f[i].Raw, w) {
					return fmt.Sprintf("frame %d: want %s in %s", i+1, w, f[i].Raw)
				}
			}
			if !strings.Contains(f[0].Raw, `protocolVersion":"2027-01-01"`) || !strings.Contains(f[1].Raw, `"supported":["2026-07-28"`) ||
				!strings.Contains(f[2].Raw, `protocolVersion":"2026-07-28"`) || !strings.Contains(f[4].Raw, `protocolVersion":"2026-07-28"`) {
				return "want 2027-01-01 refused with a list naming 2026-07-28, then 2026-07-28 on the retry and on tools/list"
			}
			if st := r.Final(); st.Protocol != play.V20260728 || st.Client != trace.ClientClosed {
				return "want CLOSED at 2026-07-28"
			}
			return ""
		}},
		{"discover-inline-retry", func(r *play.Result) string {
			f := playtest.MessageEvents(r)
			if len(f) != 4 || slices.ContainsFunc(f, func(e trace.Event) bool { return strings.Contains(e.Raw, "server/discover") }) {
				return "want four frames and no server/discover"
			}
			if !strings.Contains(f[0].Raw, `"id":1,"method":"tools/call"`) || !strings.Contains(f[0].Raw, "2027-01-01") || !strings.Contains(f[1].Raw, `"code":-32022`) ||
				!strings.Contains(f[2].Raw, `"id":2,"method":"tools/call"`) || !strings.Contains(f[2].Raw, `protocolVersion":"2026-07-28"`) ||
				!strings.Contains(f[3].Raw, `"resultType":"complete"`) || !strings.Contains(f[3].Raw, `"quantity":12`) {
				return "want tools/call at 2027-01-01 refused with -32022, then re-issued with id 2 at 2026-07-28 and answered"
			}
			return ""
		}},
		{"discover-fallback", func(r *play.Result) string {
			f := playtest.MessageEvents(r)
			if len(f) < 6 || !strings.Contains(f[0].Raw, `"method":"server/discover"`) || !strings.Contains(f[1].Raw, `"code":-32601`) ||
				!strings.Contains(f[2].Raw, `"method":"initialize"`) || !strings.Contains(f[2].Raw, `"protocolVersion":"2025-11-25"`) ||
				!strings.Contains(f[4].Raw, `"method":"notifications/initialized"`) {
				return "want server/discover refused with -32601, then initialize at 2025-11-25 and notifications/initialized"
			}
			if strings.Contains(f[5].Raw, "_meta") {
				return "want tools/list without _meta on the 2025-11-25 session"
			}
			if got := playtest.ClientStates(r); !slices.Equal(got, []string{"STATELESS", "INITIALIZING", "READY", "CLOSED"}) {
				return "client states " + strings.Join(got, " → ")
			}
			if st := r.Final(); st.Protocol != play.V20251125 {
				return "want protocol 2025-11-25, got " + st.Protocol
			}
			return ""
		}},
		{"discover-legacy-list", func(r *play.Result) string {
			f := playtest.MessageEvents(r)
			if len(f) != 5 || !strings.Contains(f[1].Raw, `"code":-32022`) || !strings.Contains(f[1].Raw, `"supported":["2025-11-25"]`) ||
				!strings.Contains(f[2].Raw, `"method":"initialize"`) || strings.Count(strings.Join([]string{f[0].Raw, f[2].Raw}, ""), "server/discover") != 1 {
				return "want one server/discover refused with -32022 listing only 2025-11-25, then initialize"
			}
			if got := playtest.ClientStates(r); !slices.Equal(got, []string{"STATELESS", "INITIALIZING", "READY", "CLOSED"}) {
				return "client states " + strings.Join(got, " → ")
			}
			return ""
		}},
		{"discover-bad-meta", func(r *play.Result) string {
			var answers []string
			for _, e := range playtest.MessageEvents(r) {
				if e.Direction != play.S2c {
					continue
				}
				switch {
				case strings.Contains(e.Raw, `"error":{"code":0,`):
					answers = append(answers, "0")
				case strings.Contains(e.Raw, `"error":{"code":-32602,`):
					answers = append(answers, "-32602")
				case strings.Contains(e.Raw, `"resultType":"complete"`):
					answers = append(answers, "complete")
				case strings.Contains(e.Raw, `"result":`):
					answers = append(answers, "legacy result")
				}
			}
			if want := []string{"0", "-32602", "-32602", "complete", "legacy result"}; !slices.Equal(answers, want) {
				return fmt.Sprintf("answers %v, want %v", answers, want)
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

func TestDiscoverRejectsBadInput(t *testing.T) {
	tests := []struct {
		name, id, params, want string
	}{
		{"bad shape", "discover-fallback", `{"shape":"probe"}`, "shape"},
		{"bad version", "discover-fallback", `{"client_version":"soon"}`, "client_version"},
		{"retry at a version the server implements", "discover-version-retry", `{"client_version":"2026-07-28"}`, "does not implement"},
		{"retry at a legacy version", "discover-inline-retry", `{"client_version":"2024-01-01"}`, "does not implement"},
		{"fallback at a legacy version", "discover-fallback", `{"client_version":"2025-11-25"}`, "supports from"},
		{"bad meta at an unknown version", "discover-bad-meta", `{"client_version":"2027-01-01"}`, "supports from"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := play.NewCatalogue(Presets()).Run(context.Background(), tc.id, json.RawMessage(tc.params))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Run(%q, %s) error = %v, want one containing %q", tc.id, tc.params, err, tc.want)
			}
		})
	}
}
