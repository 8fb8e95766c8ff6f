package disconnect

import "github.com/mcp-playground/mcp-playground/sim/scenario/play"

// Presets are the disconnect family's scenarios.
func Presets() []play.Preset {
	info := func(id, title, summary string) play.Info {
		return play.Info{ID: id, Title: title, Summary: summary, Lesson: "disconnect", Era: play.V20251125}
	}
	p := func(cut, retry, key string) *Params {
		return &Params{Cut: cut, Retry: retry, Key: key, SKU: "PEN-01", Quantity: 2}
	}
	late := p(cutNone, retryNone, "")
	late.CancelLate = true
	return []play.Preset{
		{Info: info("disconnect-after-execute", "Cut after the tool ran", "The server reserved the stock, then the link broke before the answer arrived. The client's call fails with EOF; its outcome is UNKNOWN; the ledger shows one reservation."),
			Family: disconnectFamily, Params: p(cutAfterExecute, retryNone, "")},
		{Info: info("disconnect-before-deliver", "Cut before the server saw it", "The request is lost on the way. The client sees the same failure as after-execute, but the ledger is empty."),
			Family: disconnectFamily, Params: p(cutBeforeDeliver, retryNone, "")},
		{Info: info("retry-blind", "A blind retry doubles the write", "After a cut, the client reconnects and sends the same reservation again, with no key: the ledger now shows two."),
			Family: disconnectFamily, Params: p(cutAfterExecute, retryBlind, "")},
		{Info: info("retry-idempotent", "Retry with an idempotency key", "The same key on the retry lets the server recognise the call: one reservation, and the client reconciles the unknown outcome to SUCCEEDED."),
			Family: disconnectFamily, Params: p(cutAfterExecute, retryIdempotent, "order-42")},
		{Info: info("cancel-late", "Cancelled too late", "The client cancels after the server finished. notifications/cancelled goes out, the late response is dropped, and the reservation stands."),
			Family: disconnectFamily, Params: late},
	}
}
