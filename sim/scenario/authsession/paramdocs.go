package authsession

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
		"token_ttl":   "in the run where the token expires: how long an access token lives, in virtual ms; 1 to 2^40",
		"session_ttl": "in the run where the server cleans up: the idle timeout of a session, in virtual ms; 1 to 2^40",
		"idle_until":  "when, from the start of each run, the client makes its second call, in virtual ms (the first is at 1000); 1001 to 2^40",
	}
}
