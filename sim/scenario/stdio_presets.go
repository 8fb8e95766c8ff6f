package scenario

// stdioPresets are the stdio family's scenarios.
func stdioPresets() []preset {
	info := func(id, title, summary string) Info {
		return Info{ID: id, Title: title, Summary: summary, Lesson: "transports", Era: v20251125}
	}
	return []preset{
		{info: info("stdio-banner", "A banner on stdout", "The server prints a greeting before its first frame. The frame checker flags line 1 and reads on; go-sdk's client fails its initialize on that line and closes. stdout is for JSON-RPC only; logs go to stderr."),
			family: stdioFamily, params: &StdioParams{Fault: faultBanner, Banner: "inventory-fixture 1.0.0 ready on stdio"}},
		{info: info("stdio-multiline", "A pretty-printed frame", "The server indents its initialize result over several lines. No line is a message on its own; an escaped \\n inside a string, by contrast, is fine."),
			family: stdioFamily, params: &StdioParams{Fault: faultMultiline}},
	}
}
