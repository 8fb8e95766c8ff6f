// Package scenario is the simulator's catalogue: every named scenario the
// course shows, each a preset of a parameterised family, and [Run], which
// plays one and returns its trace.
//
// Scenarios are deterministic: the same id and parameters give byte-identical
// traces natively and in WebAssembly, which is what lets the site bake traces
// at build time and check them against a live run in the browser.
package scenario

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/scenario/expiry"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// Info describes a scenario; its families build it (see [play.Info]).
type Info = play.Info

// A ParamDoc says what one parameter of a family means (see [play.ParamDoc]).
type ParamDoc = play.ParamDoc

// A Result is a finished run.
type Result struct {
	Info   play.Info     `json:"info"`
	Events []trace.Event `json:"events"`
}

// JSONL returns the trace as JSON Lines.
func (r *Result) JSONL() string {
	s, err := trace.EncodeString(r.Events)
	if err != nil {
		// Events hold only types that encode; this cannot happen.
		panic(err)
	}
	return s
}

// Final returns the state after the last event.
func (r *Result) Final() trace.State {
	if len(r.Events) == 0 || r.Events[len(r.Events)-1].State == nil {
		return trace.State{}
	}
	return *r.Events[len(r.Events)-1].State
}

// ErrUnknown is returned by [Run] for an id that is not in [List].
var ErrUnknown = errors.New("unknown scenario")

// ErrRuntime is returned by [Run] in a browser build that leaves out what
// the scenario needs; [Info.Runtime] names the build that has it.
var ErrRuntime = errors.New("scenario needs another runtime")

// RuntimeHTTP is the [Info.Runtime] of scenarios that need streamable HTTP.
const RuntimeHTTP = "http"

// MaxRun bounds one scenario run in real time. Scenarios wait on SDK
// goroutines; if a bug ever leaves one waiting for a frame that never comes,
// the run fails with an error instead of hanging the page. The bound never
// reaches the trace.
const MaxRun = 20 * time.Second

// List returns every scenario, in course order.
func List() []play.Info {
	ps := presets()
	out := make([]play.Info, len(ps))
	for i, p := range ps {
		out[i] = p.Info
	}
	return out
}

// IDs returns every scenario id, in course order.
func IDs() []string {
	var ids []string
	for _, p := range presets() {
		ids = append(ids, p.Info.ID)
	}
	return ids
}

// Run plays scenario id. overrides, if not empty, is a JSON object whose
// fields replace the preset's parameters; unknown fields and invalid values
// are errors. Run never panics on bad input and always returns within
// [MaxRun].
func Run(ctx context.Context, id string, overrides json.RawMessage) (*Result, error) {
	p, info, params, err := prepare(id, overrides)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, MaxRun)
	defer cancel()
	rec := trace.NewRecorder(trace.InMemory, trace.State{})
	if err := p.Family.Run(ctx, rec, params); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", id, err)
	}
	return &Result{Info: info, Events: slices.Clone(rec.Events())}, nil
}

// Check returns the error [Run] would return for id and overrides before
// playing anything: an unknown id, parameters that do not decode, or values
// the family refuses. It runs nothing, so a build can check every link
// that sets parameters. (sim.wasm leaves out the checks of the families it
// cannot run; natively every family checks its values.)
func Check(id string, overrides json.RawMessage) error {
	_, _, _, err := prepare(id, overrides)
	return err
}

// prepare finds preset id and applies overrides to its parameters,
// returning the preset, the Info a run reports and the decoded, validated
// parameters (nil for a family that takes none).
func prepare(id string, overrides json.RawMessage) (play.Preset, play.Info, play.Validator, error) {
	i := slices.IndexFunc(presets(), func(p play.Preset) bool { return p.Info.ID == id })
	if i < 0 {
		return play.Preset{}, play.Info{}, nil, fmt.Errorf("%w %q (known: %s)", ErrUnknown, id, strings.Join(IDs(), ", "))
	}
	p := presets()[i]
	info := p.Info
	if p.Family.Params == nil {
		if !isEmptyJSON(overrides) {
			return play.Preset{}, play.Info{}, nil, fmt.Errorf("scenario %s takes no parameters", id)
		}
		return p, info, nil, nil
	}
	merged, err := mergeParams(p.Info.Params, overrides)
	if err != nil {
		return play.Preset{}, play.Info{}, nil, fmt.Errorf("scenario %s: parameters: %v", id, err)
	}
	params := p.Family.Params()
	dec := json.NewDecoder(bytes.NewReader(merged))
	dec.DisallowUnknownFields()
	if err := dec.Decode(params); err != nil {
		return play.Preset{}, play.Info{}, nil, fmt.Errorf("scenario %s: parameters: %v", id, err)
	}
	if err := params.Validate(); err != nil {
		return play.Preset{}, play.Info{}, nil, fmt.Errorf("scenario %s: parameters: %v", id, err)
	}
	// The result names the parameters it ran with, not the preset's.
	if info.Params, err = json.Marshal(params); err != nil {
		return play.Preset{}, play.Info{}, nil, err
	}
	return p, info, params, nil
}

// mergeParams replaces the preset's top-level fields with those of
// overrides. Whole fields are replaced, never merged: decoding an override
// straight onto the preset's struct would keep stale fields of slice
// elements (a preset op's "why" on an overriding op) and could not clear an
// omitempty field.
func mergeParams(preset, overrides json.RawMessage) (json.RawMessage, error) {
	if isEmptyJSON(overrides) {
		return preset, nil
	}
	var base, over map[string]json.RawMessage
	if err := json.Unmarshal(preset, &base); err != nil {
		return nil, fmt.Errorf("preset: %v", err)
	}
	if err := json.Unmarshal(overrides, &over); err != nil {
		return nil, fmt.Errorf("want a JSON object: %v", err)
	}
	for k, v := range over {
		base[k] = v
	}
	return json.Marshal(base)
}

func isEmptyJSON(b json.RawMessage) bool {
	t := string(bytes.TrimSpace(b))
	return t == "" || t == "null" || t == "{}"
}

// presets is the catalogue: each family's presets, from its
// <family>_presets.go, in course order. It is a function, not a package
// variable, so that nothing in this package is mutable state.
func presets() []play.Preset {
	var all []play.Preset
	for _, group := range [][]play.Preset{
		handshakePresets(),
		discoverPresets(),
		stdioPresets(),
		http2026Presets(),
		sseFragmentPresets(),
		toolsPresets(),
		toolSafetyPresets(),
		mrtrPresets(),
		pagingPresets(),
		paging2026Presets(),
		pagingLabPresets(),
		expiry.Presets(),
		httpSessionPresets(),
		sessionUserPresets(),
		authSessionPresets(),
		handlePresets(),
		disconnectPresets(),
		lateResponsePresets(),
		reissuePresets(),
	} {
		all = append(all, group...)
	}
	back := map[string]string{}
	for _, p := range all {
		if p.Info.Counterpart != "" {
			back[p.Info.Counterpart] = p.Info.ID
		}
	}
	for i := range all {
		p := &all[i]
		if p.Info.Counterpart == "" {
			p.Info.Counterpart = back[p.Info.ID]
		}
		p.Info.Family = p.Family.Name
		p.Info.Choices = p.Family.Choices.Clone()
		p.Info.ParamDocs = docsFor(p.Family)
		p.Info.Runtime = p.Family.Runtime
		if p.Params != nil {
			b, err := json.Marshal(p.Params)
			if err != nil {
				panic(err)
			}
			p.Info.Params = b
		}
	}
	return all
}
