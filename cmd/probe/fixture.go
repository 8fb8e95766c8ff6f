package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"

	"github.com/mcp-playground/mcp-playground/sim/conformance"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func runFixture(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("probe fixture", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("http", "", "serve Streamable HTTP at this `addr` (host:port, path /mcp) instead of stdio")
	reportFile := fs.String("report", "", "write the verdict on the client as JSON to this `file`")
	traceFile := fs.String("trace", "", "write the wire as a trace (JSON Lines) to this `file`")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "probe fixture: name one scenario: %v\n", conformance.FixtureScenarios)
		return 2
	}
	f, err := conformance.NewFixture(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "probe fixture:", err)
		return 2
	}
	if f.HTTPOnly && *addr == "" {
		fmt.Fprintf(stderr, "probe fixture: %s happens only over HTTP: add -http 127.0.0.1:PORT\n", f.Scenario)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *addr != "" {
		err = serveHTTP(ctx, f, *addr, stderr)
	} else {
		err = serveStdio(ctx, f, stdin, stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "probe fixture:", err)
		return 2
	}
	// The verdict goes to stderr: over stdio, stdout belongs to the
	// protocol until the client hangs up.
	rep := f.Judge()
	fmt.Fprintf(stderr, "%s: %s: %s\n", rep.Scenario, rep.Verdict, rep.Message)
	if r := rep.Rule; r != nil {
		fmt.Fprintf(stderr, "    rule: %s, %s, %s: %q\n", r.Revision, r.Section, r.Level, r.Text)
	}
	if *reportFile != "" {
		b, _ := json.MarshalIndent(rep, "", "  ")
		if err := os.WriteFile(*reportFile, append(b, '\n'), 0o644); err != nil {
			fmt.Fprintln(stderr, "probe fixture:", err)
			return 2
		}
	}
	if *traceFile != "" {
		s, err := trace.EncodeString(f.Events())
		if err == nil {
			err = os.WriteFile(*traceFile, []byte(s), 0o644)
		}
		if err != nil {
			fmt.Fprintln(stderr, "probe fixture:", err)
			return 2
		}
	}
	// The verdict is in the output and the report, not the exit status: a
	// fixture started by a client as its server command should not look
	// like a server that crashed.
	return 0
}

// serveStdio serves one client on stdin and stdout until it hangs up.
func serveStdio(ctx context.Context, f *conformance.Fixture, stdin io.Reader, stdout io.Writer) error {
	t := &mcp.IOTransport{Reader: io.NopCloser(stdin), Writer: nopWriteCloser{stdout}}
	ss, err := f.Server().Connect(ctx, f.Transport(t), nil)
	if err != nil {
		return err
	}
	err = ss.Wait()
	if errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) {
		return nil
	}
	return nil
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// serveHTTP serves at addr until SIGINT.
func serveHTTP(ctx context.Context, f *conformance.Fixture, addr string, stderr io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", f.Handler())
	srv := &http.Server{Handler: mux}
	fmt.Fprintf(stderr, "probe fixture: %s at http://%s/mcp; Ctrl-C ends it and judges the client\n", f.Scenario, ln.Addr())
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
