// Package play is the framework every scenario family shares: a family's
// Info, Family, Preset and parameter docs, the Catalogue that lists and runs
// presets, the Link harness that connects go-sdk's client and server over
// the simulator's wire, and readers of frame fields. It imports no family
// and not the registry: families import it.
package play

import (
	"context"
	"encoding/json"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// Info describes a scenario.
type Info struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Summary string `json:"summary"`
	// Lesson is the tag of the lesson the scenario belongs to
	// (handshake, transports, tools, catalog, paging, ttl, disconnect).
	Lesson string `json:"lesson"`
	// Family names the parameterised family the scenario is a preset of.
	Family string `json:"family"`
	// Era is the protocol version the scenario speaks, or "go-sdk" when the
	// point is SDK behaviour rather than a version of the specification.
	Era string `json:"era"`
	// Counterpart is the id of the same situation in the other era (a
	// 2026-07-28 scenario and the 2025-11-25 one it replaces), or "". A
	// preset names its counterpart on one side; [List] fills in the other.
	Counterpart string `json:"counterpart,omitempty"`
	// Choices lists, for parameters that take one of a few words, the
	// words they accept, so a form can offer them instead of free text.
	Choices map[string][]string `json:"choices,omitempty"`
	// ParamDocs says, for every parameter of the family, what it means and
	// the values it takes (paramdocs.go), keyed by its JSON name.
	ParamDocs map[string]ParamDoc `json:"param_docs,omitempty"`
	// Runtime names the browser build that can run the scenario live:
	// empty for the default one, [RuntimeHTTP] for the build with
	// streamable HTTP (sim-http.wasm, whose main imports the registry).
	// Native builds run everything.
	Runtime string `json:"runtime,omitempty"`
	// Params is the preset's parameters; a caller may override any of them
	// in [Run]. Empty for scenarios without parameters.
	Params json.RawMessage `json:"params,omitempty"`
}

// A family plays scenarios of one shape. run gets the preset's parameters
// with the caller's overrides already applied and validated.
type Family struct {
	Name string
	// params returns a fresh pointer to the family's parameter struct, or
	// nil when the family takes none.
	Params func() Validator
	Run    func(ctx context.Context, rec *trace.Recorder, p Validator) error
	// choices are the words that enumerated parameters accept.
	Choices Choices
	// runtime is the [Info.Runtime] of every scenario of the family.
	Runtime string
}

type Validator interface{ Validate() error }

type Preset struct {
	Info   Info
	Family *Family
	Params any // the preset's parameter values; encoded into Info.Params
}

// A ParamDoc says what one parameter of a family means, for the
// playground's form: [Info.ParamDocs] holds one per parameter, keyed by its
// JSON name.
type ParamDoc struct {
	// Doc is one line: what the parameter does, then the values it takes.
	Doc string `json:"doc"`
	// Type is the JSON type of its value (string, number, boolean, array or
	// object), from the Go field, so a form can offer a parameter the
	// preset leaves out.
	Type string `json:"type"`
}
