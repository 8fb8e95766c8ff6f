package conformance

// A Rule is the text a verdict rests on.
type Rule struct {
	Revision string `json:"revision"`
	Section  string `json:"section"`
	// Level is MUST, SHOULD, SHOULD NOT or MAY as the text says it;
	// "schema" when the TypeScript schema, which the text names the source
	// of truth for every message, requires it; "no keyword" when the text
	// states it without any of those words; "silent" when the text says
	// nothing on the point; "course" for the one rule the course adds where
	// the text is silent: a list walk must end, since no client can read a
	// list whose cursors repeat or never stop. Only MUST, schema and course
	// rules can fail a case, only SHOULD and SHOULD NOT rules can warn.
	Level string `json:"level"`
	// Text quotes the specification; for a silent rule, it quotes what the
	// text does say and names what it leaves out.
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

// The rules the cases cite. Each Text quotes the revision's own page
// (docs/specification/REVISION/… in modelcontextprotocol/modelcontextprotocol)
// with its bold markers dropped; where the text is silent, it quotes what
// the text does say and names what it leaves out.
var (
	ruleStdout = Rule{"2025-11-25", "Transports › stdio", "MUST",
		"The server MUST NOT write anything to its stdout that is not a valid MCP message."}
	ruleInitialize = Rule{"2025-11-25", "Lifecycle › Initialization", "MUST",
		"The server MUST respond with its own capabilities and information."}
	ruleCounteroffer = Rule{"2025-11-25", "Lifecycle › Initialization › Version Negotiation", "MUST",
		"If the server supports the requested protocol version, it MUST respond with the same version. Otherwise, the server MUST respond with another protocol version it supports."}
	rulePing = Rule{"2025-11-25", "Basic › Utilities › Ping › Behavior Requirements", "MUST",
		"The receiver MUST respond promptly with an empty response."}
	ruleBeforeInit = Rule{"2025-11-25", "Lifecycle › Initialization", "SHOULD NOT",
		"The server SHOULD NOT send requests other than pings and logging before receiving the initialized notification."}
	ruleDiscover = Rule{"2026-07-28", "Versioning › Protocol Version Negotiation", "MUST",
		"If the server does not implement the requested version (whether the version is unknown to the server, or is a known version the server has chosen not to support), it MUST respond with an UnsupportedProtocolVersionError listing the versions it does support. (The page's example: code -32022, data.supported.)"}
	rulePagesEnd = Rule{"2025-11-25", "Server › Utilities › Pagination › Response Format", "silent",
		"A response includes \"An optional nextCursor field if more results exist\". The text says nothing of a cursor that comes back or a list that never ends; a client that follows such cursors never finishes."}
	// ruleWalkEnds is the course's own rule, labelled as such: both
	// revisions tell a client to follow nextCursor until it is absent, so a
	// server whose cursors come back or never stop makes that instruction
	// impossible to carry out, though neither text forbids it in words.
	ruleWalkEnds = Rule{"2025-11-25, 2026-07-28", "Server › Utilities › Pagination (the course's rule; the text is silent)", "course",
		"A client follows \"An optional nextCursor field if more results exist\" until it is absent. The text says nothing of a cursor that comes back or a list that never ends; the course fails both, since a client that follows such cursors never finishes."}
	ruleStableCursors = Rule{"2025-11-25", "Server › Utilities › Pagination › Implementation Guidelines", "SHOULD",
		"Servers SHOULD: Provide stable cursors; Handle invalid cursors gracefully."}
	ruleListSchema = Rule{"2025-11-25", "Basic › Schema", "schema",
		"The TypeScript schema: \"This is the source of truth for all protocol messages and structures.\" A list result carries its array; nextCursor is a string."}
	ruleUniqueNames = Rule{"2025-11-25", "Server › Tools › Tool Names", "SHOULD",
		"Tool names SHOULD be unique within a server."}
	ruleInvalidCursor = Rule{"2025-11-25", "Server › Utilities › Pagination › Error Handling", "SHOULD",
		"Invalid cursors SHOULD result in an error with code -32602 (Invalid params)."}
	ruleUnknownTool = Rule{"2025-11-25", "Server › Tools › Error Handling", "no keyword",
		"Tools use two error reporting mechanisms: Protocol Errors: Standard JSON-RPC errors for issues like: Unknown tools, […] Tool Execution Errors: Reported in tool results with isError: true."}
	ruleSession404 = Rule{"2025-11-25", "Transports › Streamable HTTP › Session Management", "MUST",
		"The server MAY terminate the session at any time, after which it MUST respond to requests containing that session ID with HTTP 404 Not Found."}
	ruleOrigin = Rule{"2025-11-25", "Transports › Streamable HTTP › Security Warning", "MUST",
		"Servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding attacks. If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden."}
	ruleVersionHeader = Rule{"2025-11-25", "Transports › Streamable HTTP › Protocol Version Header", "MUST",
		"If the server receives a request with an invalid or unsupported MCP-Protocol-Version, it MUST respond with 400 Bad Request."}
	ruleAccepted = Rule{"2025-11-25", "Transports › Streamable HTTP › Sending Messages to the Server", "MUST",
		"If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body."}
	ruleMismatch = Rule{"2026-07-28", "Transports › Streamable HTTP › Server Validation", "MUST",
		"Servers that process the request body MUST reject requests where the values specified in the headers do not match the corresponding values in the request body. […] servers MUST return HTTP status 400 Bad Request and MUST include a JSON-RPC error response using the following error code: -32020 (HeaderMismatch)."}
	ruleNoGet = Rule{"2026-07-28", "Transports › Streamable HTTP › Backward Compatibility › Earlier Streamable HTTP Revisions", "SHOULD",
		"A server that supports only this revision and receives such traffic from an older client SHOULD respond as follows: HTTP GET or DELETE to the MCP endpoint: respond with 405 Method Not Allowed."}
)
