package http2026

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
)

// The notes of the http-2026 family: each HTTP exchange is explained from
// its own method, headers, status and body, so a parameter change cannot
// leave a note that its frame contradicts.

// BodyMethod returns the method of the JSON-RPC message in body, or "".
func BodyMethod(body []byte) string {
	var m struct {
		Method string `json:"method"`
	}
	json.Unmarshal(body, &m)
	return m.Method
}

func requestNote2026(req *http.Request, body []byte, pinned bool) string {
	method, name, sid := req.Header.Get("Mcp-Method"), req.Header.Get("Mcp-Name"), req.Header.Get("Mcp-Session-Id")
	switch {
	case req.Method == http.MethodGet:
		return "GET with Mcp-Session-Id " + sid + ": the standalone stream of 2025-11-25, for messages the server sends on its own. go-sdk v1.8.0 opens it right after the initialize result, before notifications/initialized, unless DisableStandaloneSSE is set."
	case req.Method == http.MethodDelete:
		return "DELETE with Mcp-Session-Id " + sid + ": the client ends the 2025-11-25 session explicitly."
	case method == "notifications/cancelled":
		return "go-sdk v1.8.0 behaviour: closing, the client also posts notifications/cancelled for the listen request (Close waits for it). Specification 2026-07-28: on streamable HTTP, closing the response stream is itself the cancellation and no notifications/cancelled is expected; the revision defines no client notification over HTTP, nor headers for one."
	case method == "":
		what := BodyMethod(body)
		note := fmt.Sprintf("POST %s, in the 2025-11-25 form: no Mcp-Method, no _meta", what)
		if what == "initialize" && pinned {
			return note + ": the client is pinned to 2025-11-25 (ClientSessionOptions.ProtocolVersion), so it starts with the handshake and never sends server/discover. No Mcp-Session-Id yet: the session begins with this request."
		}
		if what == "initialize" {
			return note + ". go-sdk v1.8.0 behaviour: the server/discover result listed no version from 2026-07-28 on, so Connect falls back to the handshake, asking for 2025-11-25."
		}
		if sid != "" {
			note += ", and the session id " + sid + " on every request"
		}
		return note + "."
	}
	note := fmt.Sprintf("POST with MCP-Protocol-Version %s and Mcp-Method %s, mirroring the body's _meta and method.", req.Header.Get("Mcp-Protocol-Version"), method)
	switch {
	case name != "":
		note += fmt.Sprintf(" Mcp-Name %s mirrors params.name: specification 2026-07-28 requires it on tools/call, resources/read and prompts/get, so that a proxy can route without reading the body.", name)
	case method == "subscriptions/listen":
		note += " The client opts in to toolsListChanged, because it has a ToolListChangedHandler and the server advertised tools.listChanged: go-sdk v1.8.0 opens this stream in Connect only then."
	default:
		note += " Specification 2026-07-28: every POST of a request carries these headers."
	}
	if sid == "" {
		note += " No Mcp-Session-Id."
	}
	return note
}

func responseNote2026(req *http.Request, body []byte, status int, sid string, out []byte) string {
	var m struct {
		Result struct {
			SupportedVersions []string `json:"supportedVersions"`
		} `json:"result"`
		Error struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	json.Unmarshal(out, &m)
	switch {
	case status == http.StatusBadRequest && m.Error.Code == -32020:
		return "400 Bad Request with error -32020, HeaderMismatch: the server compares Mcp-Name with params.name and they differ. Specification 2026-07-28: a server that processes the body MUST reject a request whose headers do not match it, so that a proxy routing on the header and a server acting on the body cannot disagree."
	case status == http.StatusAccepted:
		return "202 Accepted: a notification has no response body."
	case status == http.StatusNoContent && req.Method == http.MethodDelete:
		return "204 No Content: the session is over."
	case status >= 300:
		return fmt.Sprintf("HTTP %d.", status)
	case sid != "" && req.Header.Get("Mcp-Session-Id") == "":
		return "The initialize result, and the server assigns the session id " + sid + " in the Mcp-Session-Id header: this connection is now a 2025-11-25 session, and every later request must carry the id. (The simulator numbers its ids so the trace replays; a real server must use unguessable ones.)"
	case req.Header.Get("Mcp-Method") == "server/discover" && !slices.Contains(m.Result.SupportedVersions, play.V20260728):
		return fmt.Sprintf("200, and a result, but supportedVersions lists only %s. go-sdk v1.8.0 behaviour: a stateful handler answers server/discover (it is exempt from the check that refuses other 2026-07-28 requests) and leaves out the version it will not serve.", strings.Join(m.Result.SupportedVersions, ", "))
	case req.Header.Get("Mcp-Method") == "server/discover":
		return "200 with one JSON object: supportedVersions, capabilities and serverInfo. No Mcp-Session-Id header: 2026-07-28 has no protocol sessions, so there is nothing to carry on the next request."
	case req.Header.Get("Mcp-Method") == "":
		return "200 with one JSON object, and no resultType: a 2025-11-25 result."
	default:
		return "200 with one JSON object, resultType \"complete\". Still no Mcp-Session-Id: each POST stands alone."
	}
}

func streamNote(req *http.Request, body []byte) string {
	if req.Method == http.MethodGet {
		return "200 with Content-Type text/event-stream, and the response stays open. Nothing arrives on it in this scenario; the client closes it when it closes the session."
	}
	return "200 with Content-Type text/event-stream, and the response stays open: the listen request's answer is a stream of notifications. Specification 2026-07-28: this POST replaces the GET stream of 2025-11-25."
}

func connectedNote(shape string) string {
	switch shape {
	case shapeListen:
		return "Connect returns once the listen stream is open. It sent no GET: in 2026-07-28 subscriptions/listen is the one long-lived stream."
	case shapeSession2025:
		return "Connect returns: a 2025-11-25 session, with an id, a GET stream and a version fixed for its lifetime. Compare http2026-headers, where Connect sent one request and nothing was left open."
	case shapeStateful:
		return "Connect returns, speaking 2025-11-25 over a session. Specification 2026-07-28 (streamable HTTP): a dual-era client attempts a modern request first and falls back to initialize only when the answer is not a recognised modern one; go-sdk v1.8.0 also falls back when server/discover succeeds but lists no version it can use."
	}
	return "Connect returns after server/discover alone. go-sdk v1.8.0 behaviour: at 2026-07-28 its streamable HTTP client opens no GET stream (it is on by default in 2025-11-25), and the server named no session."
}

func closeNote(shape string) string {
	switch shape {
	case shapeListen:
		return "The client closes: it cancels the listen request, which ends the stream (specification 2026-07-28: on streamable HTTP, closing a response stream is the cancellation). No DELETE: there is no session to end."
	case shapeStateful, shapeSession2025:
		return "The client closed the session with DELETE and dropped its GET stream."
	}
	return "The client closes. No DELETE goes out: in 2025-11-25 a client ends its session with DELETE, and in 2026-07-28 there is no session to end."
}
