package scenario

import (
	"github.com/mcp-playground/mcp-playground/sim/scenario/authsession"
	"github.com/mcp-playground/mcp-playground/sim/scenario/disconnect"
	"github.com/mcp-playground/mcp-playground/sim/scenario/discover"
	"github.com/mcp-playground/mcp-playground/sim/scenario/handle"
	"github.com/mcp-playground/mcp-playground/sim/scenario/handshake"
	"github.com/mcp-playground/mcp-playground/sim/scenario/http2026"
	"github.com/mcp-playground/mcp-playground/sim/scenario/httpsession"
	"github.com/mcp-playground/mcp-playground/sim/scenario/lateresponse"
	"github.com/mcp-playground/mcp-playground/sim/scenario/mrtr"
	"github.com/mcp-playground/mcp-playground/sim/scenario/paging"
	"github.com/mcp-playground/mcp-playground/sim/scenario/reissue"
	"github.com/mcp-playground/mcp-playground/sim/scenario/sessionuser"
	"github.com/mcp-playground/mcp-playground/sim/scenario/ssefragment"
	"github.com/mcp-playground/mcp-playground/sim/scenario/stdio"
	"github.com/mcp-playground/mcp-playground/sim/scenario/tools"
)

// paramDocs holds, per family name, the one-line meaning of each of the
// family's parameters. Every parameter has one (TestEveryParameterIsDocumented):
// a learner changing a number in the playground should not have to read
// the source to know what it does or how far it goes.
func paramDocs() map[string]map[string]string {
	return map[string]map[string]string{
		"handshake": handshake.ParamDocs(),
		"discover":  discover.ParamDocs(),
		"stdio":     stdio.ParamDocs(),
		"http-2026": http2026.ParamDocs(),
		"tools":     tools.ParamDocs(),
		"mrtr":      mrtr.ParamDocs(),
		"paging":    paging.ParamDocs(),
		"paging2026": paging.With(paging.CatalogDocs(), map[string]string{
			"change_after": "always 0 here: a 2026-07-28 catalog changes through a notification (twist list-changed)",
			"changed":      "with twist list-changed: the pages of tools the server adds, in the same form as pages",
			"cache_scope":  "the cacheScope every page carries: public or private",
			"ttl_ms":       "the ttlMs every page carries, how long the client may reuse it; 0 to 86400000",
			"seed":         "makes the cursor tokens; any whole number",
			"walks":        "how many times the client walks the catalog on one connection (2 shows the cache); 1 to 3",
			"max_tools":    "the iterator stops after this many tools; 1 to 2000",
			"max_requests": "the link is cut after this many tools/list requests; 1 to 100",
			"client":       "who walks: sdk-iterator (go-sdk's ClientSession.Tools) or both (first the reference walk; shape normal, one walk, no twist)",
			"twist":        "a second act: invalid-cursor, cross-connection, list-changed (needs changed), or none",
		}),
		"ttl": {
			"ops":         `the scheduler's steps, in order, each {"op": touch or expire, "id", "at", "ttl", "why"}; up to 200`,
			"renewals":    "first renews session A this many times, to pile up stale tickets; 0 to 100000 (needs renew_ttl and renew_every)",
			"renew_ttl":   "with renewals: the ttl of each renewal, in virtual ms; above 0",
			"renew_every": "with renewals: a step is recorded every this many renewals; above 0, at most 200 steps",
		},
		"http-session":  httpsession.ParamDocs(),
		"sse-fragment":  ssefragment.ParamDocs(),
		"session-user":  sessionuser.ParamDocs(),
		"auth-session":  authsession.ParamDocs(),
		"late-response": lateresponse.ParamDocs(),
		"paging-lab": {
			"case":               "the situation: replay (walk twice), slow-page (a page that never arrives), principal-cursor (bob presents alice's cursor) or listed-not-callable (a listed tool refused to bob)",
			"tools":              "the server's tools, 1 to 50 names of at most 64 characters; go-sdk v1.8.0 lists them sorted by name",
			"page_size":          "the server's page size (go-sdk ServerOptions.PageSize); 1 to 50",
			"add_between":        "with case replay: a tool the server adds between the two walks, a new catalog generation; empty for none",
			"stall_page":         "with case slow-page: the 1-based page whose answer never comes; 0 for none, up to the number of pages",
			"page_ms":            "with case slow-page: how long every other page takes, in virtual ms; 0 to 3600000",
			"request_timeout_ms": "with case slow-page: the deadline of each tools/list request, in virtual ms; 0 for none, up to 3600000",
			"walk_timeout_ms":    "with case slow-page: the deadline of the whole walk, in virtual ms; 0 for none, up to 3600000",
			"hidden_from_bob":    "with the principal cases: tools the server leaves out of bob's list; each one of tools",
			"refused_for_bob":    "with the principal cases: tools listed to bob whose calls the server refuses for him; each one of tools",
			"call":               "with case listed-not-callable: the tool both principals call; one of tools",
		},
		"tool-safety": {
			"case":               "the situation: error-leak (what a failing tool tells the model) or untrusted-output (a tool result that gives instructions)",
			"errors":             "with case error-leak: leaky (the Go error as it came), actionable (a reason and a next step) or both",
			"injection":          "with case untrusted-output: the instruction hidden in the ticket text the tool returns; one line, at most 500 characters",
			"poison_description": "with case untrusted-output: whether a tool's description carries another instruction; true or false",
			"confirm":            "with case untrusted-output: the host's policy for a call the model proposes, ask (the user declines) or auto (the host calls without asking)",
		},
		"handle":     handle.ParamDocs(),
		"disconnect": disconnect.ParamDocs(),
		"reissue":    reissue.ParamDocs(),
	}
}
