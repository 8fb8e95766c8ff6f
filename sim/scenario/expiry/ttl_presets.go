package expiry

import "github.com/mcp-playground/mcp-playground/sim/scenario/play"

func touchOp(id string, at, ttl int64, why string) TTLOp {
	return TTLOp{Op: OpTouch, ID: id, At: at, TTL: ttl, Why: why}
}
func expireOp(at int64, why string) TTLOp { return TTLOp{Op: OpExpire, At: at, Why: why} }

// Presets are the ttl family's scenarios.
func Presets() []play.Preset {
	info := func(id, title, summary string) play.Info {
		return play.Info{ID: id, Title: title, Summary: summary, Lesson: "ttl", Era: "application"}
	}
	return []play.Preset{
		{Info: info("ttl-renew", "Renewal postpones expiry", "A is touched at 0 with ttl 5 and again at 4: expire(5) finds only a stale ticket; expire(9) expires A."),
			Family: ttlFamily, Params: &Params{Ops: []TTLOp{
				touchOp("A", 0, 5, "A starts: deadline 0+5 = 5."),
				touchOp("A", 4, 5, "A is used again at 4: a new generation, deadline 9. The old ticket stays in the heap, stale."),
				expireOp(5, "At 5 the stale ticket reaches the top and is discarded: its generation is not A's current one. A lives."),
				expireOp(9, "At 9 A's current ticket is due (9 <= 9): A expires."),
			}}},
		{Info: info("ttl-reuse", "The same id after expiry", "A expires, then a new session reuses the id A: it gets a fresh generation, and nothing old can expire it."),
			Family: ttlFamily, Params: &Params{Ops: []TTLOp{
				touchOp("A", 0, 5, "A starts: deadline 5."),
				touchOp("A", 3, 5, "Renewed at 3: deadline 8, and a stale ticket at 5."),
				expireOp(8, "At 8 A expires (the stale ticket is popped first, then the current one)."),
				touchOp("A", 9, 5, "A new session with the same id: a fresh generation, deadline 14."),
				expireOp(13, "Nothing is due yet."),
				expireOp(14, "At 14 the new A expires."),
			}}},
		{Info: info("ttl-same-deadline", "Two sessions due together", "A and B have the same deadline; they expire together, ordered by id."),
			Family: ttlFamily, Params: &Params{Ops: []TTLOp{
				touchOp("B", 0, 5, "B starts: deadline 5."),
				touchOp("A", 2, 3, "A starts: deadline 5 too."),
				expireOp(5, "Both are due at 5. Ties are ordered by id, so the result is A, B on every run."),
			}}},
		{Info: info("ttl-stale-growth", "Stale tickets pile up", "One session renewed 10,000 times: one live session (S = 1) but 10,000 tickets in the heap (H)."),
			Family: ttlFamily, Params: &Params{Renewals: 10000, RenewTTL: 5, RenewEvery: 1000, Ops: []TTLOp{
				expireOp(10003, "Nothing is due: every popped ticket so far is stale and discarded (lazy deletion)."),
				expireOp(10004, "The last renewal's ticket is due: A expires and the heap is empty."),
			}}},
	}
}
