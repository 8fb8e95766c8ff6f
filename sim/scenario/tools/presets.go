package tools

import (
	"encoding/json"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
)

func stockCall(args, why string) Call {
	return Call{Tool: "get_stock", Arguments: json.RawMessage(args), Why: why}
}

// Presets are the tools family's scenarios.
func Presets() []play.Preset {
	info := func(id, title, summary string) play.Info {
		return play.Info{ID: id, Title: title, Summary: summary, Lesson: "tools", Era: play.V20251125}
	}
	return []play.Preset{
		{Info: info("stock-ok", "A successful call", "get_stock for PEN-01 (warehouse east by default) returns 12 pieces."),
			Family: toolsFamily, Params: &Params{Calls: []Call{stockCall(`{"query":{"sku":"PEN-01"}}`, "No warehouse: the schema's default, east, applies.")}}},
		{Info: info("stock-zero", "Zero is an answer", "BOOK-01 in east exists with quantity 0: a success whose answer is zero."),
			Family: toolsFamily, Params: &Params{Calls: []Call{stockCall(`{"query":{"sku":"BOOK-01","warehouse":"east"}}`, "A record that exists, with nothing in stock.")}}},
		{Info: info("stock-missing", "Missing is not zero", "BOOK-01 in west has no record: an isError result, never a quantity of 0."),
			Family: toolsFamily, Params: &Params{Calls: []Call{stockCall(`{"query":{"sku":"BOOK-01","warehouse":"west"}}`, "No record exists for this pair.")}}},
		{Info: info("stock-bad-input", "Arguments the schema refuses", "Lower-case sku, a trailing newline, an extra field, warehouse north, a number for sku: each an isError result."),
			Family: toolsFamily, Params: &Params{Calls: []Call{
				stockCall(`{"query":{"sku":"pen-01"}}`, "A lower-case sku does not match ^[A-Z][A-Z0-9-]{0,15}$."),
				stockCall(`{"query":{"sku":"PEN-01\n"}}`, "A trailing newline: $ matches only at the very end, so the pattern fails."),
				stockCall(`{"query":{"sku":"PEN-01","color":"blue"}}`, "An extra field: the schema says additionalProperties false."),
				stockCall(`{"query":{"sku":"PEN-01","warehouse":"north"}}`, "north is not in the warehouse enum."),
				stockCall(`{"query":{"sku":101}}`, "A number where a string is required."),
			}}},
		{Info: info("unknown-tool", "A tool that does not exist", "Calling get_stocks (a typo) is a JSON-RPC error -32602, a different layer from an isError result."),
			Family: toolsFamily, Params: &Params{Calls: []Call{
				stockCall(`{"query":{"sku":"PEN-01"}}`, "First a call that works, for contrast."),
				{Tool: "get_stocks", Arguments: json.RawMessage(`{"query":{"sku":"PEN-01"}}`), Why: "A name the server does not have."},
			}}},
	}
}
