// Package scenario is the simulator's catalogue: every named scenario the
// course shows, each a preset of a parameterised family, and [Run], which
// plays one and returns its trace.
//
// Scenarios are deterministic: the same id and parameters give byte-identical
// traces natively and in WebAssembly, which is what lets the site bake traces
// at build time and check them against a live run in the browser.
package scenario

import (
	"context"
	"encoding/json"

	"github.com/mcp-playground/mcp-playground/sim/scenario/authsession"
	"github.com/mcp-playground/mcp-playground/sim/scenario/disconnect"
	"github.com/mcp-playground/mcp-playground/sim/scenario/discover"
	"github.com/mcp-playground/mcp-playground/sim/scenario/expiry"
	"github.com/mcp-playground/mcp-playground/sim/scenario/handle"
	"github.com/mcp-playground/mcp-playground/sim/scenario/handshake"
	"github.com/mcp-playground/mcp-playground/sim/scenario/http2026"
	"github.com/mcp-playground/mcp-playground/sim/scenario/httpsession"
	"github.com/mcp-playground/mcp-playground/sim/scenario/lateresponse"
	"github.com/mcp-playground/mcp-playground/sim/scenario/mrtr"
	"github.com/mcp-playground/mcp-playground/sim/scenario/paging"
	"github.com/mcp-playground/mcp-playground/sim/scenario/paging2026"
	"github.com/mcp-playground/mcp-playground/sim/scenario/paginglab"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/reissue"
	"github.com/mcp-playground/mcp-playground/sim/scenario/sessionuser"
	"github.com/mcp-playground/mcp-playground/sim/scenario/ssefragment"
	"github.com/mcp-playground/mcp-playground/sim/scenario/stdio"
	"github.com/mcp-playground/mcp-playground/sim/scenario/tools"
	"github.com/mcp-playground/mcp-playground/sim/scenario/toolsafety"
)

// Info describes a scenario; its families build it (see [play.Info]).
type Info = play.Info

// A ParamDoc says what one parameter of a family means (see [play.ParamDoc]).
type ParamDoc = play.ParamDoc

// A Result is a finished run (see [play.Result]).
type Result = play.Result

// ErrUnknown is returned by [Run] for an id that is not in [List].
var ErrUnknown = play.ErrUnknown

// RuntimeHTTP is the [Info.Runtime] of scenarios that need streamable HTTP.
const RuntimeHTTP = play.RuntimeHTTP

// MaxRun bounds one scenario run in real time (see [play.MaxRun]).
const MaxRun = play.MaxRun

// Catalogue returns every family's scenarios, in course order, each with
// its parameter docs. sim-http.wasm's main serves this catalogue; sim.wasm's
// main (wasm/) gathers the families it carries itself.
func Catalogue() *play.Catalogue {
	var groups [][]play.Preset
	docs := map[string]map[string]string{}
	for _, f := range families() {
		groups = append(groups, f.presets)
		for _, p := range f.presets {
			docs[p.Family.Name] = f.docs
		}
	}
	c := play.NewCatalogue(groups...)
	c.Document(docs)
	return c
}

// A family is one family's presets and the one-line meaning of each of its
// parameters (every parameter has one: TestEveryParameterIsDocumented), so
// that a learner changing a number in the playground need not read the
// source to know what it does or how far it goes.
type family struct {
	presets []play.Preset
	docs    map[string]string
}

// families is every family, in course order: each is a folder under
// sim/scenario, imported above, with one line here. It is a function, not
// a package variable, so that nothing in this package is mutable state.
func families() []family {
	return []family{
		{handshake.Presets(), handshake.ParamDocs()},
		{discover.Presets(), discover.ParamDocs()},
		{stdio.Presets(), stdio.ParamDocs()},
		{http2026.Presets(), http2026.ParamDocs()},
		{ssefragment.Presets(), ssefragment.ParamDocs()},
		{tools.Presets(), tools.ParamDocs()},
		{toolsafety.Presets(), toolsafety.ParamDocs()},
		{mrtr.Presets(), mrtr.ParamDocs()},
		{paging.Presets(), paging.ParamDocs()},
		{paging2026.Presets(), paging2026.ParamDocs()},
		{paginglab.Presets(), paginglab.ParamDocs()},
		{expiry.Presets(), expiry.ParamDocs()},
		{httpsession.Presets(), httpsession.ParamDocs()},
		{sessionuser.Presets(), sessionuser.ParamDocs()},
		{authsession.Presets(), authsession.ParamDocs()},
		{handle.Presets(), handle.ParamDocs()},
		{disconnect.Presets(), disconnect.ParamDocs()},
		{lateresponse.Presets(), lateresponse.ParamDocs()},
		{reissue.Presets(), reissue.ParamDocs()},
	}
}

// List returns every scenario, in course order.
func List() []Info { return Catalogue().List() }

// IDs returns every scenario id, in course order.
func IDs() []string { return Catalogue().IDs() }

// Run plays scenario id. overrides, if not empty, is a JSON object whose
// fields replace the preset's parameters; unknown fields and invalid values
// are errors. Run never panics on bad input and always returns within
// [MaxRun].
func Run(ctx context.Context, id string, overrides json.RawMessage) (*Result, error) {
	return Catalogue().Run(ctx, id, overrides)
}

// Check returns the error [Run] would return for id and overrides before
// playing anything: an unknown id, parameters that do not decode, or values
// the family refuses. It runs nothing, so a build can check every link
// that sets parameters.
func Check(id string, overrides json.RawMessage) error {
	return Catalogue().Check(id, overrides)
}

// presets is the catalogue's presets, in course order.
func presets() []play.Preset { return Catalogue().Presets() }
