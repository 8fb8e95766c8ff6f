package ssefragment

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
		"split":    "how the event stream reaches the client: mid-json (the first event in three reads, cut inside its data line and before its blank line), per-event (one read per event) or one-read (the whole body at once)",
		"progress": "how many notifications/progress events the tool sends before its result; 0 to 3",
	}
}
