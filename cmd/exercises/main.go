// Command exercises proves the graded exercises and exports them for GitHub
// Classroom.
//
//	go run ./cmd/exercises check [id...]   # prove every exercise (or the named ones)
//	go run ./cmd/exercises classroom DIR   # write a Classroom template repository into DIR
//
// The proof holds each exercise to its promise: the starter compiles and
// fails every check, .meta/solution.go passes every check, and every
// .meta/mutants/*.go fails the check .meta/config.json names for it. It runs
// go test with -overlay to put the solution or a mutant in place of the
// learner's file, so the tree is never copied or rewritten.
package main

import (
	"fmt"
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
		if len(os.Args) != 3 {
			usage()
		}
		if err := WriteClassroom(root, os.Args[2]); err != nil {
			fmt.Fprintln(os.Stderr, "exercises:", err)
			os.Exit(1)
		}
		fmt.Println("wrote", os.Args[2])
	default:
		usage()
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: go run ./cmd/exercises check [id...] | classroom DIR")
	os.Exit(2)
}
