// Command buildsite builds the course website into dist/: a page per
// lesson and exercise, an index, the playground, every scenario's trace
// (baked into the pages and as files), the simulator compiled to wasm, and
// the site's CSS and scripts, all minified and byte-for-byte reproducible.
//
// Usage:
//
//	go run ./cmd/buildsite [-out dist] [-base /repo-name/] [-nowasm] [-serve [-addr 127.0.0.1:8080]]
//	                       [-lessons lessons] [-exercises exercises]
//
// A malformed lesson fails the build with file:line: message for every
// problem found, and exit status 1.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
)

func main() {
	cfg := DefaultConfig()
	flag.StringVar(&cfg.Out, "out", cfg.Out, "output `directory`")
	flag.StringVar(&cfg.Base, "base", "", "URL `path` every link starts with, e.g. /repo-name/ for a GitHub Pages project site (default: relative links)")
	flag.StringVar(&cfg.Lessons, "lessons", cfg.Lessons, "lessons `directory`")
	flag.StringVar(&cfg.Exercises, "exercises", cfg.Exercises, "exercises `directory`")
	flag.BoolVar(&cfg.NoWasm, "nowasm", false, "skip building the wasm")
	serve := flag.Bool("serve", false, "after building, serve the output over HTTP")
	addr := flag.String("addr", "127.0.0.1:8080", "`address` for -serve")
	skeleton := flag.Bool("zh-skeleton", false, "append a row for every untranslated note and scenario text to lessons/zh/*.tsv, then exit")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: buildsite [flags]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	cfg.Log = os.Stderr

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *skeleton {
		var runs []*scenario.Result
		for _, info := range cfg.Catalog.List() {
			r, err := cfg.Catalog.Run(ctx, info.ID)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			runs = append(runs, r)
		}
		n, err := writeSkeleton(cfg, runs)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "buildsite: %d rows to translate added\n", n)
		return
	}
	if err := Build(ctx, cfg); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "buildsite: wrote %s\n", cfg.Out)
	if *serve {
		if err := serveDir(ctx, cfg.Out, cfg.Base, *addr); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
