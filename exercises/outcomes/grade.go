package outcomes

// This file is the grader. Do not edit it: go test and the classroom run it
// against your outcomes.go, and the browser runs the same checks.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/disconnect"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/tape"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// GradeFuncs is the learner's code as function values, so that the checks
// can call code compiled into the test binary or interpreted in the browser
// alike.
type GradeFuncs struct {
	Classify  func(Call) string
	Reconcile func(ctx context.Context, calls []Call, s Server) []string
	Match     func(pending []Pending, r Response) int
}

// A gradeSpec is one call of a situation: what was sent, what came back,
// and whether a write actually ran on the server.
type gradeSpec struct {
	tool   string // get_stock or reserve_stock
	sku    string
	qty    int
	key    string
	answer string // ok, is-error, a key of gradeRPCCodes, eof, closed, canceled, deadline
	ran    bool   // for a write whose outcome is unknown: the server executed it
}

// GradeChecks returns the exercise's checks, in the order the page lists them.
func GradeChecks() []grading.Check[GradeFuncs] {
	situation := func(name, scen string, specs ...gradeSpec) grading.Check[GradeFuncs] {
		return grading.Check[GradeFuncs]{Name: name, Scenario: scen, Run: func(ctx context.Context, f GradeFuncs) grading.Result {
			return gradeSituation(ctx, f, specs)
		}}
	}
	return []grading.Check[GradeFuncs]{
		{Name: "classify", Scenario: "disconnect-after-execute", Run: gradeClassify},
		{Name: "after-execute", Scenario: "retry-idempotent", Run: func(ctx context.Context, f GradeFuncs) grading.Result {
			return gradeFromScenario(ctx, f, "retry-idempotent", `{"retry":"none"}`)
		}},
		{Name: "before-deliver", Scenario: "disconnect-before-deliver", Run: func(ctx context.Context, f GradeFuncs) grading.Result {
			return gradeFromScenario(ctx, f, "disconnect-before-deliver", `{"key":"order-7"}`)
		}},
		{Name: "no-blind-retry", Scenario: "retry-blind", Run: func(ctx context.Context, f GradeFuncs) grading.Result {
			if r := gradeFromScenario(ctx, f, "disconnect-after-execute", ""); !r.Pass {
				return r
			}
			return gradeFromScenario(ctx, f, "disconnect-before-deliver", "")
		}},
		situation("readonly-retry", "disconnect-after-execute",
			gradeSpec{tool: "get_stock", sku: "PEN-01", answer: "eof"},
			gradeSpec{tool: "get_stock", sku: "BOOK-01", answer: "deadline"},
			gradeSpec{tool: "get_stock", sku: "PEN-02", answer: "closed"}),
		situation("known-untouched", "retry-blind",
			gradeSpec{tool: "reserve_stock", sku: "PEN-01", qty: 2, answer: "ok"},
			gradeSpec{tool: "reserve_stock", sku: "PEN-01", qty: 0, answer: "is-error"},
			gradeSpec{tool: "reserve_stock", sku: "BOOK-01", qty: 1, key: "k-1", answer: "ok"},
			gradeSpec{tool: "get_stock", sku: "PEN-01", answer: "ok"},
			gradeSpec{tool: "reserve_stock", sku: "PEN-01", qty: 3, key: "k-2", answer: "rpc-invalid-params"},
			gradeSpec{tool: "get_stock", sku: "PEN-02", answer: "rpc-method-not-found"},
			gradeSpec{tool: "reserve_stock", sku: "PEN-01", qty: 1, key: "k-3", answer: "eof", ran: true}),
		situation("handler-error", "disconnect-after-execute",
			gradeSpec{tool: "reserve_stock", sku: "PEN-01", qty: 2, key: "k-1", answer: "rpc-code-0", ran: true},
			gradeSpec{tool: "reserve_stock", sku: "BOOK-01", qty: 1, key: "k-2", answer: "rpc-internal", ran: false},
			gradeSpec{tool: "reserve_stock", sku: "PEN-02", qty: 3, answer: "rpc-code-0", ran: true},
			gradeSpec{tool: "get_stock", sku: "PEN-01", answer: "rpc-internal"},
			gradeSpec{tool: "get_stock", sku: "BOOK-01", answer: "rpc-server-defined"}),
		{Name: "lost-stream-2026", Scenario: "stream-lost-2026", Run: gradeLostStream},
		{Name: "late-response", Run: gradeLateResponse},
		{Name: "hidden-batches", Run: gradeHidden},
	}
}

// gradeRPCCodes are the JSON-RPC errors a call may get, by answer name.
var gradeRPCCodes = map[string]*jsonrpc.Error{
	"rpc-parse-error":      {Code: jsonrpc.CodeParseError, Message: "parse error"},
	"rpc-invalid-request":  {Code: jsonrpc.CodeInvalidRequest, Message: "invalid request"},
	"rpc-method-not-found": {Code: jsonrpc.CodeMethodNotFound, Message: "method not found"},
	"rpc-invalid-params":   {Code: jsonrpc.CodeInvalidParams, Message: `unknown tool "reserve_stok"`},
	"rpc-internal":         {Code: jsonrpc.CodeInternalError, Message: "internal error"},
	"rpc-code-0":           {Code: 0, Message: "ledger write failed"}, // go-sdk v1.8.0: a low-level handler's Go error
	"rpc-server-defined":   {Code: -32001, Message: "upstream timeout"},
}

// gradeErr makes the error a call returned.
func gradeErr(answer string) error {
	if e, ok := gradeRPCCodes[answer]; ok {
		// How go-sdk's client returns a JSON-RPC error: wrapped.
		return fmt.Errorf("calling %q: %w", "tools/call", &jsonrpc.Error{Code: e.Code, Message: e.Message})
	}
	switch answer {
	case "eof":
		// What go-sdk's client returns when the link is cut under a call
		// (scenarios disconnect-after-execute and disconnect-before-deliver).
		return fmt.Errorf("calling %q: %w", "tools/call", io.EOF)
	case "closed":
		return fmt.Errorf("%w: calling %q: %v", mcp.ErrConnectionClosed, "tools/call", io.ErrClosedPipe)
	case "canceled":
		return context.Canceled
	case "deadline":
		return fmt.Errorf("calling %q: %w", "tools/call", context.DeadlineExceeded)
	case "stream-lost":
		// What go-sdk v1.8.0's client returns when a 2026-07-28 streamable
		// HTTP response stream ends without the response (scenario
		// stream-lost-2026): a plain error, neither io.EOF nor a
		// *jsonrpc.Error, and the connection stays usable.
		return fmt.Errorf("calling %q: %w", "tools/call", errors.New("request terminated without response"))
	}
	return nil
}

// gradeLostStream checks the 2026-07-28 lost response stream: the error
// go-sdk returns is UNKNOWN like a cut link, and reconciling re-issues (a
// new request, so a new id) only what is safe to re-issue.
func gradeLostStream(ctx context.Context, f GradeFuncs) grading.Result {
	c := Call{Tool: "reserve_stock", Args: map[string]any{"sku": "PEN-01", "quantity": 2}, Err: gradeErr("stream-lost")}
	if got := f.Classify(c); got != Unknown {
		return grading.Failf("Classify(a reserve_stock call that got %q, go-sdk v1.8.0's error when a 2026-07-28 response stream breaks) = %q, want %q: the handler may have run before the stream broke (specification 2026-07-28, Changelog: a broken response stream loses the in-flight request)", c.Err, got, Unknown)
	}
	return gradeSituation(ctx, f, []gradeSpec{
		{tool: "reserve_stock", sku: "PEN-01", qty: 2, key: "order-42", answer: "stream-lost", ran: true},
		{tool: "reserve_stock", sku: "BOOK-01", qty: 1, key: "order-43", answer: "stream-lost", ran: false},
		{tool: "reserve_stock", sku: "PEN-02", qty: 3, answer: "stream-lost", ran: true},
		{tool: "get_stock", sku: "PEN-01", answer: "stream-lost"},
		{tool: "reserve_stock", sku: "PEN-01", qty: 4, answer: "stream-lost", ran: false},
	})
}

// gradeClassify checks Classify on every kind of answer.
func gradeClassify(ctx context.Context, f GradeFuncs) grading.Result {
	cases := []struct {
		desc string
		c    Call
		want string
	}{
		{"a result", Call{Tool: "reserve_stock", Result: &mcp.CallToolResult{}}, Succeeded},
		{"an isError result", Call{Tool: "reserve_stock", Result: &mcp.CallToolResult{IsError: true}}, Failed},
		{"a JSON-RPC error -32602 (unknown tool), wrapped", Call{Tool: "reserve_stock", Err: gradeErr("rpc-invalid-params")}, Failed},
		{"a JSON-RPC error -32601, wrapped", Call{Tool: "reserve_stock", Key: "k", Err: gradeErr("rpc-method-not-found")}, Failed},
		{"a bare *jsonrpc.Error -32600", Call{Tool: "reserve_stock", Err: &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: "invalid request"}}, Failed},
		{"a JSON-RPC error -32700, wrapped", Call{Tool: "get_stock", ReadOnly: true, Err: gradeErr("rpc-parse-error")}, Failed},
		{"a bare *jsonrpc.Error -32603 (it may come after the handler ran)", Call{Tool: "get_stock", ReadOnly: true, Err: &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "boom"}}, Unknown},
		{"a JSON-RPC error with code 0, as go-sdk v1.8.0 sends a low-level handler's Go error after the handler ran", Call{Tool: "reserve_stock", Key: "k", Err: gradeErr("rpc-code-0")}, Unknown},
		{"a server-defined JSON-RPC error -32001, wrapped", Call{Tool: "reserve_stock", Err: gradeErr("rpc-server-defined")}, Unknown},
		{"an error wrapping io.EOF (the link was cut)", Call{Tool: "reserve_stock", Err: gradeErr("eof")}, Unknown},
		{"mcp.ErrConnectionClosed", Call{Tool: "reserve_stock", Key: "k", Err: gradeErr("closed")}, Unknown},
		{"context.Canceled (cancel-late)", Call{Tool: "reserve_stock", Err: gradeErr("canceled")}, Unknown},
		{"context.DeadlineExceeded, wrapped", Call{Tool: "get_stock", ReadOnly: true, Err: gradeErr("deadline")}, Unknown},
		{"a read-only call cut off", Call{Tool: "get_stock", ReadOnly: true, Err: gradeErr("eof")}, Unknown},
	}
	for _, tc := range cases {
		if got := f.Classify(tc.c); got != tc.want {
			return grading.Failf("Classify(a %s call that got %s) = %q, want %q", tc.c.Tool, tc.desc, got, tc.want)
		}
	}
	return grading.Pass()
}

// gradeFromScenario builds the situation a disconnect scenario ends in: the
// scenario's one reserve_stock call, answered by a cut link, and a server
// whose ledger holds what the scenario's ledger holds.
func gradeFromScenario(ctx context.Context, f GradeFuncs, id, overrides string) grading.Result {
	res, err := play.NewCatalogue(disconnect.Presets()).Run(ctx, id, json.RawMessage(overrides))
	if err != nil {
		return grading.Failf("the scenario did not run: %v", err)
	}
	var p disconnect.Params
	info := res.Info
	json.Unmarshal(info.Params, &p)
	if overrides != "" {
		json.Unmarshal([]byte(overrides), &p)
	}
	final := res.Final()
	spec := gradeSpec{tool: "reserve_stock", sku: p.SKU, qty: p.Quantity, key: p.Key, answer: "eof", ran: len(final.Ledger) > 0}
	r := gradeSituation(ctx, f, []gradeSpec{spec})
	if !r.Pass {
		r.Scenario = id
		r.Seq = len(res.Events)
		if overrides != "" {
			r.Params = json.RawMessage(overrides)
		}
	}
	return r
}

// gradeSituation sets up a fixture server whose ledger reflects what ran,
// hands the calls to Reconcile, and checks the statuses, the ledger (no
// write ran twice, every keyed write ran once) and what was re-sent.
func gradeSituation(ctx context.Context, f GradeFuncs, specs []gradeSpec) grading.Result {
	ledger := &fixture.Ledger{}
	server := fixture.NewServer(fixture.Options{Ledger: ledger})
	ct, st := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		return grading.Failf("starting the fixture: %v", err)
	}
	defer ss.Wait()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "reconciler", Version: "1.0.0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		ss.Close()
		return grading.Failf("connecting to the fixture: %v", err)
	}
	defer cs.Close()

	var calls []Call
	var want []string
	wantLedger := map[string]int{} // key (or "#i" for a keyless write) → executions
	var desc []string
	for i, s := range specs {
		c := Call{Tool: s.tool, ReadOnly: s.tool == "get_stock", Key: s.key}
		if c.ReadOnly {
			c.Args = map[string]any{"query": map[string]any{"sku": s.sku}}
		} else {
			c.Args = map[string]any{"sku": s.sku, "quantity": s.qty}
			if s.key != "" {
				c.Args["idempotency_key"] = s.key
			}
		}
		id := s.key
		if id == "" {
			id = fmt.Sprintf("#%d", i)
		}
		// What happened before Reconcile: the answer the call got, and
		// whether a write ran on the server.
		switch s.answer {
		case "ok":
			c.Result = &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "{}"}}}
			if !c.ReadOnly {
				e, _ := ledger.Reserve(s.sku, s.qty, s.key)
				c.Result.StructuredContent = fixture.Reservation{Reservation: e.N, SKU: e.SKU, Quantity: e.Quantity}
				wantLedger[id] = 1
			}
		case "is-error":
			c.Result = &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "invalid reservation"}}}
		default:
			c.Err = gradeErr(s.answer)
			if !c.ReadOnly && s.ran {
				ledger.Reserve(s.sku, s.qty, s.key)
				wantLedger[id] = 1
			}
		}
		// What Reconcile must make of it.
		status, once := gradeExpect(s)
		if once {
			wantLedger[id] = 1
		}
		calls = append(calls, c)
		want = append(want, status)
		desc = append(desc, gradeDescribe(c, s))
	}

	var sent []string
	srv := Server{
		Call: func(ctx context.Context, tool string, args map[string]any) (*mcp.CallToolResult, error) {
			b, _ := json.Marshal(args)
			sent = append(sent, tool+" "+string(b))
			return cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
		},
		Lookup: func(ctx context.Context, key string) (bool, error) {
			_, ok := ledger.Lookup(key)
			return ok, nil
		},
	}
	got := f.Reconcile(ctx, gradeCloneCalls(calls), srv)
	call := "Reconcile of:\n" + strings.Join(desc, "\n")
	if len(got) != len(want) {
		return grading.Failf("%s\nreturned %d statuses %q, want %d %q", call, len(got), got, len(want), want)
	}
	for i := range want {
		if got[i] != want[i] {
			return grading.Failf("%s\nreturned %q, want %q: call %d is %s, want %s", call, got, want, i+1, got[i], want[i])
		}
	}
	gotLedger := map[string]int{}
	for _, e := range ledger.Entries() {
		id := e.Key
		if id == "" {
			// A keyless execution: find which keyless call it belongs to by
			// order of the specs with the same SKU and quantity.
			id = "keyless " + e.SKU + fmt.Sprint(e.Quantity)
		}
		gotLedger[id]++
	}
	wantByID := map[string]int{}
	for i, s := range specs {
		if s.tool != "reserve_stock" {
			continue
		}
		id := s.key
		if id == "" {
			id = "keyless " + s.sku + fmt.Sprint(s.qty)
			wantByID[id] += wantLedger[fmt.Sprintf("#%d", i)]
		} else {
			wantByID[id] = wantLedger[id]
		}
	}
	for id, n := range gotLedger {
		if n != wantByID[id] {
			what := "a write ran twice: never re-send a write that may have run unless the same idempotency key makes the server recognise it"
			if n < wantByID[id] {
				what = "a keyed write that never ran was left undone: with the same key a re-send is safe"
			}
			return grading.Failf("%s\nleft the ledger with %d executions of %s, want %d: %s. Sent during Reconcile: %s", call, n, id, wantByID[id], what, gradeSent(sent))
		}
	}
	for id, n := range wantByID {
		if gotLedger[id] != n {
			return grading.Failf("%s\nleft the ledger with %d executions of %s, want %d: a keyed write that never ran must be re-sent with its key. Sent during Reconcile: %s", call, gotLedger[id], id, n, gradeSent(sent))
		}
	}
	for _, s := range sent {
		ok := false
		for _, c := range calls {
			b, _ := json.Marshal(c.Args)
			if gradeModelClassify(c) == Unknown && (c.ReadOnly || c.Key != "") && s == c.Tool+" "+string(b) {
				ok = true
			}
		}
		if !ok {
			return grading.Failf("%s\nsent %s during Reconcile; only calls whose outcome is UNKNOWN may be sent again, exactly as they were", call, s)
		}
	}
	return grading.Pass()
}

// gradeModelClassify is the grader's own classification, used to judge
// what Reconcile may re-send. It is the exercise's Classify, so the copies
// students get play it back from a tape (sim/tape): its workings are in
// grade_classify_ref.go.
func gradeModelClassify(c Call) string { return gradeClassifyTaped(c) }

// gradeExpect is what Reconcile must report for the call s describes, and
// whether the write must then have run exactly once because Reconcile
// settled it. It is the exercise's answer, so the copies students get play
// it back from a tape (sim/tape): its workings are in grade_classify_ref.go.
func gradeExpect(s gradeSpec) (status string, once bool) { return gradeExpectTaped(s) }

// gradeExpectKey is a call's key on a tape: all of its description the
// expectation looks at.
func gradeExpectKey(s gradeSpec) string {
	return tape.Key("outcomes.gradeExpect", s.answer, s.tool, s.key != "", s.sku)
}

// A gradeExpectation is gradeExpect's answer on a tape.
type gradeExpectation struct {
	Status string `json:"status"`
	Once   bool   `json:"once,omitempty"`
}

// gradeCloneCalls copies calls for the learner's Reconcile, results
// included: what the learner's code does to them must not reach the
// grader's own copies, which it judges the re-sends by.
func gradeCloneCalls(calls []Call) []Call {
	out := slices.Clone(calls)
	for i, c := range out {
		out[i].Args = maps.Clone(c.Args)
		if c.Result != nil {
			r := *c.Result
			out[i].Result = &r
		}
	}
	return out
}

// gradeClassifyKey is a call's key on a tape: all of it the classification
// looks at.
func gradeClassifyKey(c Call) string {
	var isError *bool
	if c.Result != nil {
		isError = &c.Result.IsError
	}
	var code *int64
	var je *jsonrpc.Error
	if errors.As(c.Err, &je) {
		code = &je.Code
	}
	return tape.Key("outcomes.gradeModelClassify", c.Err != nil, isError, code)
}
