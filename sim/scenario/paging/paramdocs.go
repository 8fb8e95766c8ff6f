package paging

// CatalogDocs holds the meaning of the catalog's parameters, which every
// family that serves a paged catalog shares.
func CatalogDocs() map[string]string {
	return map[string]string{
		"pages":              `the tool names on each page of the catalog, one list per page; 1 to 20 pages of names like "get_stock"`,
		"empty_cursor_after": `the page after which the server sends "" as the nextCursor; 0 for never, else 1 to the page before the last`,
		"shape":              "how the server pages: normal, repeat (hands back the same cursor), cycle (loops to the first page) or endless (a fresh cursor forever)",
		"change_after":       "the page after which the catalog changes to the changed pages; 0 for never, else 1 to the number of pages",
		"changed":            "the pages of the changed catalog, in the same form as pages; needed when change_after is set",
		"cache_scope":        "the 2026-07-28 cache hint cacheScope on every page: public or private; empty for none, as 2025-11-25 pages carry",
		"ttl_ms":             "with cache_scope: the ttlMs hint on every page, in ms; 0 or more",
	}
}

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return With(CatalogDocs(), map[string]string{
		"max_pages": "the reference client's page limit; 1 to 100 (0 shows ErrInvalidLimits)",
		"max_tools": "the reference client's tool limit; 0 to 2000 (-1 shows ErrInvalidLimits)",
		"seed":      "makes the cursor tokens; two seeds are two server processes with different tokens; any whole number",
		"client":    "who walks: reference (sim/catalog's guarded walk), sdk-iterator (go-sdk's ClientSession.Tools, shape normal only) or both",
		"twist":     "a second act: invalid-cursor, cross-session, restart, refresh-failed (needs changed), or none; client reference only",
	})
}

// With returns the docs of m and more together.
func With(m, more map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = v
	}
	for k, v := range more {
		out[k] = v
	}
	return out
}
