package ssefragment

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/http2026"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play/httpexchange"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// runSSEFragment runs go-sdk's client against go-sdk's stateless
// streamable HTTP handler (2026-07-28). The handler writes each response
// in full; the scenario, standing for the network, hands the body to the
// client in the reads p.Split asks for, and records each read and each
// message the client's connection returns after it.
// fragmentRun is one run of the sse-fragment family, stepped as the
// reissue family steps its own.
type fragmentRun struct{ *httpexchange.Stepper }

func runSSEFragment(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Transport = trace.StreamableHTTP
	server := fixture.NewServer(fixture.Options{})
	// count_stock reports progress before its result, so that its response
	// stream holds several events.
	server.AddTool(&mcp.Tool{Name: "count_stock", InputSchema: map[string]any{"type": "object"}},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			for i := 1; i <= p.Progress; i++ {
				req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: req.Params.GetProgressToken(),
					Progress: float64(i), Total: float64(p.Progress), Message: fmt.Sprintf("warehouse %d of %d counted", i, p.Progress)})
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "PEN-01: 12 in stock"}}}, nil
		})
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &mcp.StreamableHTTPOptions{Stateless: true})
	tap := httpexchange.NewSteppedTap()
	stop := tap.Stop
	defer stop()
	r := &fragmentRun{&httpexchange.Stepper{Rec: rec, Tap: tap, H: handler}}
	got := make(chan jsonrpc.Message)
	rec.Update(func(s *trace.State) { s.Client = trace.ClientStateless })
	rec.Note("A go-sdk v1.8.0 client and go-sdk's stateless streamable HTTP handler, 2026-07-28. The handler answers each POST with a text/event-stream body. Between them the simulator plays the network: it hands the body to the client in reads of its choosing (scripted cuts, real bytes), records each read, and records each message the client's event scanner delivers after it.")

	connected := play.GoDo(func() (*mcp.ClientSession, error) {
		t := &mcp.StreamableClientTransport{Endpoint: "http://fixture.invalid/mcp", HTTPClient: &http.Client{Transport: tap}, DisableStandaloneSSE: true, MaxRetries: -1}
		return play.NewClient().Connect(ctx, &deliveries{Transport: t, out: got}, nil)
	})
	if err := r.streamed(ctx, got, splitOneRead, "POST server/discover."); err != nil {
		return err
	}
	cs, err := play.Wait(ctx, connected)
	if err != nil {
		return err
	}
	defer func() { stop(); cs.Close() }()
	if v := cs.InitializeResult().ProtocolVersion; v != play.V20260728 {
		return fmt.Errorf("the client chose %s, want %s", v, play.V20260728)
	}
	rec.Update(func(s *trace.State) { s.Protocol = play.V20260728 })

	params := &mcp.CallToolParams{Name: "count_stock", Arguments: map[string]any{}}
	params.SetProgressToken("count-1")
	called := play.GoDo(func() (*mcp.CallToolResult, error) { return cs.CallTool(ctx, params) })
	if err := r.streamed(ctx, got, p.Split, "POST tools/call count_stock, with a progress token: the tool reports progress on the response stream before its result."); err != nil {
		return err
	}
	res, err := play.Wait(ctx, called)
	if err != nil {
		return err
	}
	text := ""
	if len(res.Content) > 0 {
		if t, ok := res.Content[0].(*mcp.TextContent); ok {
			text = t.Text
		}
	}
	rec.Note(fmt.Sprintf("CallTool returns %q. However the bytes were cut, the client saw the same messages in the same order: framing is the scanner's job, not the network's.", text))
	return nil
}

// streamed takes the client's next request, serves it in full, and hands
// the response body to the client in the reads split asks for. After each
// read it waits for as many messages as the read completed events (an
// event ends at a blank line) and records them: the scanner delivers
// nothing for a partial event, so the wait is exact, and a scanner that
// delivered early or late would leave it waiting or find the wrong
// message.
func (r *fragmentRun) streamed(ctx context.Context, got <-chan jsonrpc.Message, split, reqNote string) error {
	ex, err := r.Next(ctx)
	if err != nil {
		return err
	}
	r.Request(ex, reqNote)
	w := r.Serve(ex)
	body := w.Body()
	events := sseEvents(body)
	reads := cutReads(body, events, split)
	b := &chunkBody{want: make(chan struct{}, 1), give: make(chan []byte), done: r.Tap.Done()}
	hdr := map[string]string{"Content-Type": w.Header().Get("Content-Type")}
	r.Rec.Advance(1)
	r.Rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: play.S2c, Note: fmt.Sprintf("HTTP %d, Content-Type %s: the body is a stream of %d server-sent event(s), %d bytes, each ended by a blank line. It reaches the client in %d read(s).", w.Status(), hdr["Content-Type"], len(events), len(body), len(reads)),
		Payload: trace.MustJSON(trace.HTTPPayload{Status: w.Status(), Headers: hdr})})
	ex.Answer(&http.Response{Status: fmt.Sprintf("%d %s", w.Status(), http.StatusText(w.Status())), StatusCode: w.Status(),
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: w.Header(), Body: b, ContentLength: -1, Request: ex.Req})
	done, ended := 0, 0 // bytes handed over; events completed
	for i, chunk := range reads {
		select {
		case <-b.want:
		case <-ctx.Done():
			return fmt.Errorf("waiting for the client to read: %w", context.Cause(ctx))
		}
		done += len(chunk)
		complete := 0
		for _, e := range events {
			if complete+len(e) > done {
				break
			}
			complete += len(e)
		}
		n := strings.Count(string(body[:complete]), "\n\n")
		r.Rec.Advance(1)
		r.Rec.Add(trace.Event{Kind: trace.KindHTTP, Direction: play.S2c, Raw: string(chunk), Note: readNote(i+1, chunk, n-ended),
			Payload: trace.MustJSON(trace.HTTPPayload{})})
		select {
		case b.give <- chunk:
		case <-ctx.Done():
			return context.Cause(ctx)
		}
		for ; ended < n; ended++ {
			var msg jsonrpc.Message
			select {
			case msg = <-got:
			case <-ctx.Done():
				return fmt.Errorf("waiting for event %d to be delivered: %w", ended+1, context.Cause(ctx))
			}
			raw, err := jsonrpc.EncodeMessage(msg)
			if err != nil {
				return err
			}
			if want := http2026.SSEData(events[ended]); string(raw) != want {
				return fmt.Errorf("the scanner delivered %s, want event %d's data %s", raw, ended+1, want)
			}
			r.Rec.Advance(1)
			r.Rec.Add(trace.Event{Kind: trace.KindMessage, Direction: play.S2c, Raw: string(raw), Payload: raw,
				Note: fmt.Sprintf("go-sdk v1.8.0's event scanner delivers event %d of %d: the data: line, decoded as one JSON-RPC message.", ended+1, len(events))})
		}
	}
	close(b.give)
	return nil
}

// readNote is the note of one read.
func readNote(n int, chunk []byte, completed int) string {
	what := "It completes no event: the scanner keeps the bytes and reads again. Nothing is delivered."
	switch {
	case completed == 1:
		what = "It ends an event (a blank line): the scanner delivers one message."
	case completed > 1:
		what = fmt.Sprintf("It holds the end of %d events: the scanner delivers %d messages from this one read.", completed, completed)
	}
	cut := ""
	if !bytes.HasSuffix(chunk, []byte("\n")) {
		cut = " The read stops in the middle of a line."
		if bytes.Contains(chunk, []byte("data: {")) || !bytes.Contains(chunk, []byte("\n")) {
			cut += " A reader that decoded each read as JSON would fail here."
		}
	}
	return fmt.Sprintf("Read %d: %d bytes.%s %s", n, len(chunk), cut, what)
}

// sseEvents splits an event-stream body after each blank line.
func sseEvents(body []byte) []string {
	var out []string
	s := string(body)
	for {
		i := strings.Index(s, "\n\n")
		if i < 0 {
			if s != "" {
				out = append(out, s)
			}
			return out
		}
		out = append(out, s[:i+2])
		s = s[i+2:]
	}
}

// cutReads cuts body into the reads split asks for.
func cutReads(body []byte, events []string, split string) [][]byte {
	switch split {
	case splitPerEvent:
		var out [][]byte
		for _, e := range events {
			out = append(out, []byte(e))
		}
		return out
	case splitMidJSON:
		first := events[0]
		data := strings.Index(first, "data: ")
		if data < 0 || len(events) < 2 {
			break
		}
		line := strings.Index(first[data:], "\n") + data // end of the data: line
		mid := data + len("data: ") + (line-data-len("data: "))/2
		reads := [][]byte{[]byte(first[:mid]), []byte(first[mid : line+1]), []byte(first[line+1:])}
		return append(reads, []byte(strings.Join(events[1:], "")))
	}
	return [][]byte{body}
}

// A chunkBody is a response body whose reads the scenario supplies: each
// Read that finds nothing left says so on want and waits for give.
type chunkBody struct {
	want chan struct{} // buffered: a Read is waiting for bytes
	give chan []byte   // the next read's bytes; closed at the end
	done <-chan struct{}
	rest []byte
}

func (b *chunkBody) Read(p []byte) (int, error) {
	if len(b.rest) == 0 {
		select {
		case b.want <- struct{}{}:
		default:
		}
		select {
		case chunk, ok := <-b.give:
			if !ok {
				return 0, io.EOF
			}
			b.rest = chunk
		case <-b.done:
			return 0, errors.New("the scenario is over")
		}
	}
	n := copy(p, b.rest)
	b.rest = b.rest[n:]
	return n, nil
}

func (b *chunkBody) Close() error { return nil }

// deliveries wraps a client transport so that every message its
// connection returns is handed to the scenario first.
type deliveries struct {
	mcp.Transport
	out chan<- jsonrpc.Message
}

func (d *deliveries) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := d.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &deliveryConn{Connection: c, out: d.out}, nil
}

type deliveryConn struct {
	mcp.Connection
	out chan<- jsonrpc.Message
}

func (c *deliveryConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if err != nil {
		return nil, err
	}
	select {
	case c.out <- msg:
		return msg, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
