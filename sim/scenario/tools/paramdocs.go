package tools

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
		"calls": `the calls the client makes, in order, each {"tool", "arguments", "why"}; 1 to 10 calls`,
	}
}
