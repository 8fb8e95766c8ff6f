package scenario

import (
	"bytes"
	"context"
	"fmt"

	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// StdioParams choose what a stdio server process does wrong on stdout.
type StdioParams struct {
	// Fault is banner (a line of text before the first frame), multiline
	// (the initialize result pretty-printed over several lines) or none.
	Fault  string `json:"fault"`
	Banner string `json:"banner,omitempty"`
}

// What a stdio server does wrong.
const (
	faultBanner    = "banner"
	faultMultiline = "multiline"
	faultNone      = "none"
)

// stdioChoices are the words the stdio family's enumerated parameters
// accept.
func stdioChoices() choices {
	return choices{"fault": {faultBanner, faultMultiline, faultNone}}
}

func (p *StdioParams) validate() error {
	if err := stdioChoices().check("fault", p.Fault); err != nil {
		return err
	}
	if p.Fault == faultBanner && (p.Banner == "" || bytes.ContainsAny([]byte(p.Banner), "\r\n")) {
		return fmt.Errorf("banner: want one non-empty line")
	}
	return nil
}

// The stdio family runs the fixture server over a byte stream; its
// presets are in stdio_presets.go. It runs live in the larger browser
// build, like streamable HTTP, the other transport lesson 2 shows: that
// page loads that build anyway, and the default one stays under its size
// limit without go-sdk's IOTransport.
var stdioFamily = &family{
	name:    "stdio",
	params:  func() validator { return &StdioParams{} },
	choices: stdioChoices(),
	run: func(ctx context.Context, rec *trace.Recorder, v validator) error {
		return runStdio(ctx, rec, v.(*StdioParams))
	},
	runtime: RuntimeHTTP,
}
