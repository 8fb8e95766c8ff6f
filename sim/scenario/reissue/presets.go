package reissue

import "github.com/mcp-playground/mcp-playground/sim/scenario/play"

// Presets are the reissue family's scenarios.
func Presets() []play.Preset {
	info := func(id, title, summary, counterpart string) play.Info {
		return play.Info{ID: id, Title: title, Summary: summary, Lesson: "disconnect", Era: play.V20260728, Counterpart: counterpart}
	}
	p := func(shape, key string) *Params {
		return &Params{Shape: shape, Key: key, SKU: "PEN-01", Quantity: 2}
	}
	return []play.Preset{
		{Info: info("stream-lost-2026", "A response stream breaks",
			"Streamable HTTP, 2026-07-28: the tool ran, then its SSE response stream ended without the response. There is no resumption; the go-sdk call fails, the outcome is UNKNOWN, and the ledger shows one reservation.",
			"disconnect-after-execute"),
			Family: reissueFamily, Params: p(reissueLost, "")},
		{Info: info("reissue-blind-2026", "Re-issued without a key",
			"After the lost stream the client re-issues the call as a new request with a new id, as 2026-07-28 requires. Without an idempotency key the server runs it again: two reservations.",
			"retry-blind"),
			Family: reissueFamily, Params: p(reissueAgain, "")},
		{Info: info("reissue-idempotent-2026", "Re-issued with an idempotency key",
			"The re-issued request has a new id but the same idempotency_key in its arguments: the server replays the first reservation, the ledger holds one, and the client reconciles the unknown outcome to SUCCEEDED.",
			"retry-idempotent"),
			Family: reissueFamily, Params: p(reissueAgain, "order-42")},
		{Info: info("cancel-2026", "Cancelling on streamable HTTP",
			"The client gives up on a call: on streamable HTTP in 2026-07-28, closing the response stream is the cancellation. go-sdk v1.8.0 also posts notifications/cancelled (202). The reservation had already run and stands.",
			"cancel-late"),
			Family: reissueFamily, Params: p(reissueCancel, "")},
	}
}
