package handle

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
		"ttl":        "how long a cart handle lives unused, in virtual ms; above call_at, up to 2^40",
		"call_at":    "when the client first uses the handle, in virtual ms; 1 to ttl - 1",
		"idle_until": "when the client comes back after being idle, in virtual ms; after call_at, up to 2^40",
	}
}
