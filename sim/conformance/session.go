package conformance

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// The two revisions the probe speaks.
const (
	Rev2025 = "2025-11-25"
	Rev2026 = "2026-07-28"
	// unknownVersion is a version no server can know: the probe offers it
	// to see what a server answers to a version it does not implement.
	unknownVersion = "2099-01-01"
)

// clientInfo names the probe in every handshake and 2026-07-28 _meta.
var clientInfo = map[string]string{"name": "mcp-playground-probe", "version": "1.0.0"}

// A reply is a JSON-RPC response as the probe reads it.
type reply struct {
	Raw    []byte
	Result json.RawMessage
	Error  *rpcError
}

type rpcError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

// String names the error by its code and message; the message is quoted,
// so that a note holding it reads as one template whatever the server
// wrote (the Chinese edition translates notes by template).
func (e *rpcError) String() string {
	return fmt.Sprintf("error %d %q", e.Code, quoted(clip(e.Message, 80)))
}

// quoted is a value a message shows in quotes, %q. The Chinese edition
// translates a note by its template, in which each "…" is a placeholder,
// so a quoted value must hold no " of its own: quoted writes one as ',
// a backslash as /, and a line break as a space, where %q would escape
// them.
type quoted string

func (q quoted) Format(f fmt.State, verb rune) {
	s := strings.NewReplacer(`"`, `'`, `\`, `/`, "\n", " ", "\r", " ", "\t", " ").Replace(string(q))
	if verb == 'q' {
		s = `"` + s + `"`
	}
	_, _ = io.WriteString(f, s)
}

// Why a case could not run to its end, beside [ErrClosed].
var (
	// errBudget: the whole run's budget was spent.
	errBudget = errors.New("the run's budget is spent")
	// errConnect: the probe could not open a connection.
	errConnect = errors.New("could not connect")
	// errNoReply: no response within the probe's wait (a [noReply]).
	errNoReply = errors.New("no response in time")
)

// A noReply is a response the probe stopped waiting for. No text sets a
// deadline for a response, so the wait is the probe's own bound: bound
// names it, as its flag and value ("-timeout 5s").
type noReply struct {
	method string
	id     int
	bound  string
	// unread: the request itself could not be written (a stdio server
	// that stopped reading its stdin until the pipe filled).
	unread bool
}

func (e *noReply) Error() string {
	if e.unread {
		return fmt.Sprintf("%v: the server read no more of its input, and the probe stopped writing %s (id %d) after %s", errNoReply, e.method, e.id, e.bound)
	}
	return fmt.Sprintf("%v: the probe stopped waiting for the response to %s (id %d) after %s", errNoReply, e.method, e.id, e.bound)
}

func (e *noReply) Is(target error) bool { return target == errNoReply }

// A session is one connection to the server, in one revision: for
// 2025-11-25 after the handshake, for 2026-07-28 with _meta on every
// request.
type session struct {
	link    Link
	tap     *Tap
	rev     string
	version string // the version the requests name
	// timeout bounds the wait for the next response, and names the bound
	// as its flag and value.
	timeout func(context.Context) (context.Context, context.CancelFunc, string)
	nextID  int
	// heard is set once the server sent anything on the connection: the
	// -start-timeout wait is for a connection's first answer only (the
	// handshake's notification, after it, waits as a request does).
	heard bool
	// extra is every message the server sent that the probe did not ask
	// for, by method, in order.
	extra []string
}

// An outFrame is a message the probe sends, its fields in the order
// JSON-RPC texts write them.
type outFrame struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      any             `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  map[string]any  `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// send writes a message and records it.
func (s *session) send(ctx context.Context, msg outFrame, note string) error {
	raw, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	s.tap.Add(trace.Event{Kind: trace.KindMessage, Direction: trace.ClientToServer, Payload: raw, Raw: string(raw), Note: note})
	return s.link.Send(ctx, raw)
}

// params returns p with the 2026-07-28 _meta added when the session speaks
// that revision.
func (s *session) params(p map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range p {
		out[k] = v
	}
	if s.rev == Rev2026 {
		out["_meta"] = map[string]any{
			"io.modelcontextprotocol/protocolVersion":    s.version,
			"io.modelcontextprotocol/clientCapabilities": map[string]any{},
			"io.modelcontextprotocol/clientInfo":         clientInfo,
		}
	}
	return out
}

// call sends a request and waits, within the per-request timeout, for the
// response with its id. Anything else the server sends meanwhile is
// recorded and listed in s.extra; a request from the server is answered
// (ping with an empty result, anything else with -32601) so that a server
// waiting on the client does not stall the case.
func (s *session) call(ctx context.Context, method string, params map[string]any, note string) (*reply, error) {
	s.nextID++
	id := s.nextID
	msg := outFrame{JSONRPC: "2.0", ID: id, Method: method, Params: s.params(params)}
	rctx, cancel, bound := s.timeout(ctx)
	defer cancel()
	if err := s.send(rctx, msg, note); err != nil {
		// A write that outlived the wait names the bound that applied
		// (-start-timeout on a connection's first), as a reply would.
		if rctx.Err() != nil && ctx.Err() == nil {
			return nil, &noReply{method: method, id: id, bound: bound, unread: true}
		}
		return nil, err
	}
	return s.await(rctx, id, method, bound)
}

// await reads until the response with id arrives or rctx, which bound
// names, ends.
func (s *session) await(rctx context.Context, id int, method, bound string) (*reply, error) {
	for {
		raw, err := s.link.Recv(rctx)
		if err == nil {
			s.heard = true
		}
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
				s.tap.Add(trace.Event{Kind: trace.KindFault, Direction: trace.ServerToClient, Payload: trace.MustJSON(trace.FaultPayload{Fault: "timeout", Detail: method}), Note: fmt.Sprintf("No response to %q (id %d) in time.", method, id)})
				return nil, &noReply{method: method, id: id, bound: bound}
			}
			return nil, fmt.Errorf("the connection broke while the probe waited for the response to %s (id %d): %w", method, id, err)
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Result json.RawMessage `json:"result"`
			Error  *rpcError       `json:"error"`
		}
		_ = json.Unmarshal(raw, &m) // the link passes only valid messages
		ev := trace.Event{Kind: trace.KindMessage, Direction: trace.ServerToClient, Payload: raw, Raw: string(raw)}
		// An error whose id is null answers the request too: the server
		// could not read the id (or, over HTTP, refused the POST).
		nullErr := m.Error != nil && (len(m.ID) == 0 || string(m.ID) == "null")
		if m.Method == "" && (string(m.ID) == fmt.Sprint(id) || nullErr) {
			s.tap.Add(ev)
			return &reply{Raw: raw, Result: m.Result, Error: m.Error}, nil
		}
		label := m.Method
		if label == "" {
			label = "response to id " + string(m.ID)
		}
		s.extra = append(s.extra, label)
		ev.Note = fmt.Sprintf("Sent by the server while the probe waited for the response to %q.", method)
		s.tap.Add(ev)
		if m.Method != "" && len(m.ID) > 0 {
			s.answer(rctx, m.ID, m.Method)
		}
	}
}

// answer replies to a request the server sent.
func (s *session) answer(ctx context.Context, id json.RawMessage, method string) {
	msg := outFrame{JSONRPC: "2.0", ID: id}
	if method == "ping" {
		msg.Result = json.RawMessage("{}")
	} else {
		msg.Error = &rpcError{Code: -32601, Message: "the probe offers no " + method}
	}
	_ = s.send(ctx, msg, "The probe answers the server's request.")
}

// notify sends a notification.
//
// The send is bounded as a request's wait is: over HTTP it waits for the
// server's status, and a server that never gives one must not hold the
// run until its budget.
func (s *session) notify(ctx context.Context, method, note string) error {
	nctx, cancel, _ := s.timeout(ctx)
	defer cancel()
	return s.send(nctx, outFrame{JSONRPC: "2.0", Method: method}, note)
}

// initialize runs the 2025-11-25 handshake offering version, and returns
// the initialize reply. It sends notifications/initialized after a result.
func (s *session) initialize(ctx context.Context, version string) (*reply, error) {
	params := map[string]any{"protocolVersion": version, "capabilities": map[string]any{}, "clientInfo": clientInfo}
	r, err := s.call(ctx, "initialize", params, "The probe opens a 2025-11-25 session offering "+version+".")
	if err != nil || r.Error != nil {
		return r, err
	}
	var res struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	_ = json.Unmarshal(r.Result, &res)
	s.version = res.ProtocolVersion
	return r, s.notify(ctx, "notifications/initialized", "The handshake's last message.")
}
