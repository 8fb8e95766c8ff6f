package paging2026

import "github.com/mcp-playground/mcp-playground/sim/scenario/paging"

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return paging.With(paging.CatalogDocs(), map[string]string{
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
	})
}
