// Command grader is the exercise runtime: the page's bridge to
// [github.com/mcp-playground/mcp-playground/exercises/interp]. Built with
// GOOS=js GOARCH=wasm it registers one JavaScript namespace,
// globalThis.mcpGrader, that the exercise page's grader worker calls:
//
//	mcpGrader.checks(exerciseID)       → JSON text: the check names, in order
//	mcpGrader.run(exerciseID, source)  → Promise<{compileErrors?, output?} | {error}>
//	mcpGrader.grade(exerciseID, source, onProgress?) → Promise<{compileErrors?, checks?, output?} | {error}>
//
// compileErrors are [{line, col, msg}] with lines of the learner's file
// (line 0: not at a place in it); checks are [{name, status: "pass"|"fail",
// message, scenario, step, params}], where step is the trace event where the
// learner's code went wrong (0: unknown) and params the JSON overrides that
// replay the failing case. onProgress({next, budgetMs, done}) is called as
// each check starts: the page times each check against its own budget
// (interp.Budget) and shows results as they come.
//
// It is a separate program from the simulator's wasm/ bridge so that the
// interpreter loads only on exercise pages. The site builds it once per
// exercise, with -tags grader,grader_<id> (grader-<id>.wasm): the same
// main, the one place the learner's source arrives, linking only that
// exercise's checks and symbol tables (exercises/interp/gen.go); a plain
// build holds every exercise. Like the simulator's bridge it is a
// translator: JSON in, a call to exercises/interp, JSON out.
package main
