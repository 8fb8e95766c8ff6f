// Command exercises proves the graded exercises and exports them for the
// platforms teachers run classes on.
//
//	go run ./cmd/exercises check [id...]                 # prove every exercise (or the named ones)
//	go run ./cmd/exercises classroom                     # list the classroom targets
//	go run ./cmd/exercises classroom -for TARGET DIR     # write TARGET's export into DIR
//
// The proof holds each exercise to its promise: the starter compiles and
// fails every check, .meta/solution.go passes every check, and every
// mutant fails the check .meta/config.json names for it. A mutant is a
// unified diff against the solution, .meta/mutants/NAME.diff, whose header
// names its bug; the proof applies it into a temporary file. It runs go test
// with -overlay to put the solution or a mutant in place of the learner's
// file, so the tree is never copied or rewritten.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "exercises:", err)
		os.Exit(1)
	}
	switch os.Args[1] {
	case "check":
		start := time.Now()
		rep, err := Prove(root, os.Args[2:], os.Stdout)
		if err != nil {
			fmt.Fprintln(os.Stderr, "exercises:", err)
			os.Exit(1)
		}
		fmt.Printf("exercise proof: %d exercises, %d runs, %d problems (%s)\n", rep.Exercises, rep.Runs, len(rep.Problems), time.Since(start).Round(100*time.Millisecond))
		if len(rep.Problems) > 0 {
			for _, p := range rep.Problems {
				fmt.Println("FAIL", p)
			}
			os.Exit(1)
		}
	case "classroom":
		os.Exit(classroomCommand(root, os.Args[2:], os.Stdout, os.Stderr))
	default:
		usage()
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: go run ./cmd/exercises check [id...] | classroom [-for TARGET DIR]")
	os.Exit(2)
}

// classroomCommand runs `classroom [-for TARGET DIR]` and returns the exit
// status. Without -for it lists the targets.
func classroomCommand(root string, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("classroom", flag.ContinueOnError)
	fs.SetOutput(stderr)
	forTarget := fs.String("for", "", "the platform to export for: "+fmt.Sprint(targetNames()))
	site := fs.String("site", "", "the published course's `URL` (say https://ORG.github.io/mcp-playground/): failure messages link to its player for the failing case")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *forTarget == "" {
		w, status := stdout, 0
		if fs.NArg() > 0 {
			w, status = stderr, 2
			fmt.Fprintln(w, "exercises: say which platform DIR is for with -for TARGET, before DIR.")
		}
		fmt.Fprintln(w, "usage: go run ./cmd/exercises classroom -for TARGET DIR   (DIR empty or absent)\n\ntargets:")
		for _, t := range classroomTargets() {
			fmt.Fprintf(w, "  %-12s %s\n", t.name, t.summary)
		}
		return status
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: go run ./cmd/exercises classroom -for TARGET DIR")
		return 2
	}
	if err := writeClassroom(root, *forTarget, fs.Arg(0), *site); err != nil {
		fmt.Fprintln(stderr, "exercises:", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s for %s\n", fs.Arg(0), *forTarget)
	return 0
}
