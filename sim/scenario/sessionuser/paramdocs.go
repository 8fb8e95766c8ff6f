package sessionuser

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
		"token": "the bearer token on the request that carries Alice's session id: bob (another user's valid token), alice (the same user from a second client) or none",
	}
}
