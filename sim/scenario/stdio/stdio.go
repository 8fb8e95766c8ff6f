// Package stdio is the stdio family: what goes wrong when a server's stdout
// carries more than frames.
package stdio

import (
	"bytes"
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// Params choose what a stdio server process does wrong on stdout.
type Params struct {
	// Fault is banner (a line of text before the first frame), multiline
	// (the initialize result pretty-printed over several lines) or none.
	Fault  string `json:"fault"`
	Banner string `json:"banner,omitempty"`
	// BannerFrom is who prints the banner: the server's own main (server,
	// the default) or a shell script the host starts, which prints it
	// before it execs the server (wrapper).
	BannerFrom string `json:"banner_from,omitempty"`
	// MergeStderr makes the launch merge the server's stderr into its
	// stdout (2>&1), so that the log line the server rightly writes to
	// stderr lands between its frames.
	MergeStderr bool `json:"merge_stderr,omitempty"`
}

// Who prints a banner.
const (
	bannerFromServer  = "server"
	bannerFromWrapper = "wrapper"
)

// stderrLog is the line the fixture server's logger writes to stderr at
// start, in log/slog's text format without a time, so that traces replay.
const stderrLog = `level=INFO msg="inventory-fixture serving on stdio"`

// What a stdio server does wrong.
const (
	faultBanner    = "banner"
	faultMultiline = "multiline"
	faultNone      = "none"
)

// badFirstLine returns the first line of the server's stdout that is not a
// frame, and what it is, or "" when every line is one.
func (p *Params) badFirstLine() (line, what string) {
	switch {
	case p.Fault == faultBanner && p.BannerFrom == bannerFromWrapper:
		return p.Banner, "the wrapper script's banner"
	case p.Fault == faultBanner:
		return p.Banner, "the banner"
	case p.MergeStderr:
		return stderrLog, "the server's stderr log line, merged into stdout by 2>&1"
	}
	return "", ""
}

// stdioChoices are the words the stdio family's enumerated parameters
// accept.
func stdioChoices() play.Choices {
	return play.Choices{"fault": {faultBanner, faultMultiline, faultNone}, "banner_from": {"", bannerFromServer, bannerFromWrapper}}
}

func (p *Params) Validate() error {
	if err := stdioChoices().Check("fault", p.Fault); err != nil {
		return err
	}
	if p.Fault == faultBanner && (p.Banner == "" || bytes.ContainsAny([]byte(p.Banner), "\r\n")) {
		return fmt.Errorf("banner: want one non-empty line")
	}
	if err := stdioChoices().Check("banner_from", p.BannerFrom); err != nil {
		return err
	}
	if p.BannerFrom != "" && p.Fault != faultBanner {
		return fmt.Errorf("banner_from %s needs fault banner", p.BannerFrom)
	}
	return nil
}

// The stdio family runs the fixture server over a byte stream; its
// presets are in presets.go. It runs live in the larger browser
// build, like streamable HTTP, the other transport lesson 2 shows: that
// page loads that build anyway, and the default one stays under its size
// limit without go-sdk's IOTransport.
var stdioFamily = &play.Family{
	Name:    "stdio",
	Params:  func() play.Validator { return &Params{} },
	Choices: stdioChoices(),
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runStdio(ctx, rec, v.(*Params))
	},
	Runtime: play.RuntimeHTTP,
}
