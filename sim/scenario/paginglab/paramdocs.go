package paginglab

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
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
	}
}
