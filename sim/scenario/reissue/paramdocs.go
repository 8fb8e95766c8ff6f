package reissue

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
		"shape":    "what the client does when the response stream breaks: lost (stops there), reissue (sends the call again as a new request) or cancel",
		"key":      "the idempotency key every attempt carries; at most 64 characters, empty for none",
		"sku":      "the product the write call reserves: a capital letter, then up to 15 capitals, digits or -",
		"quantity": "how many units the call reserves; 1 to 1000",
	}
}
