package remote

import (
	"testing"
	"time"
)

// TestCallTimeoutCanOnlyBeShortened: MCP_PLAYGROUND_CALL_TIMEOUT may cut
// the wait for a call (the course's test of a spinning submission does);
// a value that would give a hang longer, or that does not parse, leaves
// CallTimeout.
func TestCallTimeoutCanOnlyBeShortened(t *testing.T) {
	for _, tc := range []struct {
		env  string
		want time.Duration
	}{
		{"", CallTimeout},
		{"1s", time.Second},
		{"250ms", 250 * time.Millisecond},
		{"10s", CallTimeout},
		{"1h", CallTimeout},
		{"0s", CallTimeout},
		{"-1s", CallTimeout},
		{"soon", CallTimeout},
	} {
		t.Run(tc.env, func(t *testing.T) {
			t.Setenv("MCP_PLAYGROUND_CALL_TIMEOUT", tc.env)
			if got := callTimeout(); got != tc.want {
				t.Errorf("MCP_PLAYGROUND_CALL_TIMEOUT=%q: callTimeout() = %v, want %v", tc.env, got, tc.want)
			}
		})
	}
}
