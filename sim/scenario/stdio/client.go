package stdio

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// sdkBannerRun puts go-sdk's client (pinned to 2025-11-25) and the fixture
// server each on an [mcp.IOTransport], with the scenario between their
// pipes: it records each line the client writes to the server's stdin and
// passes it on, and it writes banner to the client's stdin-side reader
// before any frame of the server's. The banner goes out only once the
// client's initialize has been written, so that the order of events never
// depends on goroutine scheduling (go-sdk fails the same way in either
// order: its reader decodes JSON values, and the first byte of the banner
// is not the start of one).
func sdkBannerRun(ctx context.Context, rec *trace.Recorder, banner, what string) error {
	// The server's end: the fixture over its own stdin and stdout.
	srvInR, srvInW := io.Pipe()
	srvOutR, srvOutW := io.Pipe()
	ss, err := fixture.NewServer(fixture.Options{}).Connect(ctx, &mcp.IOTransport{Reader: srvInR, Writer: srvOutW}, nil)
	if err != nil {
		return err
	}
	// The client's end: what it writes (the server's stdin) and what it
	// reads (the server's stdout, banner included).
	cliInR, cliInW := io.Pipe()
	cliOutR, cliOutW := io.Pipe()
	defer func() {
		cliOutW.Close()
		cliInR.Close()
		srvInW.Close()
		srvOutR.Close()
		ss.Wait()
	}()
	bs := newByteStream(rec)

	rec.Update(func(s *trace.State) { s.Client = trace.ClientNew })
	rec.Note("Run 2: go-sdk v1.8.0's client, pinned to 2025-11-25, reads the server's stdout through mcp.IOTransport, the reader behind mcp.StdioTransport. Line 1 of stdout is again " + what + ".")
	connected := play.GoDo(func() (*mcp.ClientSession, error) {
		return play.NewClient().Connect(ctx, &mcp.IOTransport{Reader: cliOutR, Writer: cliInW}, &mcp.ClientSessionOptions{ProtocolVersion: play.V20251125})
	})
	stdin := bufio.NewReader(cliInR)
	initialize, err := readLine(ctx, stdin)
	if err != nil {
		return err
	}
	rec.Update(func(s *trace.State) { s.Client = trace.ClientInitializing })
	bs.emit(play.C2s, initialize, "The go-sdk client writes initialize to the server's stdin: one line, ending in LF.")
	if err := writeLine(ctx, srvInW, initialize); err != nil {
		return err
	}
	result, err := readLine(ctx, bufio.NewReader(srvOutR))
	if err != nil {
		return err
	}

	// The banner is written from a goroutine: once the client's reader has
	// failed, nothing reads the pipe any more, and cleanup closes it.
	go cliOutW.Write([]byte(banner + "\n"))
	bs.emit(play.S2c, []byte(banner), "Line 1 of the server's stdout is "+what+". go-sdk's reader decodes JSON values, not lines, and this line is not the start of one: the decode fails.")
	_, err = play.Wait(ctx, connected)
	if err == nil {
		return errors.New("scenario: the go-sdk client accepted a banner on stdout")
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	rec.Changed(fmt.Sprintf("Connect returns the error %q. go-sdk v1.8.0 behaviour: the decode error ends the client's read loop for good, so the pending initialize fails with it, and the client closes the transport. No session exists.", err.Error()), func(s *trace.State) {
		s.Client = trace.ClientClosed
		s.Error = err.Error()
	})
	// The client closed its end: the server's stdin reaches EOF.
	if _, err := readLine(ctx, stdin); !errors.Is(err, io.EOF) {
		return fmt.Errorf("scenario: want EOF on the server's stdin after the client closed, got %v", err)
	}
	rec.Note(fmt.Sprintf("The server did answer: its initialize result (%d bytes, a valid frame) waits on stdout behind line 1, and nobody reads it. The frame checker of run 1 saw that line; the client never will. Closing the server's stdin is how a stdio client starts a shutdown (specification 2025-11-25); the go-sdk server ends its session at EOF.", len(result)))
	return nil
}
