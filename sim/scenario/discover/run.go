package discover

import (
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// runDiscover plays the discover family's shapes.
func runDiscover(ctx context.Context, rec *trace.Recorder, p *Params) error {
	switch p.Shape {
	case shapeVersionRetry:
		return discoverVersionRetry(ctx, rec, p)
	case shapeFallback:
		return discoverFallback(ctx, rec, p)
	case shapeLegacyList:
		return discoverLegacyList(ctx, rec, p)
	case shapeBadMeta:
		return discoverBadMeta(ctx, rec, p)
	case shapeInlineRetry:
		return discoverInlineRetry(ctx, rec, p)
	default:
		return fmt.Errorf("shape %q has no script", p.Shape)
	}
}
