//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"errors"
	"runtime/debug"
	"slices"
	"syscall/js"
	"time"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/exercises/importrule"
	"github.com/mcp-playground/mcp-playground/exercises/interp"
	"github.com/mcp-playground/mcp-playground/wasm/jsbridge"
)

func main() {
	// The interpreter allocates a frame for every call into learner code;
	// collecting less often makes grading markedly faster, and a worker
	// that runs one grade at a time has the memory to spare.
	debug.SetGCPercent(400)
	ns := js.Global().Get("Object").New()
	// The js.Func values live as long as the program: main never returns.
	ns.Set("checks", js.FuncOf(checks))
	ns.Set("run", js.FuncOf(run))
	ns.Set("grade", js.FuncOf(grade))
	js.Global().Set("mcpGrader", ns)
	if ready := js.Global().Get("mcpGraderReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

func checks(_ js.Value, args []js.Value) any {
	b, _ := json.Marshal(interp.Checks(jsbridge.ArgString(args, 0)))
	return string(b)
}

// A check is one check's result as the page shows it.
type check struct {
	Name     string          `json:"name"`
	Status   string          `json:"status"`
	Message  string          `json:"message,omitempty"`
	Scenario string          `json:"scenario,omitempty"`
	Step     int             `json:"step,omitempty"`
	Params   json.RawMessage `json:"params,omitempty"`
	// Yours and Reference: the failing case's two runs (grading.Result).
	Yours     string `json:"yours,omitempty"`
	Reference string `json:"reference,omitempty"`
}

type report struct {
	CompileErrors []interp.Diagnostic `json:"compileErrors,omitempty"`
	Checks        []check             `json:"checks,omitempty"`
	Output        string              `json:"output,omitempty"`
	Error         string              `json:"error,omitempty"`
	// Refused and RefusedZH say why the grader would not run the code (a
	// refused import: importrule says why in both languages), each page
	// showing its own language.
	Refused   string `json:"refused,omitempty"`
	RefusedZH string `json:"refusedZh,omitempty"`
}

// initBudget is how long the learner's package-level code (variables,
// init functions) may hold the grader once the file has compiled.
const initBudget = 5 * time.Second

// watchCompile returns ctx with a hook that tells the page, through
// onProgress (when a function), that the file has compiled and the
// learner's own code starts: {compiled: true, budgetMs}. Compiling is the
// interpreter's work, and the page gives it a budget of its own.
func watchCompile(ctx context.Context, onProgress js.Value) context.Context {
	if onProgress.Type() != js.TypeFunction {
		return ctx
	}
	return interp.WithCompiled(ctx, func() {
		onProgress.Invoke(toJS(map[string]any{"compiled": true, "budgetMs": initBudget.Milliseconds()}))
	})
}

// progressArg returns args[i] when it is a function, else undefined.
func progressArg(args []js.Value, i int) js.Value {
	if i < len(args) && args[i].Type() == js.TypeFunction {
		return args[i]
	}
	return js.Undefined()
}

// run compiles the learner's file and reports compile errors, or none.
// args[2], when a function, hears when the file has compiled
// ([watchCompile]).
func run(_ js.Value, args []js.Value) any {
	id, src := jsbridge.ArgString(args, 0), jsbridge.ArgString(args, 1)
	ctx := watchCompile(context.Background(), progressArg(args, 2))
	return newPromise(func() report {
		if r, refused := checkImports(id, src); refused {
			return r
		}
		diags, err := interp.CompileContext(ctx, id, src)
		if err != nil {
			return report{Error: err.Error()}
		}
		return report{CompileErrors: diags}
	})
}

// grade runs every check against the learner's file. When args[2] is a
// function it hears when the file has compiled ([watchCompile]), then is
// called as each check starts, with {next, budgetMs, done}:
// the check about to run and how long the learner's code may hold the
// grader in one stretch during it (the page's timer), and the result of
// the one before it, if any; and between those, every [beatEvery] while
// the grader's own code gets to run, with {beat: true}.
//
// The beats are what make the page's budget count only the learner's
// code: wasm has one thread and no preemption, so the goroutine that
// sends them runs whenever the simulator or the checks wait on one
// another, and each call into the learner's code beats as it starts and
// returns (interp.WithAlive), but nothing beats while interpreted code
// spins without returning. A slow or throttled machine makes a right
// answer's grade longer, not its silences.
func grade(_ js.Value, args []js.Value) any {
	id, src := jsbridge.ArgString(args, 0), jsbridge.ArgString(args, 1)
	onProgress := progressArg(args, 2)
	names := interp.Checks(id)
	progress := func(r grading.Result) {
		if onProgress.IsUndefined() {
			return
		}
		var p struct {
			Next     string `json:"next,omitempty"`
			BudgetMs int64  `json:"budgetMs,omitempty"`
			Done     *check `json:"done,omitempty"`
		}
		k := 0 // the index of the next check
		if r.Check != "" {
			c := toCheck(r)
			p.Done = &c
			k = slices.Index(names, r.Check) + 1
		}
		if k > 0 || r.Check == "" {
			if k < len(names) {
				p.Next = names[k]
				p.BudgetMs = interp.Budget(names[k]).Milliseconds()
			}
		}
		onProgress.Invoke(toJS(p))
	}
	return newPromise(func() report {
		if !onProgress.IsUndefined() {
			stop := make(chan struct{})
			defer close(stop)
			go beat(stop, func() { onProgress.Invoke(toJS(map[string]bool{"beat": true})) })
		}
		if r, refused := checkImports(id, src); refused {
			return r
		}
		ctx := watchCompile(context.Background(), onProgress)
		if !onProgress.IsUndefined() {
			ctx = interp.WithAlive(ctx, beatAtMost(func() { onProgress.Invoke(toJS(map[string]bool{"beat": true})) }))
		}
		rep, err := interp.Grade(ctx, id, src, progress)
		if err != nil {
			return report{Error: err.Error()}
		}
		out := report{CompileErrors: rep.CompileErrors, Output: rep.Output}
		for _, r := range rep.Checks {
			out.Checks = append(out.Checks, toCheck(r))
		}
		return out
	})
}

// beatEvery is how often a grade tells the page it is alive: often enough
// that the page's shortest budget (5 s) is many beats, rarely enough to
// cost nothing.
const beatEvery = 250 * time.Millisecond

// beatAtMost returns a function that calls send when [beatEvery] has
// passed since it last did: it runs at every call into the learner's code.
func beatAtMost(send func()) func() {
	last := time.Now()
	return func() {
		if now := time.Now(); now.Sub(last) >= beatEvery {
			last = now
			send()
		}
	}
}

// beat calls send every [beatEvery] until stop is closed.
func beat(stop <-chan struct{}, send func()) {
	t := time.NewTicker(beatEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			send()
		}
	}
}

// checkImports applies the import rule to the learner's file before it is
// interpreted, on Run as on Grade: the classroom grader refuses the same
// imports with the same words.
func checkImports(id, src string) (report, bool) {
	err := importrule.Check(id+".go", []byte(src), importrule.ForExercise(id))
	if err == nil {
		return report{}, false
	}
	var refused *importrule.Error
	if errors.As(err, &refused) {
		return report{Refused: refused.EN, RefusedZH: refused.ZH}, true
	}
	return report{Error: err.Error()}, true
}

func toCheck(r grading.Result) check {
	c := check{Name: r.Check, Status: "pass", Message: r.Message, Scenario: r.Scenario, Step: r.Seq, Params: r.Params, Yours: r.Yours, Reference: r.Reference}
	if !r.Pass {
		c.Status = "fail"
	}
	return c
}

// newPromise settles a Promise with f's report as a plain JS object
// (through JSON: the shapes are plain data); a panic becomes a report too.
func newPromise(f func() report) js.Value {
	return jsbridge.Promise(func() any { return toJS(f()) },
		func(msg string) any { return toJS(report{Error: msg}) })
}

// toJS turns v, plain data, into a JS object through JSON.
func toJS(v any) js.Value {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(report{Error: err.Error()})
	}
	return js.Global().Get("JSON").Call("parse", string(b))
}
