package play

import (
	"encoding/json"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/wire"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The helpers below read single fields out of a held frame's bytes, so
// that a scenario can put what a frame says into the state snapshot the
// frame itself is recorded with. A field that is missing reads as its
// zero value: the note then says so, and the scenario need not fail.

// frameField returns the value at path in a frame's JSON (say "error",
// "code"), decoded as T; a missing member or another type reads as T's
// zero value.
func FrameField[T any](f *wire.Frame, path ...string) T {
	var zero, v T
	raw := json.RawMessage(f.Raw)
	for _, k := range path {
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil {
			return zero
		}
		raw = m[k]
	}
	if json.Unmarshal(raw, &v) != nil {
		return zero
	}
	return v
}

// resultField returns a string field of a response's result.
func ResultField(f *wire.Frame, name string) string { return FrameField[string](f, "result", name) }

func ErrorCode(f *wire.Frame) int64 { return FrameField[int64](f, "error", "code") }

func ErrorMessage(f *wire.Frame) string { return FrameField[string](f, "error", "message") }

// errorText is how the state panel shows an error response.
func ErrorText(f *wire.Frame) string {
	return fmt.Sprintf("error %d: %s", ErrorCode(f), ErrorMessage(f))
}

// errorSupported returns data.supported of an error response (-32022).
func ErrorSupported(f *wire.Frame) []string {
	return FrameField[[]string](f, "error", "data", "supported")
}

// metaVersion returns the io.modelcontextprotocol/protocolVersion of a
// request's _meta.
func MetaVersion(f *wire.Frame) string {
	return FrameField[string](f, "params", "_meta", "io.modelcontextprotocol/protocolVersion")
}

// initializeVersion returns the protocolVersion an initialize request asks for.
func InitializeVersion(f *wire.Frame) string {
	return FrameField[string](f, "params", "protocolVersion")
}

// toolNames returns the tool names in a tools/list response, in order.
func ToolNames(f *wire.Frame) []string {
	var m struct {
		Result struct {
			Tools []struct {
				Name string `json:"name"`
			} `json:"tools"`
		} `json:"result"`
	}
	json.Unmarshal(f.Raw, &m)
	names := []string{}
	for _, t := range m.Result.Tools {
		names = append(names, t.Name)
	}
	return names
}

// requestCursor returns the cursor of a tools/list request, nil if absent.
func RequestCursor(f *wire.Frame) *string {
	var m struct {
		Params struct {
			Cursor *string `json:"cursor"`
		} `json:"params"`
	}
	json.Unmarshal(f.Raw, &m)
	return m.Params.Cursor
}

// names returns the names of tools, in order.
func Names(tools []*mcp.Tool) []string {
	out := []string{}
	for _, t := range tools {
		out = append(out, t.Name)
	}
	return out
}
