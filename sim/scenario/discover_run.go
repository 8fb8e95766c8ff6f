//go:build !js || simhttp

package scenario

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// runDiscover plays the discover family's shapes.
func runDiscover(ctx context.Context, rec *trace.Recorder, p *DiscoverParams) error {
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

// deliverUnsupported delivers the -32022 UnsupportedProtocolVersion answer
// to method, with note (a format taking its code and the versions it
// lists), and records the error in the state: no version holds any more.
// It returns the versions the server supports.
func (l *link) deliverUnsupported(ctx context.Context, method, note string) ([]string, error) {
	f, err := l.w.Await(ctx, response(s2c, method))
	if err != nil {
		return nil, err
	}
	supported := errorSupported(f)
	l.rec.Update(func(s *trace.State) {
		s.Protocol = ""
		s.Error = errorText(f)
	})
	l.w.Deliver(f, fmt.Sprintf(note, errorCode(f), strings.Join(supported, ", ")))
	return supported, nil
}
