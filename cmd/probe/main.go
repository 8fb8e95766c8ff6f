// Command probe checks a real MCP server or client against the course's
// cases.
//
//	probe server [flags] -- CMD ARGS…   start CMD as a stdio server and probe it
//	probe server [flags] -url URL       probe a Streamable HTTP endpoint
//	probe fixture [flags] SCENARIO      serve a course scenario to a client, then judge it
//
// Server mode prints a table (or -json) and exits 1 when a case fails;
// -trace DIR writes each case's wire as a trace the playground's Import
// opens; -lang zh (the default under a Chinese locale) names the lessons
// by the Chinese edition's titles and headings. Fixture mode serves over stdio (or -http ADDR), and when the
// client hangs up (or on SIGINT over HTTP) prints its verdict on the
// client, with -report FILE as JSON and -trace FILE as a trace.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage:
  probe server [-json] [-trace DIR] [-lang en|zh] [-call NAME=JSON]… [-timeout D] [-start-timeout D] [-budget D] -- CMD ARGS…
  probe server [-json] [-trace DIR] [-lang en|zh] [-call NAME=JSON]… [-timeout D] [-start-timeout D] [-budget D] -url URL
  probe fixture [-http ADDR] [-report FILE] [-trace FILE] SCENARIO
`

// run is main with its streams and exit status, for tests.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "server":
		return runServer(args[1:], stdout, stderr)
	case "fixture":
		return runFixture(args[1:], stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "probe: unknown mode %q\n%s", args[0], usage)
	return 2
}
