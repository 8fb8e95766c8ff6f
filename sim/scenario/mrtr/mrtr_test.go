package mrtr

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play/playtest"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// framesInOrder reports what is wrong when frames do not contain want, one
// substring a frame, in order and nothing else.
func framesInOrder(frames, want []string) string {
	if len(frames) != len(want) {
		return fmt.Sprintf("%d frames, want %d:\n%s", len(frames), len(want), strings.Join(frames, "\n"))
	}
	for i, w := range want {
		if !strings.Contains(frames[i], w) {
			return fmt.Sprintf("frame %d: want %s in %s", i+1, w, frames[i])
		}
	}
	return ""
}

// TestMRTRClaims checks that each mrtr scenario's trace shows what its
// summary says, as TestScenarioClaims does for the older families.
func TestMRTRClaims(t *testing.T) {
	tests := []struct {
		id    string
		check func(r *play.Result) string
	}{
		{"mrtr-elicit-2025", func(r *play.Result) string {
			if msg := framesInOrder(playtest.WireFrames(r), []string{
				`"method":"initialize"`, `"protocolVersion":"2025-11-25"`, `"method":"notifications/initialized"`,
				`"id":2,"method":"tools/call"`, `"method":"elicitation/create"`, `"action":"accept"`, `"id":2,"result":{"content":[{"type":"text","text":"Ordered: 12`,
			}); msg != "" {
				return msg
			}
			if st := r.Final(); len(st.Outcomes) != 1 || st.Outcomes[0].Status != trace.OutcomeSucceeded {
				return "want one SUCCEEDED call"
			}
			return ""
		}},
		{"mrtr-input-required", func(r *play.Result) string {
			f := playtest.WireFrames(r)
			if msg := framesInOrder(f, []string{
				`"method":"server/discover"`, `"resultType":"complete"`,
				`"id":2,"method":"tools/call"`, `"resultType":"input_required"`,
				`"id":3,"method":"tools/call"`, `"resultType":"complete"`,
			}); msg != "" {
				return msg
			}
			if strings.Contains(f[2], "inputResponses") || !strings.Contains(f[3], `"inputRequests":{"confirm":{"method":"elicitation/create"`) || !strings.Contains(f[3], `"requestState":`) {
				return "want a first call without inputResponses answered by inputRequests.confirm and a requestState"
			}
			state := f[3][strings.Index(f[3], `"requestState":`):]
			state = state[:strings.Index(state[len(`"requestState":"`):], `"`)+len(`"requestState":"`)+1]
			if !strings.Contains(f[4], `"inputResponses":{"confirm":{"action":"accept"`) || !strings.Contains(f[4], state) {
				return "want the retry to carry inputResponses.confirm and echo " + state
			}
			if st := r.Final(); st.Outcomes[0].Status != trace.OutcomeSucceeded || !strings.HasPrefix(st.Outcomes[0].Detail, "Ordered") {
				return "want the call SUCCEEDED with the order placed"
			}
			return ""
		}},
		{"mrtr-declined", func(r *play.Result) string {
			f := playtest.WireFrames(r)
			if len(f) != 6 || !strings.Contains(f[4], `"inputResponses":{"confirm":{"action":"decline"}}`) {
				return "want a retry carrying the decline"
			}
			if st := r.Final(); !strings.HasPrefix(st.Outcomes[0].Detail, "Nothing ordered") {
				return "want nothing ordered, got " + st.Outcomes[0].Detail
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

// TestGoSDKMultiRoundTripLimits checks the limits lesson 3 quotes from
// go-sdk v1.8.0's mrtr.go, over the SDK's own in-memory transports (no
// trace): a server that asks forever gets 10 rounds, one that sheds load
// (an empty inputRequests) gets 3, and with the middleware disabled the
// caller gets the input-required result itself.
func TestGoSDKMultiRoundTripLimits(t *testing.T) {
	tests := []struct {
		name     string
		requests mcp.InputRequestMap
		disabled bool // ClientOptions.MultiRoundTrip.Disabled
		calls    int
		wantErr  string // "" for an input-required result handed to the caller
	}{
		{"asks forever", mcp.InputRequestMap{"again": &mcp.ElicitParams{Message: "Again?"}}, false, 10, "exceeded maximum retries (10)"},
		{"sheds load", mcp.InputRequestMap{}, false, 3, "exceeded maximum load-shedding retries (3)"},
		{"disabled", mcp.InputRequestMap{"again": &mcp.ElicitParams{Message: "Again?"}}, true, 1, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			calls := 0
			s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
			s.AddTool(&mcp.Tool{Name: "ask", InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				calls++
				return &mcp.CallToolResult{InputRequests: tc.requests, RequestState: "s"}, nil
			})
			st, ct := mcp.NewInMemoryTransports()
			ss, err := s.Connect(ctx, st, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer ss.Wait()
			c := mcp.NewClient(&play.ClientInfo, &mcp.ClientOptions{
				ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
					return &mcp.ElicitResult{Action: "accept"}, nil
				},
				MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: tc.disabled},
			})
			cs, err := c.Connect(ctx, ct, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "ask"})
			switch {
			case tc.wantErr == "" && (err != nil || !res.NeedsInput() || res.RequestState != "s"):
				t.Errorf("CallTool = %v, %v; want the input-required result itself", res, err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Errorf("CallTool error = %v, want %q", err, tc.wantErr)
			}
			if calls != tc.calls {
				t.Errorf("handler ran %d times, want %d", calls, tc.calls)
			}
		})
	}
}
