package mrtr

import "github.com/mcp-playground/mcp-playground/sim/scenario/play"

// Presets are the mrtr family's scenarios (lesson 3, tools).
func Presets() []play.Preset {
	info := func(id, era, counterpart, title, summary string) play.Info {
		return play.Info{ID: id, Title: title, Summary: summary, Lesson: "tools", Era: era, Counterpart: counterpart}
	}
	return []play.Preset{
		{Info: info("mrtr-elicit-2025", play.V20251125, "", "A tool asks the user (2025-11-25)",
			"The restock tool needs a confirmation: inside the open tools/call the server sends elicitation/create, the client answers, and the call completes with the same id."),
			Family: mrtrFamily, Params: &Params{Era: play.V20251125, Action: "accept", Quantity: 12}},
		{Info: info("mrtr-input-required", play.V20260728, "mrtr-elicit-2025", "A tool asks the user: input_required",
			`The same tool in 2026-07-28: tools/call returns resultType "input_required" with inputRequests and requestState; go-sdk's client asks the user and retries with inputResponses under a new id.`),
			Family: mrtrFamily, Params: &Params{Era: play.V20260728, Action: "accept", Quantity: 12}},
		{Info: info("mrtr-declined", play.V20260728, "", "The user declines the input request",
			`input_required, the user declines, and the client still retries: inputResponses carries action "decline" and the tool completes without ordering anything.`),
			Family: mrtrFamily, Params: &Params{Era: play.V20260728, Action: "decline", Quantity: 12}},
	}
}
