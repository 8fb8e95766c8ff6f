package conformance

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/mcp-playground/mcp-playground/sim/frames"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// A Link carries raw JSON-RPC frames between the probe and one server
// connection. Links record what crosses them on the recorder they were
// dialled with.
type Link interface {
	// Send writes one frame, a complete JSON-RPC message.
	Send(ctx context.Context, frame []byte) error
	// Recv returns the next message from the server. It returns
	// [ErrClosed] (wrapped) once the server has gone.
	Recv(ctx context.Context) ([]byte, error)
	// Close ends the connection and returns what is known about how the
	// server ended ("" when nothing is worth saying).
	Close() string
}

// A Dialer opens a fresh connection to the server under test, recording on
// rec. The probe dials once per session it needs.
type Dialer func(ctx context.Context, tap *Tap) (Link, error)

// A Tap is where a link records what crosses it: the trace of the case
// running at the time, which changes from case to case on one connection.
// Links closed together at the end of a run record at the same time,
// hence the lock.
type Tap struct {
	mu  sync.Mutex
	rec *trace.Recorder
}

// Add records e on the current case's trace.
func (t *Tap) Add(e trace.Event) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.rec != nil {
		t.rec.Add(e)
	}
}

// use makes rec the trace the tap records on.
func (t *Tap) use(rec *trace.Recorder) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.rec = rec
}

// ErrClosed reports a server that closed its side of the connection.
var ErrClosed = errors.New("the server closed the connection")

// Limits bound what one stdio server may send, so that a flooding server
// ends the run instead of filling memory.
const (
	maxLine   = trace.MaxLineBytes // one message
	maxStream = 64 << 20           // everything on one connection
)

// A BadLine is a stdout line that is not one JSON-RPC message.
type BadLine struct {
	Line int    `json:"line"`
	Text string `json:"text"`
	Why  string `json:"why"`
}

// StdioLink reads the server's stdout line by line, checking each line as
// an MCP client must see it, and writes frames to its stdin. stop ends the
// server and reports how it ended (its exit status and the tail of its
// stderr, for a process).
func StdioLink(stdout io.Reader, stdin io.Writer, tap *Tap, stop func() string) Link {
	l := &stdioLink{w: stdin, tap: tap, stop: stop, items: make(chan stdoutLine, 64), done: make(chan struct{})}
	go l.read(stdout)
	return l
}

type stdioLink struct {
	w    io.Writer
	tap  *Tap
	stop func() string

	// items carries every stdout line from the reader goroutine; it is
	// closed when the reader stops, and err then says why.
	items chan stdoutLine
	err   error
	done  chan struct{} // closed with items: nothing more will be read
	bad   []BadLine
	lines int // stdout lines taken from items, messages and bad lines alike
}

// A stdoutLine is a message, or a line that is not one.
type stdoutLine struct {
	msg []byte
	bad *BadLine
}

func (l *stdioLink) read(r io.Reader) {
	defer close(l.done)
	defer close(l.items)
	br := bufio.NewReaderSize(r, 64<<10)
	total, n := 0, 0
	for {
		line, err := readLine(br)
		total += len(line) + 1
		if len(line) > 0 || err == nil {
			n++
			l.items <- judgeLine(n, line, err == nil)
		}
		switch {
		case err == io.EOF:
			l.err = ErrClosed
			return
		case err != nil:
			l.err = err
			return
		case total > maxStream:
			l.err = fmt.Errorf("the server wrote over %d MiB to stdout: flooding", maxStream>>20)
			return
		}
	}
}

// readLine reads one LF-terminated line, refusing one longer than maxLine.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > maxLine {
			return nil, fmt.Errorf("a stdout line longer than %d bytes: flooding", maxLine)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return line, err
		}
		return line[:len(line)-1], nil
	}
}

// judgeLine checks one line as an MCP client reading stdout must.
func judgeLine(n int, line []byte, terminated bool) stdoutLine {
	err := frames.CheckLine(line)
	if err == nil && !terminated {
		err = frames.ErrNotTerminated
	}
	if err != nil {
		return stdoutLine{bad: &BadLine{Line: n, Text: string(line), Why: err.Error()}}
	}
	return stdoutLine{msg: line}
}

// note records a bad line where it arrived in the stream.
func (l *stdioLink) note(b *BadLine) {
	l.tap.Add(trace.Event{Kind: trace.KindBytes, Direction: trace.ServerToClient, Raw: b.Text,
		Payload: trace.MustJSON(trace.BytesPayload{Line: b.Line, Verdict: b.Why}),
		Note:    fmt.Sprintf("Not a JSON-RPC message on stdout: %q.", quoted(b.Why))})
	b.Text = clip(b.Text, 200)
	l.bad = append(l.bad, *b)
}

// Send writes frame and its LF. A server that stops reading its stdin
// blocks the write once the pipe is full, so the write runs apart and the
// request's deadline ends the wait.
func (l *stdioLink) Send(ctx context.Context, frame []byte) error {
	done := make(chan error, 1)
	go func() {
		_, err := l.w.Write(append(append([]byte(nil), frame...), '\n'))
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("writing to the server: %w", err)
		}
		return nil
	case <-l.done:
		// The server's stdout is closed or unreadable: no answer can
		// come, so a write it does not take is not waited for.
		return fmt.Errorf("writing to the server: %w", l.err)
	case <-ctx.Done():
		return fmt.Errorf("writing to the server: %w", ctx.Err())
	}
}

func (l *stdioLink) Recv(ctx context.Context) ([]byte, error) {
	for {
		select {
		case it, ok := <-l.items:
			if !ok {
				return nil, l.err
			}
			l.lines++
			if it.bad != nil {
				l.note(it.bad)
				continue
			}
			return it.msg, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

func (l *stdioLink) Close() string {
	// Lines already read still count for stdio-framing.
	for drained := false; !drained; {
		select {
		case it, ok := <-l.items:
			if !ok {
				drained = true
				break
			}
			l.lines++
			if it.bad != nil {
				l.note(it.bad)
			}
		default:
			drained = true
		}
	}
	s := ""
	if l.stop != nil {
		s = l.stop()
	}
	// Let the reader finish once the server's stdout closes.
	go func() {
		for range l.items {
		}
	}()
	return s
}

// BadLines returns the stdout lines that were not messages.
func (l *stdioLink) BadLines() []BadLine { return l.bad }

// Lines returns how many stdout lines were read, messages or not.
func (l *stdioLink) Lines() int { return l.lines }

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
