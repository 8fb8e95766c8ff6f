package http2026

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
		"shape":      "what the HTTP exchange shows: headers, mismatch (a proxy rewrites Mcp-Name), listen, stateful or session-2025",
		"proxy_name": "with shape mismatch: the Mcp-Name the proxy writes over the client's; a tool name other than get_stock (letters, digits, - and _)",
	}
}
