package disconnect

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
		"cut":         "where the link fails: after-execute (the handler ran, its response is lost), before-deliver (the request is lost) or none",
		"retry":       "what the client does after the cut: none, blind (the same call again, no key) or idempotent (again with the same key: set key)",
		"key":         "the idempotency key every attempt carries; needed by retry idempotent, not allowed with retry blind; empty for none",
		"cancel_late": "the client cancels the call after the server has answered but before the answer arrives; needs cut none",
		"sku":         "the product the write call reserves: a capital letter, then up to 15 capitals, digits or -",
		"quantity":    "how many units the call reserves; 1 to 1000",
	}
}
