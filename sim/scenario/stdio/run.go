package stdio

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/frames"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// runStdio runs the real go-sdk server over a byte stream, as a child
// process on stdio would, with a scripted client writing its stdin and a
// frame checker reading its stdout line by line. With a banner, a second
// run puts go-sdk's own client on the same kind of stream ([sdkBannerRun]),
// so that the checker's view (it reads every line and reports each) stays
// apart from the client's (it stops at the first line it cannot decode).
func runStdio(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Transport = trace.Stdio
	bad, what := p.badFirstLine()
	if bad != "" {
		rec.Run = "frame checker"
	}
	if err := checkerRun(ctx, rec, p); err != nil {
		return err
	}
	if bad == "" {
		return nil
	}
	rec.Run = "go-sdk client"
	rec.Update(func(s *trace.State) { *s = trace.State{} })
	return sdkBannerRun(ctx, rec, bad, what)
}

// A byteStream numbers the lines of both directions of a stdio stream and
// records each one with the frame checker's verdict.
type byteStream struct {
	rec    *trace.Recorder
	lineNo map[string]int
}

func newByteStream(rec *trace.Recorder) *byteStream {
	return &byteStream{rec: rec, lineNo: map[string]int{}}
}

// emit records line (without its LF) as the next line in direction dir.
func (b *byteStream) emit(dir string, line []byte, note string) {
	b.lineNo[dir]++
	verdict := "ok"
	if err := frames.CheckLine(line); err != nil {
		verdict = err.Error()
	}
	e := trace.Event{Kind: trace.KindBytes, Direction: dir, Raw: string(line) + "\n", Note: note,
		Payload: trace.MustJSON(trace.BytesPayload{Line: b.lineNo[dir], Verdict: verdict})}
	b.rec.Advance(1)
	b.rec.Add(e)
}

// writeLine writes line and its LF to w from a goroutine, since a pipe
// write blocks until the other end reads, and waits for it.
func writeLine(ctx context.Context, w io.Writer, line []byte) error {
	done := play.GoDo(func() (int, error) { return w.Write(append(append([]byte(nil), line...), '\n')) })
	_, err := play.Wait(ctx, done)
	return err
}

// readLine reads one line from r, without its LF.
func readLine(ctx context.Context, r *bufio.Reader) ([]byte, error) {
	got := play.GoDo(func() ([]byte, error) { return r.ReadBytes('\n') })
	b, err := play.Wait(ctx, got)
	return bytes.TrimSuffix(b, []byte("\n")), err
}

// checkerRun is the frame checker's view: a scripted client on the
// server's stdin, and every line of the server's stdout checked on its own.
func checkerRun(ctx context.Context, rec *trace.Recorder, p *Params) error {
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
	bs := newByteStream(rec)
	send := func(line, note string) error {
		bs.emit(play.C2s, []byte(line), note)
		return writeLine(ctx, inW, []byte(line))
	}
	read := func() ([]byte, error) { return readLine(ctx, stdout) }

	intro := "The client starts the server as a child process: it writes requests to the server's stdin and reads frames from its stdout, one JSON-RPC message per line (specification 2025-11-25, stdio transport)."
	if p.BannerFrom == bannerFromWrapper {
		intro += " The host does not start the server itself but a shell script that prints a greeting and then execs it"
		if p.MergeStderr {
			intro += " with 2>&1, merging the server's stderr into its stdout"
		}
		intro += ". The script's stdout is the server's stdout: the host cannot tell who wrote a line."
	} else if p.MergeStderr {
		intro += " The launch command merges the server's stderr into its stdout (2>&1)."
	}
	if bad, _ := p.badFirstLine(); bad != "" {
		intro += " Run 1 is the frame checker's view: it gives every line a verdict and reads on after a bad one, because its job is to list every problem. Run 2 is go-sdk's client on the same kind of stream."
	}
	rec.Note(intro)
	switch {
	case p.BannerFrom == bannerFromWrapper:
		bs.emit(play.S2c, []byte(p.Banner), "The wrapper script's echo, before the server even starts. The server's own code prints nothing on stdout, and the stream is still broken at line 1. Print nothing from a wrapper, or print it to stderr (echo ... >&2).")
	case p.Fault == faultBanner:
		bs.emit(play.S2c, []byte(p.Banner), "The server's main prints a greeting to stdout before serving. Line 1 is not JSON: the checker flags it and moves on to line 2. A client cannot move on like this; run 2 shows go-sdk's.")
	}
	if p.MergeStderr {
		bs.emit(play.S2c, []byte(stderrLog), "The server logs its start to stderr, as it should; 2>&1 sends that to stdout. A log line between frames breaks the stream as a banner does, at any moment the server logs. Never merge stderr into stdout for a stdio server; to keep both, send them to separate files (1>out 2>err).")
	}
	if err := send(string(play.InitializeFrame(1, play.V20251125)), "initialize, one line, ending in LF."); err != nil {
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
			bs.emit(play.S2c, l, note)
		}
		rec.Note("Fix: encode each message compactly (json.Marshal, or json.Encoder without SetIndent) and write it with one trailing LF.")
	} else {
		note := "One compact line: a valid frame."
		switch {
		case p.BannerFrom == bannerFromWrapper || p.MergeStderr:
			var fix []string
			if p.BannerFrom == bannerFromWrapper {
				fix = append(fix, "the echo (or send it to stderr)")
			}
			if p.MergeStderr {
				fix = append(fix, "the 2>&1")
			}
			note = fmt.Sprintf("The checker's verdict on line %d: one compact line, a valid frame. The server is fine; its launch is not. Drop %s, and the stream is valid from line 1.", bs.lineNo[play.S2c]+1, strings.Join(fix, " and "))
		case p.Fault == faultBanner:
			note = "The checker's verdict on line 2: one compact line, a valid frame. Move the banner to stderr and the stream is valid from line 1."
		}
		bs.emit(play.S2c, result, note)
	}
	if err := send(play.InitializedFrame, "notifications/initialized."); err != nil {
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
	bs.emit(play.S2c, answer, `The answer quotes the bad sku, again with an escaped \n: a valid one-line frame. Escaped newlines never break framing; raw ones do.`)
	return nil
}
