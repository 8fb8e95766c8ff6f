package lateresponse

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
		"proxy": "what the proxy does with the old connection's late response: misroute (hands it to the new session, where its id names another request) or drop (discards it)",
	}
}
