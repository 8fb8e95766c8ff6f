package paginglab

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/tools"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The two principals of the lab: alice may list and call every tool, bob
// sees what the parameters leave him.
const (
	alice = "alice"
	bob   = "bob"
)

// A cursorBook is the lab server's record of the cursors it issued, shared
// by every connection of the server process. Each cursor is bound to the
// principal it was issued to: go-sdk v1.8.0's own cursors encode only the
// last tool name served, which any caller could present, so the lab wraps
// them. Tokens are seeded, so that the trace replays byte for byte; a real
// server would use unguessable or signed ones.
type cursorBook struct {
	mu     sync.Mutex
	n      uint64
	issued map[string]boundCursor
}

type boundCursor struct{ principal, inner string }

func (b *cursorBook) issue(principal, inner string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.n++
	r := rand.New(rand.NewPCG(12, b.n))
	var t [9]byte
	binary.LittleEndian.PutUint64(t[:8], r.Uint64())
	t[8] = byte(r.Uint32())
	tok := base64.RawURLEncoding.EncodeToString(t[:])
	b.issued[tok] = boundCursor{principal, inner}
	return tok
}

// redeem returns the SDK cursor behind tok, if tok was issued to principal.
func (b *cursorBook) redeem(principal, tok string) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	c, ok := b.issued[tok]
	switch {
	case !ok:
		return "", &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("invalid cursor %q", tok)}
	case c.principal != principal:
		return "", &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("invalid cursor %q: not issued to this caller; start again without a cursor", tok)}
	}
	return c.inner, nil
}

// principalServer is the lab server as one authenticated principal sees
// it. In the simulator each principal has its own connection, and the
// server knows who is on it, as it would after authenticating the
// connection; the cursor book is shared, as in one server process.
func principalServer(p *Params, book *cursorBook, who string) *mcp.Server {
	tools := p.Tools
	if who == bob {
		tools = slices.DeleteFunc(slices.Clone(p.Tools), func(t string) bool { return slices.Contains(p.HiddenFromBob, t) })
	}
	s := labServer(tools, p.PageSize, true, func(name string) mcp.ToolHandler {
		if who == bob && slices.Contains(p.RefusedForBob, name) {
			return func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{
					Text: fmt.Sprintf("not permitted: %s is not allowed to run %s. Ask someone with that permission, or use another tool.", who, name)}}}, nil
			}
		}
		return labOK
	})
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method != "tools/list" {
				return next(ctx, method, req)
			}
			if params, ok := req.GetParams().(*mcp.ListToolsParams); ok && params != nil && params.Cursor != "" {
				inner, err := book.redeem(who, params.Cursor)
				if err != nil {
					return nil, err
				}
				params.Cursor = inner
			}
			res, err := next(ctx, method, req)
			if lr, ok := res.(*mcp.ListToolsResult); ok && lr.NextCursor != "" {
				lr.NextCursor = book.issue(who, lr.NextCursor)
			}
			return res, err
		}
	})
	return s
}

// labPrincipalRun connects alice and bob, each on a connection of their
// own to the same server process, and plays the case.
func labPrincipalRun(ctx context.Context, rec *trace.Recorder, p *Params) error {
	book := &cursorBook{issued: map[string]boundCursor{}}
	links := map[string]*play.Link{}
	for _, who := range []string{alice, bob} {
		rec.Run = who
		rec.Update(func(s *trace.State) { *s = trace.State{} })
		l, err := play.ConnectBoth(ctx, rec, principalServer(p, book, who), play.V20251125)
		if err != nil {
			return err
		}
		defer l.Close()
		links[who] = l
	}
	rec.Run = ""
	rec.Note(fmt.Sprintf("Two principals on one server process, each on a connection the server has authenticated (the simulator gives each principal a connection of its own): alice may list and call every tool; bob's list leaves out %s and his calls to %s are refused. The server binds every cursor it issues to the principal it issued it to.", orNone(p.HiddenFromBob), orNone(p.RefusedForBob)))
	catalogs := map[string][]string{}
	walk := func(who string) (firstNext string, err error) {
		rec.Run = who
		l := links[who]
		w := startLabWalk(ctx, l.Cs, labLimits)
		rec.Update(func(s *trace.State) { s.Catalog = nil; s.Cursors = nil; s.Error = "" })
		for n := 1; ; n++ {
			req, err := l.W.AwaitUntil(ctx, play.Request(play.C2s, "tools/list"), w.done)
			if err != nil {
				return "", err
			}
			if req == nil {
				break
			}
			l.W.Deliver(req, fmt.Sprintf("%s's walk, page %d.", who, n))
			resp, err := l.W.Await(ctx, play.Response(play.S2c, "tools/list"))
			if err != nil {
				return "", err
			}
			if n == 1 {
				firstNext = play.ResultField(resp, "nextCursor")
			}
			rec.Update(func(s *trace.State) { s.Catalog = append(s.Catalog, play.ToolNames(resp)...) })
			l.W.Deliver(resp, fmt.Sprintf("%s: %s. The nextCursor is bound to %s.", who, strings.Join(play.ToolNames(resp), ", "), who))
		}
		tools, err := play.Wait(ctx, w.result)
		if err != nil {
			return "", err
		}
		catalogs[who] = play.Names(tools)
		rec.Changed(fmt.Sprintf("%s's catalog: %s. The client files it under %s, its own cache key; it is not the server's catalog, only what %s may see.", who, strings.Join(catalogs[who], ", "), who, who), func(s *trace.State) { s.Catalog = catalogs[who] })
		return firstNext, nil
	}
	aliceNext, err := walk(alice)
	if err != nil {
		return err
	}
	if p.Case == labPrincipalCursor {
		if err := presentForeignCursor(ctx, rec, links[bob], aliceNext); err != nil {
			return err
		}
	}
	if _, err := walk(bob); err != nil {
		return err
	}
	rec.Run = ""
	if p.Case == labPrincipalCursor {
		rec.Note(fmt.Sprintf("The client keeps one catalog per principal: alice %s; bob %s. A host that served bob from alice's catalog would offer him tools he cannot see, and a cursor cache shared between them is the bug the server just refused. 2026-07-28: the list may vary with the authorization on the request (Tools); a page marked cacheScope \"private\" may be reused only within the authorization context that fetched it (Caching).", strings.Join(catalogs[alice], ", "), strings.Join(catalogs[bob], ", ")))
		return nil
	}
	for _, who := range []string{bob, alice} {
		if err := labCall(ctx, rec, links[who], who, p.Call); err != nil {
			return err
		}
	}
	rec.Run = ""
	rec.Note("Listed is not authorised: the list says what exists for a caller, not what the server will run for him. The server checks every call (2025-11-25 Tools, security: servers must implement access controls). A client keeps the tool in bob's catalog, shows the model the refusal as it came, and does not retry it as if it were a fault.")
	return nil
}

// presentForeignCursor sends alice's cursor on bob's connection: the bug
// of a client that keeps one cursor cache for every user.
func presentForeignCursor(ctx context.Context, rec *trace.Recorder, l *play.Link, cursor string) error {
	rec.Run = bob
	rec.Update(func(s *trace.State) { s.Catalog = nil; s.Cursors = nil })
	rec.Note("A client with one cursor cache for every user continues bob's listing with the cursor alice was given.")
	listed := play.GoDo(func() (*mcp.ListToolsResult, error) {
		return l.Cs.ListTools(ctx, &mcp.ListToolsParams{Cursor: cursor})
	})
	if _, err := l.W.Step(ctx, play.Request(play.C2s, "tools/list"), "bob's request carries alice's cursor. The token is opaque to the client; to the server it names alice."); err != nil {
		return err
	}
	resp, err := l.W.Await(ctx, play.Response(play.S2c, "tools/list"))
	if err != nil {
		return err
	}
	l.W.Deliver(resp, "-32602: the server refuses a cursor issued to another caller (2025-11-25 Pagination: invalid cursors should get -32602). Serving it would have shown bob alice's page 2.")
	_, callErr := play.Wait(ctx, listed)
	if callErr == nil {
		return fmt.Errorf("scenario: the server accepted alice's cursor from bob")
	}
	rec.Changed("ListTools returns the -32602 error. The client drops the cursor and starts bob's walk from the first page.", func(s *trace.State) { s.Error = callErr.Error() })
	return nil
}

// labCall makes who call tool and records the outcome.
func labCall(ctx context.Context, rec *trace.Recorder, l *play.Link, who, tool string) error {
	rec.Run = who
	label := who + ": " + tool
	rec.Update(func(s *trace.State) {
		s.Outcomes = append(s.Outcomes, trace.Outcome{Call: label, Tool: tool, Status: trace.OutcomePending})
	})
	called := play.GoDo(func() (*mcp.CallToolResult, error) {
		return l.Cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: map[string]any{}})
	})
	if _, err := l.W.Step(ctx, play.Request(play.C2s, "tools/call"), fmt.Sprintf("%s calls %s, which is in %s's catalog.", who, tool, who)); err != nil {
		return err
	}
	resp, err := l.W.Await(ctx, play.Response(play.S2c, "tools/call"))
	if err != nil {
		return err
	}
	status, detail, note := tools.ClassifyResponse(resp.Raw)
	if status == trace.OutcomeFailed {
		note = "isError: true, with a reason a model can act on. The tool was listed to " + who + "; the call is still refused."
	} else {
		note = "The same tool, called by " + who + ": it runs."
	}
	rec.Update(func(s *trace.State) {
		s.Outcomes[len(s.Outcomes)-1].Status = status
		s.Outcomes[len(s.Outcomes)-1].Detail = detail
	})
	l.W.Deliver(resp, note)
	_, err = play.Wait(ctx, called)
	return err
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "nothing"
	}
	return strings.Join(s, ", ")
}
