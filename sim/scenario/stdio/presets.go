package stdio

import "github.com/mcp-playground/mcp-playground/sim/scenario/play"

// Presets are the stdio family's scenarios.
func Presets() []play.Preset {
	info := func(id, title, summary string) play.Info {
		return play.Info{ID: id, Title: title, Summary: summary, Lesson: "transports", Era: play.V20251125}
	}
	wrapper := info("stdio-wrapper-banner", "A wrapper script's banner, and 2>&1", "The host starts a shell script that echoes a greeting and runs the server with 2>&1. The server's own stdout is clean, yet line 1 is the script's echo and line 2 the server's stderr log. go-sdk v1.8.0's client fails on line 1. 2025-11-25 stdio: nothing but messages on stdout; logs go to stderr, never merged.")
	wrapper.Lesson = "tools"
	return []play.Preset{
		{Info: info("stdio-banner", "A banner on stdout", "The server prints a greeting before its first frame. The frame checker flags line 1 and reads on; go-sdk's client fails its initialize on that line and closes. stdout is for JSON-RPC only; logs go to stderr."),
			Family: stdioFamily, Params: &Params{Fault: faultBanner, Banner: "inventory-fixture 1.0.0 ready on stdio"}},
		{Info: info("stdio-multiline", "A pretty-printed frame", "The server indents its initialize result over several lines. No line is a message on its own; an escaped \\n inside a string, by contrast, is fine."),
			Family: stdioFamily, Params: &Params{Fault: faultMultiline}},
		{Info: wrapper, Family: stdioFamily, Params: &Params{Fault: faultBanner, Banner: "starting inventory server...", BannerFrom: bannerFromWrapper, MergeStderr: true}},
	}
}
