package scenario

import (
	"strings"
	"testing"
)

// TestNotesStateTheSpecification holds the trace notes that an independent
// review found overstating what a revision says (issue 25) to the text of
// that revision: each scenario's notes must carry the corrected claim and
// none may carry the old wording.
func TestNotesStateTheSpecification(t *testing.T) {
	tests := []struct {
		id       string
		want     []string // each in some note
		mustNot  []string // in no note
		whatText string   // the revision text the claim rests on
	}{
		{"discover-legacy-list",
			[]string{"go-sdk's choice for a case the specification leaves open, not its rule", "does not fall back to initialize"},
			[]string{"that means the handshake"},
			"2026-07-28 Versioning, Backward Compatibility: a recognized modern error means retry, not fall back"},
		{"handle-expired-2026",
			[]string{"defines no protocol error for an expired handle", "recommends (section Stateful Tools, non-normative) a tool execution error that says so"},
			[]string{"it is the tool's business"},
			"2026-07-28 Tools, Stateful Tools: expiry errors should be tool execution errors that say so"},
		{"paging-2026-cached",
			[]string{`"private" lets a cache reuse it only within the same authorization context (a different access token needs a different cache)`},
			[]string{"this user's client", "the access token that fetched it"},
			"2026-07-28 caching: private scopes a result to the authorization context"},
		{"paging-2026-empty-token",
			[]string{"the same authorization context"},
			[]string{"this user's client"},
			"2026-07-28 caching: private scopes a result to the authorization context"},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			r := mustRun(t, tc.id)
			var notes []string
			for _, e := range r.Events {
				notes = append(notes, e.Note)
			}
			all := strings.Join(notes, "\n")
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("no note says %q (%s)", w, tc.whatText)
				}
			}
			for _, w := range tc.mustNot {
				if strings.Contains(all, w) {
					t.Errorf("a note still says %q (%s)", w, tc.whatText)
				}
			}
		})
	}
}
