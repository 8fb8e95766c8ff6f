package handshake

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Params choose how the connection starts.
type Params struct {
	// Shape is one of ok, request-before-init, counteroffer, unsupported,
	// no-initialized, discover.
	Shape string `json:"shape"`
	// ClientVersion is the protocolVersion the client asks for.
	ClientVersion string `json:"client_version"`
	// ServerVersion is what a scripted server answers (shape unsupported).
	ServerVersion string `json:"server_version,omitempty"`
}

// Handshake shapes.
const (
	shapeOK                = "ok"
	shapeRequestBeforeInit = "request-before-init"
	shapeCounteroffer      = "counteroffer"
	shapeUnsupported       = "unsupported"
	shapeNoInitialized     = "no-initialized"
	shapeDiscover          = "discover"
)

// handshakeChoices are the words the handshake family's enumerated
// parameters accept.
func handshakeChoices() play.Choices {
	return play.Choices{"shape": {shapeOK, shapeRequestBeforeInit, shapeCounteroffer, shapeUnsupported, shapeNoInitialized, shapeDiscover}}
}

func (p *Params) Validate() error {
	if err := handshakeChoices().Check("shape", p.Shape); err != nil {
		return err
	}
	if !IsVersion(p.ClientVersion) {
		return fmt.Errorf("client_version %q: want a date like 2025-11-25", p.ClientVersion)
	}
	// The go-sdk client sends server/discover instead of initialize for
	// any version from 2026-07-28 on and retries discovery on a version
	// the server refuses, so each shape that uses it needs a version whose
	// frames the scenario expects.
	supported := slices.Contains(mcp.SupportedProtocolVersions(), p.ClientVersion)
	modern := p.ClientVersion >= play.V20260728
	switch p.Shape {
	case shapeDiscover:
		if !supported || !modern {
			return fmt.Errorf("client_version %s: shape discover needs a version go-sdk supports from %s on", p.ClientVersion, play.V20260728)
		}
	case shapeOK, shapeUnsupported:
		if !supported || modern {
			return fmt.Errorf("client_version %s: shape %s needs a version go-sdk supports before %s (%s)", p.ClientVersion, p.Shape, play.V20260728, strings.Join(mcp.SupportedProtocolVersions(), ", "))
		}
	case shapeCounteroffer:
		if supported || modern {
			return fmt.Errorf("client_version %s: a counter-offer needs a version the server does not know, before %s (from then on the client sends server/discover)", p.ClientVersion, play.V20260728)
		}
	}
	if p.Shape == shapeUnsupported {
		if !IsVersion(p.ServerVersion) {
			return fmt.Errorf("server_version %q: want a date like 1999-01-01", p.ServerVersion)
		}
		if slices.Contains(mcp.SupportedProtocolVersions(), p.ServerVersion) {
			return fmt.Errorf("server_version %s: go-sdk supports it; pick one it does not know", p.ServerVersion)
		}
	}
	return nil
}

// IsVersion reports whether v looks like an MCP protocol version (YYYY-MM-DD).
func IsVersion(v string) bool {
	if len(v) != 10 || v[4] != '-' || v[7] != '-' {
		return false
	}
	for i, c := range v {
		if i != 4 && i != 7 && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}
