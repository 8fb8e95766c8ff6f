package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// fakeCatalog is a fixed set of scenarios, so that golden pages change
// only when the build does, not when a real scenario does.
type fakeCatalog struct{}

func (fakeCatalog) List() []scenario.Info {
	return []scenario.Info{
		{ID: "alpha", Title: "Alpha <handshake>", Summary: "initialize, result, initialized.", Lesson: "handshake", Family: "fake", Era: "2025-11-25"},
		{ID: "beta", Title: "Beta", Summary: "One request.", Lesson: "tools", Family: "fake", Era: "2026-07-28"},
		{ID: "gamma", Title: "Gamma", Summary: "In no lesson.", Lesson: "tools", Family: "fake", Era: "go-sdk"},
	}
}

// Check accepts, for any scenario, one parameter: n, a count of at least 1,
// and m, which no preset has (the form would drop it).
func (fakeCatalog) Check(id string, params json.RawMessage) error {
	var p struct {
		N int `json:"n"`
		M int `json:"m"`
	}
	dec := json.NewDecoder(bytes.NewReader(params))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return fmt.Errorf("scenario %s: parameters: %v", id, err)
	}
	if p.N < 1 {
		return fmt.Errorf("scenario %s: parameters: n %d: want 1 or more", id, p.N)
	}
	return nil
}

func (c fakeCatalog) Run(_ context.Context, id string) (*scenario.Result, error) {
	var info scenario.Info
	for _, in := range c.List() {
		if in.ID == id {
			info = in
		}
	}
	if info.ID == "" {
		return nil, fmt.Errorf("%w %q", scenario.ErrUnknown, id)
	}
	msg := func(seq int, dir, payload string) trace.Event {
		return trace.Event{Seq: seq, Direction: dir, Transport: trace.InMemory, Kind: trace.KindMessage,
			Payload: json.RawMessage(payload), AtMS: int64(seq), Raw: payload}
	}
	var ev []trace.Event
	switch id {
	case "alpha":
		ev = []trace.Event{
			{Seq: 1, Kind: trace.KindNote, Note: "a note with </script><script>alert(1)</script> and <img src=x onerror=alert(1)> in it"},
			msg(2, trace.ClientToServer, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"note":"</SCRIPT> \\/ <\\/"}}`),
			msg(3, trace.ServerToClient, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25"}}`),
			msg(4, trace.ClientToServer, `{"jsonrpc":"2.0","method":"notifications/initialized"}`),
		}
	case "beta":
		ev = []trace.Event{
			msg(1, trace.ClientToServer, `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`),
			msg(2, trace.ServerToClient, `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"no"}}`),
		}
	default:
		ev = []trace.Event{{Seq: 1, Kind: trace.KindNote, Note: "gamma"}}
	}
	return &scenario.Result{Info: info, Events: ev}, nil
}
