package conformance

// A Rule is the text a verdict rests on.
type Rule struct {
	Revision string `json:"revision"`
	Section  string `json:"section"`
	// Level is MUST, MUST NOT, SHOULD, SHOULD NOT or MAY as the text says
	// it; "schema" when the TypeScript schema, which the text names the
	// source of truth for every message, requires it; "no keyword" when the
	// text states it without any of those words; "silent" when the text
	// says nothing on the point; "course" where the course reads a point
	// the text leaves open: the one rule it adds, that a list walk must
	// end, since no client can read a list whose cursors repeat or never
	// stop, and, in fixture mode, its readings of what a client does where
	// the text is silent. Only MUST, schema and course rules can fail a
	// case; SHOULD and SHOULD NOT rules warn, and so does a MUST whose
	// condition the probe cannot establish from outside (which Origins a
	// server counts as invalid is its own choice; whether a response the
	// probe stopped waiting for would have come later, since no text sets
	// a deadline).
	Level string `json:"level"`
	// Text quotes the specification, bold markers dropped and "[…]" where
	// the quote skips; for a silent rule, it quotes what the text does say
	// and names what it leaves out.
	Text string `json:"text"`
}

// The rules the cases cite. Each Text quotes its revision's own page
// (docs/specification/REVISION/… in modelcontextprotocol/modelcontextprotocol,
// and schema/REVISION/schema.ts for the schema); where the text is silent,
// it quotes what the text does say and names what it leaves out. A rule
// both revisions state in the same words still has one value per
// revision, so that every row quotes its own.
var (
	ruleStdout = Rule{Rev2025, "Transports › stdio", "MUST",
		"The server MUST NOT write anything to its stdout that is not a valid MCP message."}
	ruleInitialize = Rule{Rev2025, "Lifecycle › Initialization", "MUST",
		"The server MUST respond with its own capabilities and information."}
	ruleCounteroffer = Rule{Rev2025, "Lifecycle › Initialization › Version Negotiation", "MUST",
		"If the server supports the requested protocol version, it MUST respond with the same version. Otherwise, the server MUST respond with another protocol version it supports."}
	// ruleVersionError is the Version Negotiation MUST that binds the
	// server, which asks for a version in the result, beside the lifecycle
	// page's own example of an initialization error (Error Handling, no
	// keyword): an unsupported version answered with an error that lists
	// the supported ones.
	ruleVersionError = Rule{Rev2025, "Lifecycle › Initialization › Version Negotiation; Lifecycle › Error Handling", "MUST",
		"If the server supports the requested protocol version, it MUST respond with the same version. Otherwise, the server MUST respond with another protocol version it supports. […] Example initialization error: {\"jsonrpc\": \"2.0\", \"id\": 1, \"error\": {\"code\": -32602, \"message\": \"Unsupported protocol version\", \"data\": {\"supported\": [\"2024-11-05\"], \"requested\": \"1.0.0\"}}}"}
	rulePing = Rule{Rev2025, "Basic › Utilities › Ping › Behavior Requirements", "MUST",
		"The receiver MUST respond promptly with an empty response."}
	ruleBeforeInit = Rule{Rev2025, "Lifecycle › Initialization", "SHOULD NOT",
		"The server SHOULD NOT send requests other than pings and logging before receiving the initialized notification."}
	ruleDiscover = Rule{Rev2026, "Versioning › Protocol Version Negotiation", "MUST",
		"If the server does not implement the requested version (whether the version is unknown to the server, or is a known version the server has chosen not to support), it MUST respond with an UnsupportedProtocolVersionError listing the versions it does support: […] The schema: \"export const UNSUPPORTED_PROTOCOL_VERSION = -32022;\", and UnsupportedProtocolVersionError's error has \"code: typeof UNSUPPORTED_PROTOCOL_VERSION;\" and, in its data, \"supported: string[];\"."}
	// ruleLegacyError is what the 2026-07-28 versioning page says an
	// error to server/discover tells of the server's era.
	ruleLegacyError = Rule{Rev2026, "Versioning › Backward Compatibility with Initialization-Based Versions", "no keyword",
		"In both cases, a recognized modern JSON-RPC error (such as UnsupportedProtocolVersionError) identifies a modern server: the client retries with a supported version rather than falling back. Anything else identifies a legacy server."}
	// ruleLegacySilent is the 2026-07-28 compatibility matrix's row for a
	// modern client meeting a legacy server.
	ruleLegacySilent = Rule{Rev2026, "Versioning › Backward Compatibility with Initialization-Based Versions › Compatibility Matrix", "no keyword",
		"Client: Modern; Server: Legacy; Outcome: \"Fails. The server may reject the request with an implementation-defined error, stay silent, or even process an era-ambiguous method under legacy semantics.\""}
	ruleSession404 = Rule{Rev2025, "Transports › Streamable HTTP › Session Management", "MUST",
		"The server MAY terminate the session at any time, after which it MUST respond to requests containing that session ID with HTTP 404 Not Found."}
	// ruleOrigin is one MUST in the same words in both revisions, on pages
	// that differ: one value per revision. 2025-11-25 gives the 403 as a
	// sub-item of the first sentence, with no stop between: hence […].
	ruleOrigin = map[string]*Rule{
		Rev2025: {Rev2025, "Transports › Streamable HTTP › Security Warning", "MUST",
			"Servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding attacks […] If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden."},
		Rev2026: {Rev2026, "Transports › Streamable HTTP › Security & Endpoint", "MUST",
			"Servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding attacks. If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden."},
	}
	ruleVersionHeader = Rule{Rev2025, "Transports › Streamable HTTP › Protocol Version Header", "MUST",
		"If the server receives a request with an invalid or unsupported MCP-Protocol-Version, it MUST respond with 400 Bad Request."}
	ruleAccepted = Rule{Rev2025, "Transports › Streamable HTTP › Sending Messages to the Server", "MUST",
		"If the input is a JSON-RPC response or notification: If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body. If the server cannot accept the input, it MUST return an HTTP error status code (e.g., 400 Bad Request)."}
	ruleMismatch = Rule{Rev2026, "Transports › Streamable HTTP › Server Validation", "MUST",
		"Servers that process the request body MUST reject requests where the values specified in the headers do not match the corresponding values in the request body. […] servers MUST return HTTP status 400 Bad Request and MUST include a JSON-RPC error response using the following error code: -32020 (HeaderMismatch)."}
	ruleNoGet = Rule{Rev2026, "Transports › Streamable HTTP › Backward Compatibility › Earlier Streamable HTTP Revisions", "SHOULD",
		"A server that supports only this revision and receives such traffic from an older client SHOULD respond as follows: HTTP GET or DELETE to the MCP endpoint: respond with 405 Method Not Allowed."}
)

// revRules holds the rules the cases of both revisions cite, in one
// revision's words.
type revRules struct {
	// pagesEnd is what the text says ends a walk: silent on "" in
	// 2025-11-25, a client MUST NOT in 2026-07-28.
	pagesEnd Rule
	// walkEnds is the course's own rule: a walk must end.
	walkEnds      Rule
	stableCursors Rule
	invalidCursor Rule
	listSchema    Rule
	// reply is the rule a request left unanswered breaks. It sets no
	// deadline: a response the probe stopped waiting for only warns.
	reply       Rule
	unknownTool Rule
	// unique says what each list's page says of two items with one key.
	unique map[string]Rule
}

// jsonRPCReply quotes the JSON-RPC 2.0 specification, which both
// revisions' Basic › Messages require every message to follow.
const jsonRPCReply = "All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification. (JSON-RPC 2.0, Response object: \"When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications.\")"

// rulesFor returns the rules of rev, Rev2025 or Rev2026.
func rulesFor(rev string) *revRules {
	if rev == Rev2026 {
		return &rules2026
	}
	return &rules2025
}

var rules2025 = revRules{
	pagesEnd: Rule{Rev2025, "Server › Utilities › Pagination › Response Format", "silent",
		"A response includes \"An optional nextCursor field if more results exist\". The text says nothing of a nextCursor \"\": the course follows it, as 2026-07-28 requires."},
	walkEnds: Rule{Rev2025, "Server › Utilities › Pagination (the course's rule; the text is silent)", "course",
		"A response includes \"An optional nextCursor field if more results exist\", and \"Clients SHOULD: Treat a missing nextCursor as the end of results\". The text says nothing of a cursor that comes back or a list that never ends; the course fails both, since a client that follows such cursors never finishes."},
	stableCursors: Rule{Rev2025, "Server › Utilities › Pagination › Implementation Guidelines", "SHOULD",
		"Servers SHOULD: Provide stable cursors; Handle invalid cursors gracefully."},
	invalidCursor: Rule{Rev2025, "Server › Utilities › Pagination › Error Handling", "SHOULD",
		"Invalid cursors SHOULD result in an error with code -32602 (Invalid params)."},
	listSchema: Rule{Rev2025, "Basic › Schema", "schema",
		"The TypeScript schema: \"This is the source of truth for all protocol messages and structures.\" It types a list result's nextCursor as \"nextCursor?: Cursor\", with \"export type Cursor = string;\", beside its array."},
	reply: Rule{Rev2025, "Basic › Messages", "MUST", jsonRPCReply},
	unknownTool: Rule{Rev2025, "Server › Tools › Error Handling", "no keyword",
		"Tools use two error reporting mechanisms: Protocol Errors: Standard JSON-RPC errors for issues like: Unknown tools, […] Tool Execution Errors: Reported in tool results with isError: true."},
	unique: map[string]Rule{
		"tools": {Rev2025, "Server › Tools › Tool Names", "SHOULD",
			"Tool names SHOULD be unique within a server."},
		"prompts": {Rev2025, "Server › Prompts › Data Types › Prompt", "no keyword",
			"A prompt definition includes: name: Unique identifier for the prompt. The page gives no keyword for two prompts with one name."},
		"resources": {Rev2025, "Server › Resources › Data Types › Resource", "no keyword",
			"A resource definition includes: uri: Unique identifier for the resource. The page gives no keyword for two resources with one URI."},
		"resource-templates": {Rev2025, "Server › Resources › Resource Templates", "silent",
			"\"Resource templates allow servers to expose parameterized resources using URI templates.\" The page says nothing of two templates with one uriTemplate."},
	},
}

var rules2026 = revRules{
	pagesEnd: Rule{Rev2026, "Server › Utilities › Pagination › Implementation Guidelines", "MUST NOT",
		"Clients MUST treat cursors as opaque tokens: […] Don't make any determination based on cursor value other than whether a non-null value was provided (e.g. an empty string is a valid cursor and thus MUST NOT be treated as the end of results)"},
	walkEnds: Rule{Rev2026, "Server › Utilities › Pagination (the course's rule; the text is silent)", "course",
		"A response includes \"An optional nextCursor field if more results exist\", and \"Clients SHOULD: Treat a missing nextCursor as the end of results\". The text says nothing of a cursor that comes back or a list that never ends; the course fails both, since a client that follows such cursors never finishes."},
	stableCursors: Rule{Rev2026, "Server › Utilities › Pagination › Implementation Guidelines", "SHOULD",
		"Servers SHOULD: Provide stable cursors; Handle invalid cursors gracefully."},
	invalidCursor: Rule{Rev2026, "Server › Utilities › Pagination › Error Handling", "SHOULD",
		"Invalid cursors SHOULD result in an error with code -32602 (Invalid params)."},
	listSchema: Rule{Rev2026, "Basic › Schema", "schema",
		"The TypeScript schema: \"This is the source of truth for all protocol messages and structures.\" It types a list result's nextCursor as \"nextCursor?: Cursor\", with \"export type Cursor = string;\", beside its array."},
	reply: Rule{Rev2026, "Basic › Messages", "MUST", jsonRPCReply},
	unknownTool: Rule{Rev2026, "Server › Tools › Error Handling", "no keyword",
		"Tools use two error reporting mechanisms: Protocol Errors indicate issues with the request structure itself that models are less likely to be able to fix: Unknown tool […] They are returned as standard JSON-RPC errors […] Tool Execution Errors contain actionable feedback […] They are reported in tool results with isError: true"},
	unique: map[string]Rule{
		"tools": {Rev2026, "Server › Tools › Tool Names", "SHOULD",
			"Tool names SHOULD be unique within a server."},
		"prompts": {Rev2026, "Server › Prompts › Data Types › Prompt", "no keyword",
			"A prompt definition includes: name: Unique identifier for the prompt. The page gives no keyword for two prompts with one name."},
		"resources": {Rev2026, "Server › Resources › Data Types › Resource", "no keyword",
			"A resource definition includes: uri: Unique identifier for the resource. The page gives no keyword for two resources with one URI."},
		"resource-templates": {Rev2026, "Server › Resources › Resource Templates", "silent",
			"\"Resource templates allow servers to expose parameterized resources using URI templates.\" The page says nothing of two templates with one uriTemplate."},
	},
}
