package toolsafety

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
		"case":               "the situation: error-leak (what a failing tool tells the model) or untrusted-output (a tool result that gives instructions)",
		"errors":             "with case error-leak: leaky (the Go error as it came), actionable (a reason and a next step) or both",
		"injection":          "with case untrusted-output: the instruction hidden in the ticket text the tool returns; one line, at most 500 characters",
		"poison_description": "with case untrusted-output: whether a tool's description carries another instruction; true or false",
		"confirm":            "with case untrusted-output: the host's policy for a call the model proposes, ask (the user declines) or auto (the host calls without asking)",
	}
}
