package scenario

import (
	"encoding/json"

	"github.com/mcp-playground/mcp-playground/sim/wire"
)

// The helpers below read single fields out of a held frame's bytes, so
// that a scenario can put what a frame says into the state snapshot the
// frame itself is recorded with. A field that is missing reads as its
// zero value: the note then says so, and the scenario need not fail.

// resultField returns a string field of a response's result.
func resultField(f *wire.Frame, name string) string {
	var m struct {
		Result map[string]json.RawMessage `json:"result"`
	}
	json.Unmarshal(f.Raw, &m)
	var s string
	json.Unmarshal(m.Result[name], &s)
	return s
}

func errorCode(f *wire.Frame) int64 {
	var m struct {
		Error struct {
			Code int64 `json:"code"`
		} `json:"error"`
	}
	json.Unmarshal(f.Raw, &m)
	return m.Error.Code
}

func errorMessage(f *wire.Frame) string {
	var m struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	json.Unmarshal(f.Raw, &m)
	return m.Error.Message
}

// toolNames returns the tool names in a tools/list response, in order.
func toolNames(f *wire.Frame) []string {
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
func requestCursor(f *wire.Frame) *string {
	var m struct {
		Params struct {
			Cursor *string `json:"cursor"`
		} `json:"params"`
	}
	json.Unmarshal(f.Raw, &m)
	return m.Params.Cursor
}
