// Command simtrace runs one simulator scenario and prints its trace as JSON
// Lines.
//
//	go run ./cmd/simtrace handshake-ok
//	go run ./cmd/simtrace -list
//	go run ./cmd/simtrace -params '{"pages":[["a","b"],[],["c"]]}' paging-normal
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
)

func main() {
	list := flag.Bool("list", false, "list scenario ids with their titles")
	params := flag.String("params", "", "JSON object overriding the scenario's parameters")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: simtrace [-params JSON] <scenario-id>\n       simtrace -list\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *list {
		for _, s := range scenario.List() {
			fmt.Printf("%-34s %s\n", s.ID, s.Title)
		}
		return
	}
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	res, err := scenario.Run(context.Background(), flag.Arg(0), []byte(*params))
	if errors.Is(err, scenario.ErrUnknown) {
		fmt.Fprintf(os.Stderr, "simtrace: unknown scenario %q; valid ids:\n", flag.Arg(0))
		for _, id := range scenario.IDs() {
			fmt.Fprintln(os.Stderr, "  "+id)
		}
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "simtrace:", err)
		os.Exit(1)
	}
	fmt.Print(res.JSONL())
}
