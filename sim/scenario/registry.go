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
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/reissue"
	"github.com/mcp-playground/mcp-playground/sim/scenario/sessionuser"
	"github.com/mcp-playground/mcp-playground/sim/scenario/ssefragment"
	"github.com/mcp-playground/mcp-playground/sim/scenario/stdio"
	"github.com/mcp-playground/mcp-playground/sim/scenario/tools"
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
// its parameter docs. The families are imported here, one line each;
// sim-http.wasm's main runs this catalogue, sim.wasm's main gathers the
// families it carries itself.
func Catalogue() *play.Catalogue {
	c := play.NewCatalogue(
		handshake.Presets(),
		discover.Presets(),
		stdio.Presets(),
		http2026.Presets(),
		ssefragment.Presets(),
		tools.Presets(),
		toolSafetyPresets(),
		mrtr.Presets(),
		paging.Presets(),
		paging2026Presets(),
		pagingLabPresets(),
		expiry.Presets(),
		httpsession.Presets(),
		sessionuser.Presets(),
		authsession.Presets(),
		handle.Presets(),
		disconnect.Presets(),
		lateresponse.Presets(),
		reissue.Presets(),
	)
	c.Document(paramDocs())
	return c
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
