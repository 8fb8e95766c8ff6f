package httpsession

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
		"ttl":        "how long the server keeps an idle session, in virtual ms; 1 to 2^40",
		"call_at":    "when the client makes its first call, in virtual ms; 0 to idle_until",
		"idle_until": "when the client comes back after being idle, in virtual ms; call_at to 2^40",
	}
}
