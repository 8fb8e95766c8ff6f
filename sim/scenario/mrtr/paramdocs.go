package mrtr

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
		"era":      "the protocol version the client speaks: 2026-07-28 (multi round-trip requests) or 2025-11-25 (the server elicits)",
		"action":   "the user's answer to the confirmation: accept, decline or cancel",
		"quantity": "how many units the restock tool orders; 1 to 1000",
	}
}
