package paging

import (
	"errors"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/catalog"
	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
)

// Params shape a tools/list walk: the catalog the server serves, and
// the client that walks it.
type Params struct {
	// Catalog is what the server serves: pages, empty_cursor_after, shape,
	// change_after and changed.
	fixture.Catalog
	// MaxPages and MaxTools are the reference client's limits.
	MaxPages int `json:"max_pages"`
	MaxTools int `json:"max_tools"`
	// Seed makes cursor tokens; two servers with different seeds issue
	// different tokens, as two server processes would.
	Seed uint64 `json:"seed"`
	// Client is reference (the guarded walk of sim/catalog), sdk-iterator
	// (go-sdk's ClientSession.Tools), or both, one after the other.
	Client string `json:"client"`
	// Twist adds a second act: invalid-cursor (the wire rewrites the first
	// nextCursor to one never issued), cross-session (the cursor is sent to
	// another server process), restart (after a failed walk the client
	// starts a fresh one explicitly), refresh-failed (a refresh that fails
	// keeps the active catalog).
	Twist string `json:"twist,omitempty"`
}

// Paging clients.
const (
	ClientReference   = "reference"
	ClientSDKIterator = "sdk-iterator"
	ClientBoth        = "both"
)

// Paging twists.
const (
	TwistNone          = ""
	TwistInvalidCursor = "invalid-cursor"
	twistCrossSession  = "cross-session"
	twistRestart       = "restart"
	twistRefreshFailed = "refresh-failed"
)

// pagingChoices are the words the paging family's enumerated parameters
// accept.
func pagingChoices() play.Choices {
	return play.Choices{
		"shape":  {fixture.ShapeNormal, fixture.ShapeRepeat, fixture.ShapeCycle, fixture.ShapeEndless},
		"client": {ClientReference, ClientSDKIterator, ClientBoth},
		"twist":  {TwistNone, TwistInvalidCursor, twistCrossSession, twistRestart, twistRefreshFailed},
	}
}

// Bounds on paging parameters, so that any run the playground asks for
// stays small and finite.
const (
	MaxParamPages   = 20
	MaxParamTools   = 200
	MaxListRequests = 100
)

func (p *Params) Validate() error {
	if len(p.Pages) == 0 || len(p.Pages) > MaxParamPages {
		return fmt.Errorf("pages: want 1 to %d pages, got %d", MaxParamPages, len(p.Pages))
	}
	if err := ValidNames("pages", p.Pages); err != nil {
		return err
	}
	if err := ValidNames("changed", p.Changed); err != nil {
		return err
	}
	if p.EmptyCursorAfter < 0 || p.EmptyCursorAfter >= len(p.Pages) && p.EmptyCursorAfter != 0 && p.Shape != fixture.ShapeEndless {
		return fmt.Errorf("empty_cursor_after %d: want 0 (none) or a page before the last (1 to %d)", p.EmptyCursorAfter, len(p.Pages)-1)
	}
	c := pagingChoices()
	if err := c.Check("shape", p.Shape); err != nil {
		return err
	}
	if (p.Twist == TwistInvalidCursor || p.Twist == twistCrossSession) && len(p.Pages) < 2 {
		return fmt.Errorf("twist %s needs at least 2 pages (a nextCursor to misuse)", p.Twist)
	}
	if p.Shape == fixture.ShapeCycle && len(p.Pages) < 2 {
		return errors.New("shape cycle needs at least 2 pages")
	}
	if p.ChangeAfter < 0 || p.ChangeAfter > len(p.Pages) {
		return fmt.Errorf("change_after %d: want 0 to %d", p.ChangeAfter, len(p.Pages))
	}
	if p.ChangeAfter > 0 && len(p.Changed) == 0 {
		return errors.New("change_after needs changed pages")
	}
	if p.MaxPages < 0 || p.MaxPages > MaxListRequests {
		return fmt.Errorf("max_pages %d: want 0 to %d (below 1 shows ErrInvalidLimits)", p.MaxPages, MaxListRequests)
	}
	if p.MaxTools < -1 || p.MaxTools > 10*MaxParamTools {
		return fmt.Errorf("max_tools %d: want -1 to %d (below 0 shows ErrInvalidLimits)", p.MaxTools, 10*MaxParamTools)
	}
	if err := c.Check("client", p.Client); err != nil {
		return err
	}
	if p.Client != ClientReference && p.Shape != fixture.ShapeNormal {
		// ClientSession.Tools never stops on a repeated cursor; the
		// scenario would have nothing to show but a hang.
		return fmt.Errorf("client %s: the go-sdk iterator can only be shown on shape normal (it loops forever on a repeated cursor)", p.Client)
	}
	if err := c.Check("twist", p.Twist); err != nil {
		return err
	}
	if p.Twist == twistRefreshFailed && len(p.Changed) == 0 {
		return errors.New("twist refresh-failed needs changed pages (the refreshed catalog)")
	}
	if p.Twist != TwistNone && p.Client != ClientReference {
		return fmt.Errorf("twist %s needs client reference", p.Twist)
	}
	return nil
}

func ValidNames(field string, pages [][]string) error {
	total := 0
	for i, pg := range pages {
		for _, n := range pg {
			if n == "" || len(n) > 64 {
				return fmt.Errorf("%s: page %d: tool names must be 1 to 64 characters", field, i+1)
			}
		}
		total += len(pg)
	}
	if total > MaxParamTools {
		return fmt.Errorf("%s: at most %d tools, got %d", field, MaxParamTools, total)
	}
	return nil
}

func (p *Params) limits() catalog.Limits {
	return catalog.Limits{MaxPages: p.MaxPages, MaxTools: p.MaxTools}
}
