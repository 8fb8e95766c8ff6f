// Package discover is the discover family: server/discover of 2026-07-28
// meeting unsupported versions, older servers and bad _meta.
package discover

import (
	"context"
	"fmt"
	"slices"

	"github.com/mcp-playground/mcp-playground/sim/scenario/handshake"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Params choose how a 2026-07-28 client finds out what a server
// speaks: the discover family's presets are in presets.go, the
// scripts with the go-sdk client in sdk.go and those with a
// scripted client in scripted.go.
type Params struct {
	// Shape is one of version-retry, fallback, legacy-list, bad-meta,
	// inline-retry.
	Shape string `json:"shape"`
	// ClientVersion is the protocol version the client asks for first.
	ClientVersion string `json:"client_version"`
}

// Discover shapes.
const (
	// shapeVersionRetry: the go-sdk client asks for a version the go-sdk
	// server does not implement, gets -32022 and retries server/discover.
	shapeVersionRetry = "version-retry"
	// shapeFallback: the go-sdk client probes a server that answers
	// server/discover as a 2025-11-25 server would, and falls back to
	// initialize.
	shapeFallback = "fallback"
	// shapeLegacyList: the go-sdk client meets a go-sdk server restricted
	// to 2025-11-25, whose -32022 lists no version it can retry with.
	shapeLegacyList = "legacy-list"
	// shapeBadMeta: a scripted client sends requests whose _meta is
	// missing or malformed.
	shapeBadMeta = "bad-meta"
	// shapeInlineRetry: a scripted client skips server/discover, gets
	// -32022 on an ordinary request and re-issues it.
	shapeInlineRetry = "inline-retry"
)

func discoverChoices() play.Choices {
	return play.Choices{"shape": {shapeVersionRetry, shapeFallback, shapeLegacyList, shapeBadMeta, shapeInlineRetry}}
}

func (p *Params) Validate() error {
	if err := discoverChoices().Check("shape", p.Shape); err != nil {
		return err
	}
	if !handshake.IsVersion(p.ClientVersion) {
		return fmt.Errorf("client_version %q: want a date like 2026-07-28", p.ClientVersion)
	}
	supported := slices.Contains(mcp.SupportedProtocolVersions(), p.ClientVersion)
	switch p.Shape {
	case shapeVersionRetry, shapeInlineRetry:
		// The server answers -32022 only to a modern version it does not
		// implement; an older one would not select the 2026-07-28 path.
		if supported || p.ClientVersion < play.V20260728 {
			return fmt.Errorf("client_version %s: shape %s needs a version after %s that go-sdk does not implement, such as 2027-01-01", p.ClientVersion, p.Shape, play.V20260728)
		}
	default:
		if !supported || p.ClientVersion < play.V20260728 {
			return fmt.Errorf("client_version %s: shape %s needs a version go-sdk supports from %s on", p.ClientVersion, p.Shape, play.V20260728)
		}
	}
	return nil
}

// The discover family shows the 2026-07-28 replacement for the handshake:
// discovery, version negotiation by error, the fallback to initialize, and
// the per-request _meta a server checks.
var discoverFamily = &play.Family{
	Name:    "discover",
	Params:  func() play.Validator { return &Params{} },
	Choices: discoverChoices(),
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runDiscover(ctx, rec, v.(*Params))
	},
	Runtime: play.RuntimeHTTP,
}
