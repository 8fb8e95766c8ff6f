package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/conformance"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// callFlags collects -call NAME=JSON.
type callFlags map[string]json.RawMessage

func (c callFlags) String() string { return "" }

func (c callFlags) Set(v string) error {
	name, args, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return errors.New("want NAME=JSON, for example -call 'echo={\"message\":\"hi\"}'")
	}
	if !json.Valid([]byte(args)) || !strings.HasPrefix(strings.TrimSpace(args), "{") {
		return fmt.Errorf("the arguments of %s are not a JSON object: %s", name, args)
	}
	c[name] = json.RawMessage(args)
	return nil
}

func runServer(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("probe server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the report as JSON")
	traceDir := fs.String("trace", "", "write each case's wire as a trace (JSON Lines) into this `dir`")
	rawURL := fs.String("url", "", "probe the Streamable HTTP endpoint at this `URL` instead of a subprocess")
	timeout := fs.Duration("timeout", 5*time.Second, "wait at most this long for each response: the probe's own bound, since no text sets one, so a response that does not come within it warns")
	start := fs.Duration("start-timeout", 30*time.Second, "wait at most this long for the first response on each connection, the server's start included")
	budget := fs.Duration("budget", 60*time.Second, "end the whole run after this long")
	lang := fs.String("lang", defaultLang(os.Getenv), "the report's `language` for its lesson lines: en, or zh for the Chinese edition's titles and headings (default from LC_ALL or LANG)")
	calls := callFlags{}
	fs.Var(calls, "call", "allow the probe to call tool `NAME=JSON` with these arguments (repeatable); it calls no other tool")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cmd := fs.Args()
	if *lang != conformance.English && *lang != conformance.Chinese {
		fmt.Fprintf(stderr, "probe server: -lang %q: want en or zh\n", *lang)
		return 2
	}
	if (*rawURL == "") == (len(cmd) == 0) {
		fmt.Fprint(stderr, "probe server: give either -url URL or -- CMD ARGS…\n", usage)
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), *budget)
	defer cancel()
	opts := conformance.Options{RequestTimeout: *timeout, StartTimeout: *start, Calls: calls}
	var dial conformance.Dialer
	if *rawURL != "" {
		u, err := url.Parse(*rawURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			fmt.Fprintf(stderr, "probe server: -url %q is not an http(s) URL\n", *rawURL)
			return 2
		}
		target := &conformance.HTTPTarget{URL: *rawURL}
		dial, opts.HTTP, opts.Transport, opts.Server = conformance.HTTPDialer(target), target, trace.StreamableHTTP, *rawURL
	} else {
		dial, opts.Transport = processDialer(cmd), trace.Stdio
	}
	rep, err := conformance.Probe(ctx, dial, opts)
	if err != nil {
		fmt.Fprintln(stderr, "probe server:", err)
		return 2
	}
	rep = rep.InLanguage(*lang)
	if *traceDir != "" {
		if err := writeTraces(*traceDir, rep); err != nil {
			fmt.Fprintln(stderr, "probe server:", err)
			return 2
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(rep)
	} else {
		err = rep.WriteTable(stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "probe server:", err)
		return 2
	}
	if rep.Failed() {
		return 1
	}
	// A server that answered nothing within the probe's bounds only
	// warns, case by case (no text sets a deadline), but a run that judged
	// nothing is no pass: it ends as a run that reached no server does.
	// stdio-framing does not count: a server that wrote one log
	// notification and answered nothing framed its one line well.
	if !slices.ContainsFunc(rep.Cases, func(c conformance.Result) bool { return c.Verdict == conformance.Pass && c.ID != "stdio-framing" }) {
		fmt.Fprintf(stderr, "probe server: no request was judged: the server answered nothing the probe could judge within its bounds (-timeout %v, -start-timeout %v, -budget %v); raise them for a slow server\n", *timeout, *start, *budget)
		return 2
	}
	return 0
}

// defaultLang is the report's language when -lang is not given: Chinese
// when the locale (LC_ALL, else LC_MESSAGES, else LANG, as POSIX orders
// them) is a Chinese one, English otherwise.
func defaultLang(getenv func(string) string) string {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(k); v != "" {
			if strings.HasPrefix(strings.ToLower(v), "zh") {
				return conformance.Chinese
			}
			return conformance.English
		}
	}
	return conformance.English
}

// writeTraces writes one trace per case into dir.
func writeTraces(dir string, rep *conformance.Report) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, c := range rep.Cases {
		if len(c.Events) == 0 {
			continue
		}
		s, err := trace.EncodeString(c.Events)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, c.TraceName()), []byte(s), 0o644); err != nil {
			return err
		}
	}
	return nil
}
