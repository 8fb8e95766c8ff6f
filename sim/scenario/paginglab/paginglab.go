// Package paginglab is the paging-lab family: go-sdk's own paging server
// met by replays, slow pages and cursors shown to another principal.
package paginglab

import (
	"context"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// The paging-lab family puts go-sdk v1.8.0 on both ends of a tools/list
// walk, for the paginated-catalog article's cases that need neither a
// misbehaving server nor raw bytes: a replay within one catalog generation,
// a page that never arrives (deadlines on the virtual clock), and a catalog
// that depends on who asks. Its presets are in presets.go, its
// runs in run.go and principal.go. It runs live in the
// larger browser build (sim-http.wasm), so that sim.wasm stays under its
// size limit.
var pagingLabFamily = &play.Family{
	Name:    "paging-lab",
	Params:  func() play.Validator { return &Params{} },
	Choices: pagingLabChoices(),
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runPagingLab(ctx, rec, v.(*Params))
	},
	Runtime: play.RuntimeHTTP,
}

// Params shape a walk over a go-sdk server's own pagination.
type Params struct {
	// Case is replay, slow-page, principal-cursor or listed-not-callable.
	Case string `json:"case"`
	// Tools are the server's tools. go-sdk v1.8.0 lists them sorted by
	// name, whatever order they are given in.
	Tools []string `json:"tools"`
	// PageSize is the server's ServerOptions.PageSize.
	PageSize int `json:"page_size"`

	// AddBetween (replay) names a tool the server registers between the
	// two walks: a new catalog generation. Empty for none. It is always
	// encoded, so that the playground's form, built from a preset's
	// parameters, offers it.
	AddBetween string `json:"add_between"`

	// StallPage (slow-page) is the 1-based page whose answer never comes;
	// 0 for none. PageMS is how long every other page takes, in virtual
	// milliseconds. RequestTimeoutMS bounds each tools/list request and
	// WalkTimeoutMS the whole walk; 0 means no such bound.
	StallPage        int   `json:"stall_page,omitempty"`
	PageMS           int64 `json:"page_ms,omitempty"`
	RequestTimeoutMS int64 `json:"request_timeout_ms,omitempty"`
	WalkTimeoutMS    int64 `json:"walk_timeout_ms,omitempty"`

	// HiddenFromBob (principal cases) are tools the server leaves out of
	// bob's list; RefusedForBob are tools it lists to bob but refuses to
	// run for him. alice, the other principal, may list and call every
	// tool. Call (listed-not-callable) is the tool both call.
	HiddenFromBob []string `json:"hidden_from_bob,omitempty"`
	RefusedForBob []string `json:"refused_for_bob,omitempty"`
	Call          string   `json:"call,omitempty"`
}

// Paging-lab cases.
const (
	labReplay            = "replay"
	labSlowPage          = "slow-page"
	labPrincipalCursor   = "principal-cursor"
	labListedNotCallable = "listed-not-callable"
)

func pagingLabChoices() play.Choices {
	return play.Choices{"case": {labReplay, labSlowPage, labPrincipalCursor, labListedNotCallable}}
}
