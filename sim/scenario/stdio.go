package scenario

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/frames"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
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
// presets are in stdio_presets.go.
var stdioFamily = &family{
	name:    "stdio",
	params:  func() validator { return &StdioParams{} },
	choices: stdioChoices(),
	run: func(ctx context.Context, rec *trace.Recorder, v validator) error {
		return runStdio(ctx, rec, v.(*StdioParams))
	},
}

// runStdio runs the real go-sdk server over a byte stream, as a child
// process on stdio would, with a scripted client writing its stdin and a
// frame checker reading its stdout line by line.
func runStdio(ctx context.Context, rec *trace.Recorder, p *StdioParams) error {
	rec.Transport = trace.Stdio
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ss, err := fixture.NewServer(fixture.Options{}).Connect(ctx, &mcp.IOTransport{Reader: inR, Writer: outW}, nil)
	if err != nil {
		return err
	}
	defer func() {
		inW.Close()
		outR.Close()
		ss.Wait()
	}()
	stdout := bufio.NewReader(outR)
	lineNo := map[string]int{}
	emit := func(dir string, line []byte, note string) {
		lineNo[dir]++
		verdict := "ok"
		if err := frames.CheckLine(line); err != nil {
			verdict = err.Error()
		}
		e := trace.Event{Kind: trace.KindBytes, Direction: dir, Raw: string(line) + "\n", Note: note,
			Payload: trace.MustJSON(trace.BytesPayload{Line: lineNo[dir], Verdict: verdict})}
		rec.Advance(1)
		rec.Add(e)
	}
	send := func(line, note string) error {
		emit(c2s, []byte(line), note)
		done := goDo(func() (int, error) { return inW.Write([]byte(line + "\n")) })
		_, err := wait(ctx, done)
		return err
	}
	read := func() ([]byte, error) {
		got := goDo(func() ([]byte, error) { return stdout.ReadBytes('\n') })
		b, err := wait(ctx, got)
		return bytes.TrimSuffix(b, []byte("\n")), err
	}

	rec.Note("The client starts the server as a child process: it writes requests to the server's stdin and reads frames from its stdout, one JSON-RPC message per line (specification 2025-11-25, stdio transport).")
	if p.Fault == faultBanner {
		emit(s2c, []byte(p.Banner), "The server's main prints a greeting to stdout before serving. This line is not JSON: a client that decodes stdout line by line fails here. go-sdk's stdio reader stops at the first line it cannot decode.")
	}
	if err := send(string(initializeFrame(1, v20251125)), "initialize, one line, ending in LF."); err != nil {
		return err
	}
	result, err := read()
	if err != nil {
		return err
	}
	if p.Fault == faultMultiline {
		var pretty bytes.Buffer
		json.Indent(&pretty, result, "", "  ")
		lines := bytes.Split(pretty.Bytes(), []byte("\n"))
		for i, l := range lines {
			note := ""
			switch i {
			case 0:
				note = "The server pretty-prints its initialize result. Line 1 is a lone brace: incomplete JSON."
			case 1:
				note = "Each following line is a fragment, not a message. Specification 2025-11-25: stdio messages are newline-delimited and must not contain embedded newlines. A reader that splits on LF cannot recover. (go-sdk v1.8.0's own reader happens to decode a multi-line value; do not count on every client doing so.)"
			}
			emit(s2c, l, note)
		}
		rec.Note("Fix: encode each message compactly (json.Marshal, or json.Encoder without SetIndent) and write it with one trailing LF.")
	} else {
		note := "One compact line: a valid frame."
		if p.Fault == faultBanner {
			note = "The frame itself is fine: one compact line. Move the banner to stderr and the stream is valid from line 1."
		}
		emit(s2c, result, note)
	}
	if err := send(initializedFrame, "notifications/initialized."); err != nil {
		return err
	}
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_stock","arguments":{"query":{"sku":"PEN-01\n"}}}}`
	if err := send(call, `A sku with a newline in it. In JSON the newline is written \n inside the string, so the frame is still one line.`); err != nil {
		return err
	}
	answer, err := read()
	if err != nil {
		return err
	}
	emit(s2c, answer, `The answer quotes the bad sku, again with an escaped \n: a valid one-line frame. Escaped newlines never break framing; raw ones do.`)
	return nil
}
