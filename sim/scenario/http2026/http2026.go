// Package http2026 is the http-2026 family: streamable HTTP as 2026-07-28
// has it, its headers, a proxy that rewrites them, listening and the
// 2025-11-25 session beside it.
package http2026

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// runHTTP2026 plays one http-2026 scenario: the go-sdk client at its
// default version against the fixture server behind go-sdk's streamable
// HTTP handler, over a [streamTap].
func runHTTP2026(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Transport = trace.StreamableHTTP
	n := 0
	server := fixture.NewServer(fixture.Options{SessionIDs: func() string {
		// Predictable ids keep the trace deterministic; a real server
		// must use unguessable ones.
		n++
		return fmt.Sprintf("session-%d", n)
	}})
	// go-sdk v1.8.0 serves 2026-07-28 requests only in stateless mode; its
	// default, stateful mode serves the handshake era.
	stateless := p.Shape != shapeStateful && p.Shape != shapeSession2025
	var pin *mcp.ClientSessionOptions
	if p.Shape == shapeSession2025 {
		pin = &mcp.ClientSessionOptions{ProtocolVersion: play.V20251125}
	}
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server },
		&mcp.StreamableHTTPOptions{Stateless: stateless, JSONResponse: true})
	tap := newStreamTap(handler, rec)
	tap.pinned = pin != nil
	changed := make(chan struct{}, 1)
	opts := &mcp.ClientOptions{}
	if p.Shape == shapeListen {
		opts.ToolListChangedHandler = func(context.Context, *mcp.ToolListChangedRequest) {
			select {
			case changed <- struct{}{}:
			default:
			}
		}
	}
	client := mcp.NewClient(&play.ClientInfo, opts)
	// The standalone GET stream is left enabled, as it is by default, so
	// that the trace would show a GET if the client sent one.
	transport := &mcp.StreamableClientTransport{Endpoint: "http://fixture.invalid/mcp", HTTPClient: &http.Client{Transport: tap}, MaxRetries: -1}

	first := "Era 2026-07-28 over streamable HTTP: a go-sdk client at its default version posts to a go-sdk streamable HTTP handler in stateless mode (go-sdk v1.8.0 serves 2026-07-28 only in that mode). The client is STATELESS: there is no session to be in."
	switch {
	case pin != nil:
		first = "Era 2025-11-25 over streamable HTTP: a go-sdk client pinned to 2025-11-25 posts to a go-sdk streamable HTTP handler in its default, stateful mode. The same exchange as http2026-headers, in the older era."
	case !stateless:
		first = "A go-sdk client at its default version, 2026-07-28, posts to a go-sdk streamable HTTP handler left in its default, stateful mode. go-sdk v1.8.0 serves 2026-07-28 only in stateless mode, so this server is, for the client, a 2025-11-25 server."
	}
	rec.Changed(first, func(s *trace.State) {
		s.Client = trace.ClientStateless
		if pin != nil {
			s.Client = trace.ClientNew
		}
	})
	tap.observe = func(req *http.Request, body []byte, res *http.Response) {
		rec.Update(func(s *trace.State) {
			switch {
			case res != nil && res.Header.Get("Mcp-Session-Id") != "":
				s.Session = res.Header.Get("Mcp-Session-Id")
			case res != nil:
			case BodyMethod(body) == "initialize":
				s.Client = trace.ClientInitializing
			case BodyMethod(body) == "notifications/initialized":
				s.Client = trace.ClientReady
			}
		})
	}
	cs, err := client.Connect(ctx, transport, pin)
	if err != nil {
		return err
	}
	defer cs.Close()
	rec.Changed(connectedNote(p.Shape), func(s *trace.State) {
		s.Protocol = cs.InitializeResult().ProtocolVersion
	})

	switch p.Shape {
	case shapeHeaders, shapeStateful, shapeSession2025:
		if err := http2026Call(ctx, rec, cs, 1); err != nil {
			return err
		}
	case shapeMismatch:
		rewritten := false
		tap.proxy = func(req *http.Request, _ []byte) string {
			if rewritten || req.Header.Get("Mcp-Method") != "tools/call" {
				return ""
			}
			rewritten = true
			was := req.Header.Get("Mcp-Name")
			req.Header.Set("Mcp-Name", p.ProxyName)
			return fmt.Sprintf("Mcp-Name %s → %s", was, p.ProxyName)
		}
		if err := http2026Call(ctx, rec, cs, 1); err != nil {
			return err
		}
		if err := http2026Call(ctx, rec, cs, 2); err != nil {
			return err
		}
	case shapeListen:
		if err := http2026Listen(ctx, rec, server, tap, cs, changed); err != nil {
			return err
		}
	}
	closed := cs.Close()
	rec.Changed(closeNote(p.Shape), func(s *trace.State) { s.Client = trace.ClientClosed })
	if closed != nil && !errors.Is(closed, mcp.ErrConnectionClosed) {
		return closed
	}
	return nil
}

// http2026Call calls get_stock and records the outcome as call n.
func http2026Call(ctx context.Context, rec *trace.Recorder, cs *mcp.ClientSession, n int) error {
	label := fmt.Sprintf("call %d", n)
	rec.Update(func(s *trace.State) {
		s.Error = ""
		s.Outcomes = append(s.Outcomes, trace.Outcome{Call: label, Tool: "get_stock", Status: trace.OutcomePending})
	})
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_stock", Arguments: map[string]any{"query": map[string]any{"sku": "PEN-01"}}})
	outcome := trace.Outcome{Call: label, Tool: "get_stock", Status: trace.OutcomeSucceeded}
	note := fmt.Sprintf("CallTool returns: %s succeeded.", label)
	switch {
	case err != nil && strings.Contains(err.Error(), "-32020"), err != nil && strings.Contains(err.Error(), "mismatch"):
		outcome.Status, outcome.Detail = trace.OutcomeFailed, "HeaderMismatch"
		note = fmt.Sprintf("CallTool returns the JSON-RPC error to the caller: %s failed, and the tool did not run. go-sdk v1.8.0 behaviour: it does not retry, and the connection stays usable.", label)
	case err != nil:
		return err
	case res.IsError:
		outcome.Status = trace.OutcomeFailed
	}
	rec.Changed(note, func(s *trace.State) {
		s.Outcomes[len(s.Outcomes)-1] = outcome
		if err != nil {
			s.Error = err.Error()
		}
	})
	return nil
}
