package stdio

// ParamDocs holds the one-line meaning of each of the family's parameters,
// for the playground's form; the registry gives them to its scenarios.
func ParamDocs() map[string]string {
	return map[string]string{
		"fault":        "what goes wrong on stdout: banner (a line of text before the first frame), multiline (a pretty-printed frame) or none",
		"banner":       "with fault banner: the line the server prints first; one non-empty line",
		"banner_from":  "with fault banner: who prints it, server (the server's own main) or wrapper (a shell script that launches the server); empty for server",
		"merge_stderr": "whether the launch merges the server's stderr into its stdout (2>&1), so its log lines land among the frames; true or false",
	}
}
