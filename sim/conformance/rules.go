package conformance

// A Rule is the text a verdict rests on.
type Rule struct {
	Revision string `json:"revision"`
	Section  string `json:"section"`
	// Level is MUST, SHOULD or MAY as the text says it, or "silent" when
	// the text says nothing and the case only informs.
	Level string `json:"level"`
	// Text quotes the specification; for a silent rule, it says what the
	// course teaches instead.
	Text string `json:"text"`
}

// Lessons, by the course's lesson and section title.
const (
	lessonFraming   = "Lesson 2 · The banner that breaks everything"
	lessonHTTP2026  = "Lesson 2 · Streamable HTTP in 2026-07-28"
	lessonMismatch  = "Lesson 2 · A header that disagrees with the body"
	lessonHandshake = "Lesson 1 · The three messages (2025-11-25)"
	lessonVersion   = "Lesson 1 · Version negotiation"
	lessonByError   = "Lesson 1 · Version negotiation by error (2026-07-28)"
	lessonOrder     = "Lesson 1 · Breaking the order: what the SDK does"
	lessonPages     = "Lesson 4 · The termination rule"
	lessonRepeat    = "Lesson 5 · A cursor you have seen before"
	lessonForeign   = "Lesson 5 · Cursors that do not belong to this server"
	lessonTwoLayers = "Lesson 3 · Two layers of failure"
	lessonExpiry    = "Lesson 6 · A real session expires (2025-11-25)"
	lessonTransport = "Lesson 2 · Streamable HTTP in one paragraph"
)

// The rules the cases cite.
var (
	ruleStdout = Rule{"2025-11-25", "Transports › stdio", "MUST",
		"The server MUST NOT write anything to its stdout that is not a valid MCP message."}
	ruleInitialize = Rule{"2025-11-25", "Lifecycle › Initialization", "MUST",
		"The server MUST respond with its own capabilities and information."}
	ruleCounteroffer = Rule{"2025-11-25", "Lifecycle › Version Negotiation", "MUST",
		"If the server supports the requested protocol version, it MUST respond with the same version. Otherwise, the server MUST respond with another protocol version it supports."}
	rulePing = Rule{"2025-11-25", "Utilities › Ping", "MUST",
		"The receiver MUST respond promptly with an empty response."}
	ruleBeforeInit = Rule{"2025-11-25", "Lifecycle › Initialization", "SHOULD NOT",
		"The server SHOULD NOT send requests other than pings and logging before receiving the initialized notification."}
	ruleDiscover = Rule{"2026-07-28", "Lifecycle › Version negotiation", "MUST",
		"A server that does not implement the requested version MUST answer -32022 (UnsupportedProtocolVersion), with the versions it supports in data.supported."}
	ruleMeta = Rule{"2026-07-28", "Basic › _meta", "MUST",
		"Every request carries io.modelcontextprotocol/protocolVersion and clientCapabilities in _meta; the server answers it without a handshake."}
	rulePagesEnd = Rule{"2025-11-25", "Utilities › Pagination", "silent",
		"A nextCursor, \"\" included, means more results; its absence ends the walk. The text does not say a cursor may repeat; a list whose walk never ends cannot be read, and the course's client refuses it."}
	ruleUniqueNames = Rule{"2025-11-25", "Server › Tools", "SHOULD",
		"Tool names SHOULD be unique within a server."}
	ruleInvalidCursor = Rule{"2025-11-25", "Utilities › Pagination › Error Handling", "SHOULD",
		"Invalid cursors SHOULD result in an error with code -32602 (Invalid params)."}
	ruleUnknownTool = Rule{"2025-11-25", "Server › Tools › Error Handling", "silent",
		"Unknown tools are listed among the protocol errors (a JSON-RPC error); a result with isError is meant for a tool that ran and failed."}
	ruleSession404 = Rule{"2025-11-25", "Transports › Streamable HTTP › Session Management", "MUST",
		"The server MUST respond to requests containing that session ID with HTTP 404 Not Found."}
	ruleOrigin = Rule{"2025-11-25", "Transports › Streamable HTTP › Security Warning", "MUST",
		"Servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding attacks. If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden."}
	ruleVersionHeader = Rule{"2025-11-25", "Transports › Streamable HTTP › Protocol Version Header", "MUST",
		"If the server receives a request with an invalid or unsupported MCP-Protocol-Version, it MUST respond with 400 Bad Request."}
	ruleAccepted = Rule{"2025-11-25", "Transports › Streamable HTTP › Sending Messages to the Server", "MUST",
		"If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body."}
	ruleMismatch = Rule{"2026-07-28", "Transports › Streamable HTTP", "MUST",
		"A server that processes the body MUST reject a request whose Mcp-Method or Mcp-Name header disagrees with it: 400 Bad Request, error -32020 (HeaderMismatch)."}
	ruleNoGet = Rule{"2026-07-28", "Transports › Streamable HTTP", "SHOULD",
		"A server that speaks only 2026-07-28 should answer a GET or a DELETE with 405 Method Not Allowed."}
)
