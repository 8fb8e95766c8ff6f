package play

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// A Result is a finished run.
type Result struct {
	Info   Info          `json:"info"`
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

// ErrUnknown is returned by [Catalogue.Run] for an id that is not in
// [Catalogue.List].
var ErrUnknown = errors.New("unknown scenario")

// RuntimeHTTP is the [Info.Runtime] of scenarios that need streamable HTTP:
// the browser runs them in sim-http.wasm, whose main imports their
// families.
const RuntimeHTTP = "http"

// MaxRun bounds one scenario run in real time. Scenarios wait on SDK
// goroutines; if a bug ever leaves one waiting for a frame that never comes,
// the run fails with an error instead of hanging the page. The bound never
// reaches the trace.
const MaxRun = 20 * time.Second

// A Catalogue is the scenarios of some families, in course order: the
// registry's catalogue holds every family, a browser build's main gathers
// the families it carries. It is built afresh by each caller and never
// shared, so nothing in it is mutable state.
type Catalogue struct {
	presets []Preset
}

// NewCatalogue gathers the presets of each family, in the order given, and
// completes their Info: the family's name, choices and runtime, the encoded
// parameters, and a counterpart that only the other side names.
func NewCatalogue(groups ...[]Preset) *Catalogue {
	var all []Preset
	for _, group := range groups {
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
		p.Info.Runtime = p.Family.Runtime
		if p.Params != nil {
			b, err := json.Marshal(p.Params)
			if err != nil {
				panic(err)
			}
			p.Info.Params = b
		}
	}
	return &Catalogue{presets: all}
}

// Presets returns the catalogue's presets, in course order.
func (c *Catalogue) Presets() []Preset { return c.presets }

// List returns every scenario, in course order.
func (c *Catalogue) List() []Info {
	out := make([]Info, len(c.presets))
	for i, p := range c.presets {
		out[i] = p.Info
	}
	return out
}

// IDs returns every scenario id, in course order.
func (c *Catalogue) IDs() []string {
	var ids []string
	for _, p := range c.presets {
		ids = append(ids, p.Info.ID)
	}
	return ids
}

// Run plays scenario id. overrides, if not empty, is a JSON object whose
// fields replace the preset's parameters; unknown fields and invalid values
// are errors. Run never panics on bad input and always returns within
// [MaxRun].
func (c *Catalogue) Run(ctx context.Context, id string, overrides json.RawMessage) (*Result, error) {
	p, info, params, err := c.prepare(id, overrides)
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

// Check returns the error [Catalogue.Run] would return for id and
// overrides before playing anything: an unknown id, parameters that do not
// decode, or values the family refuses. It runs nothing, so a build can
// check every link that sets parameters.
func (c *Catalogue) Check(id string, overrides json.RawMessage) error {
	_, _, _, err := c.prepare(id, overrides)
	return err
}

// prepare finds preset id and applies overrides to its parameters,
// returning the preset, the Info a run reports and the decoded, validated
// parameters (nil for a family that takes none).
func (c *Catalogue) prepare(id string, overrides json.RawMessage) (Preset, Info, Validator, error) {
	i := slices.IndexFunc(c.presets, func(p Preset) bool { return p.Info.ID == id })
	if i < 0 {
		return Preset{}, Info{}, nil, fmt.Errorf("%w %q (known: %s)", ErrUnknown, id, strings.Join(c.IDs(), ", "))
	}
	p := c.presets[i]
	info := p.Info
	if p.Family.Params == nil {
		if !isEmptyJSON(overrides) {
			return Preset{}, Info{}, nil, fmt.Errorf("scenario %s takes no parameters", id)
		}
		return p, info, nil, nil
	}
	merged, err := mergeParams(p.Info.Params, overrides)
	if err != nil {
		return Preset{}, Info{}, nil, fmt.Errorf("scenario %s: parameters: %v", id, err)
	}
	params := p.Family.Params()
	dec := json.NewDecoder(bytes.NewReader(merged))
	dec.DisallowUnknownFields()
	if err := dec.Decode(params); err != nil {
		return Preset{}, Info{}, nil, fmt.Errorf("scenario %s: parameters: %v", id, err)
	}
	if err := params.Validate(); err != nil {
		return Preset{}, Info{}, nil, fmt.Errorf("scenario %s: parameters: %v", id, err)
	}
	// The result names the parameters it ran with, not the preset's.
	if info.Params, err = json.Marshal(params); err != nil {
		return Preset{}, Info{}, nil, err
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
