package paginglab

import (
	"errors"
	"fmt"
	"slices"
)

// The paging-lab family's parameters are checked wherever it runs:
// natively and in sim-http.wasm. sim.wasm does not import the family, so
// it carries neither its run nor these checks.

// maxLabMS bounds the virtual times a playground run may ask for: an hour.
const maxLabMS = 3_600_000

func (p *Params) Validate() error {
	if err := pagingLabChoices().Check("case", p.Case); err != nil {
		return err
	}
	if len(p.Tools) == 0 || len(p.Tools) > 50 {
		return fmt.Errorf("tools: want 1 to 50 tools, got %d", len(p.Tools))
	}
	for _, t := range append(slices.Clone(p.Tools), p.AddBetween) {
		if len(t) > 64 {
			return fmt.Errorf("tool %q: names must be at most 64 characters", t)
		}
	}
	if slices.Contains(p.Tools, "") {
		return errors.New("tools: a name is empty")
	}
	if p.PageSize < 1 || p.PageSize > 50 {
		return fmt.Errorf("page_size %d: want 1 to 50", p.PageSize)
	}
	if p.AddBetween != "" && p.Case != labReplay {
		return errors.New("add_between is for case replay")
	}
	if slices.Contains(p.Tools, p.AddBetween) {
		return fmt.Errorf("add_between %q: already a tool (go-sdk's AddTool would replace it, not add one)", p.AddBetween)
	}
	for name, ms := range map[string]int64{"page_ms": p.PageMS, "request_timeout_ms": p.RequestTimeoutMS, "walk_timeout_ms": p.WalkTimeoutMS} {
		if ms < 0 || ms > maxLabMS {
			return fmt.Errorf("%s %d: want 0 to %d", name, ms, maxLabMS)
		}
	}
	pages := (len(p.Tools) + p.PageSize - 1) / p.PageSize
	if p.StallPage < 0 || p.StallPage > pages {
		return fmt.Errorf("stall_page %d: want 0 (none) to %d, the number of pages", p.StallPage, pages)
	}
	if p.StallPage > 0 && p.RequestTimeoutMS == 0 && p.WalkTimeoutMS == 0 {
		return errors.New("stall_page with neither request_timeout_ms nor walk_timeout_ms: the walk would wait forever, which is the bug the deadlines prevent")
	}
	if (p.StallPage > 0 || p.PageMS > 0 || p.RequestTimeoutMS > 0 || p.WalkTimeoutMS > 0) && p.Case != labSlowPage {
		return errors.New("stall_page, page_ms and the timeouts are for case slow-page")
	}
	principal := p.Case == labPrincipalCursor || p.Case == labListedNotCallable
	if !principal && (len(p.HiddenFromBob) > 0 || len(p.RefusedForBob) > 0 || p.Call != "") {
		return errors.New("hidden_from_bob, refused_for_bob and call are for the principal cases")
	}
	for _, t := range append(slices.Clone(p.HiddenFromBob), p.RefusedForBob...) {
		if !slices.Contains(p.Tools, t) {
			return fmt.Errorf("%q is not one of the tools", t)
		}
	}
	if p.Case == labPrincipalCursor && len(p.Tools) <= p.PageSize {
		return errors.New("case principal-cursor needs more tools than page_size: a nextCursor to misuse")
	}
	if p.Case == labListedNotCallable && !slices.Contains(p.Tools, p.Call) {
		return fmt.Errorf("call %q: want one of the tools", p.Call)
	}
	return nil
}
