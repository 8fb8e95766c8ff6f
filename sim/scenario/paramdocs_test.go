package scenario

import (
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario/disconnect"
	"github.com/mcp-playground/mcp-playground/sim/scenario/paging"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/tools"
)

// TestEveryParameterIsDocumented checks that every parameter of every
// family has a one-line meaning for the playground's form, and that no
// meaning names a parameter the family does not have. A new family, or a
// new field, fails here until paramdocs.go says what it is.
func TestEveryParameterIsDocumented(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range presets() {
		f := p.Family
		if seen[f.Name] || f.Params == nil {
			continue
		}
		seen[f.Name] = true
		types := play.ParamTypes(reflect.TypeOf(f.Params()).Elem())
		docs := p.Info.ParamDocs
		for name := range types {
			d, ok := docs[name]
			if !ok || d.Doc == "" {
				t.Errorf("family %s: parameter %q has no description in paramdocs.go", f.Name, name)
				continue
			}
			if d.Type != types[name] {
				t.Errorf("family %s: parameter %q has type %q, want %q", f.Name, name, d.Type, types[name])
			}
		}
		for name := range docs {
			if _, ok := types[name]; !ok {
				t.Errorf("family %s: paramdocs.go describes %q, which is not a parameter (have %v)", f.Name, name, slices.Sorted(maps.Keys(types)))
			}
		}
	}
}

func TestParamTypesFromGoFields(t *testing.T) {
	got := play.ParamTypes(reflect.TypeOf(paging.Params{}))
	for name, want := range map[string]string{"pages": "array", "shape": "string", "max_pages": "number", "seed": "number", "twist": "string"} {
		if got[name] != want {
			t.Errorf("play.ParamTypes(paging.Params)[%q] = %q, want %q", name, got[name], want)
		}
	}
	if got := play.ParamTypes(reflect.TypeOf(disconnect.Params{}))["cancel_late"]; got != "boolean" {
		t.Errorf("cancel_late = %q, want boolean", got)
	}
	if got := play.ParamTypes(reflect.TypeOf(tools.Params{}))["calls"]; got != "array" {
		t.Errorf("calls = %q, want array", got)
	}
}
