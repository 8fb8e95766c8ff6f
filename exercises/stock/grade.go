package stock

// This file is the grader. Do not edit it: go test and the classroom run it
// against your stock.go, and the browser runs the same checks.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/tools"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// GradeFuncs is the learner's code seen as plain functions, so that the
// checks can call code compiled into the test binary or interpreted in the
// browser alike. Lookup returns the Stock as any; the checks compare it as
// JSON.
type GradeFuncs struct {
	Lookup   func(sku, warehouse string) (any, error)
	GetStock mcp.ToolHandler
}

// GradeChecks returns the exercise's checks, in the order the page lists them.
// Tool calls go through a real go-sdk client to a server with the learner's
// handler, and the same call to the fixture server is the expected answer.
func GradeChecks() []grading.Check[GradeFuncs] {
	return []grading.Check[GradeFuncs]{
		{Name: "stock-ok", Scenario: "stock-ok", Run: func(ctx context.Context, f GradeFuncs) grading.Result {
			return gradeCalls(ctx, f, gradeSame, "stock-ok",
				`{"query":{"sku":"PEN-01"}}`, `{"query":{"sku":"PEN-01","warehouse":"west"}}`, `{"query":{"warehouse":"east","sku":"PEN-01"}}`)
		}},
		{Name: "zero-vs-missing", Scenario: "stock-zero", Run: func(ctx context.Context, f GradeFuncs) grading.Result {
			return gradeCalls(ctx, f, gradeNotSuccess, "stock-zero",
				`{"query":{"sku":"BOOK-01","warehouse":"east"}}`, `{"query":{"sku":"BOOK-01"}}`, `{"query":{"sku":"BOOK-01","warehouse":"west"}}`, `{"query":{"sku":"PEN-02"}}`, `{"query":{"sku":"ABCDEFGHIJKLMNOP","warehouse":"west"}}`)
		}},
		{Name: "is-error", Scenario: "stock-missing", Run: func(ctx context.Context, f GradeFuncs) grading.Result {
			return gradeCalls(ctx, f, gradeSame, "stock-missing",
				`{"query":{"sku":"BOOK-01","warehouse":"west"}}`, `{"query":{"sku":"BOOK-01"}}`, `{"query":{"sku":"X"}}`, `{"query":{"sku":"PEN-01","warehouse":"north"}}`)
		}},
		{Name: "bad-input", Scenario: "stock-bad-input", Run: func(ctx context.Context, f GradeFuncs) grading.Result {
			return gradeCalls(ctx, f, gradeSame, "stock-bad-input",
				`{"query":{"sku":"PEN-01"}}`,
				`{"query":{"sku":"pen-01"}}`, `{"query":{"sku":"PEN-01\n"}}`, `{"query":{"sku":"PEN-01","color":"blue"}}`,
				`{"query":{"sku":"PEN-01","warehouse":"north"}}`, `{"query":{"sku":101}}`, `{"query":{"sku":"PEN-01"},"limit":5}`,
				`{"query":{"sku":"PEN-01","note":"x"}}`, `{"query":{"sku":"PEN-01","warehouse":"north"}}`, `{"query":{"sku":7}}`,
				`{}`, `null`, `{"query":null}`, `{"query":{}}`, `{"query":[1]}`, `{"query":{"sku":null}}`,
				`{"query":{"sku":"PEN-01","warehouse":""}}`, `{"query":{"sku":"PEN-01","warehouse":null}}`,
				`{"query":{"SKU":"PEN-01"}}`, `{"Query":{"sku":"PEN-01"}}`, `{"query":{"sku":"ABCDEFGHIJKLMNOPQ"}}`,
				`{"query":{"sku":"PEN-01","warehouse":"East"}}`)
		}},
		{Name: "lookup", Run: gradeLookup},
		{Name: "hidden-calls", Run: gradeHidden},
	}
}

// How a call's answer is compared with the fixture's.
const (
	gradeSame       = iota // the same result: isError, and the structured content of a success
	gradeNotSuccess        // if the fixture answers isError, any failure will do; a success must match
)

// gradeCalls calls get_stock with each argument object on the learner's
// server and on the fixture's, through real go-sdk clients. A failure
// points at the call with the same arguments in scenario scen, if it has
// one.
func gradeCalls(ctx context.Context, f GradeFuncs, mode int, scen string, args ...string) grading.Result {
	for _, a := range args {
		if r := gradeCallsOnce(ctx, f, mode, a); !r.Pass {
			if scen != "" {
				r = r.At(scen, gradeSeqOf(ctx, scen, a))
			}
			return r
		}
	}
	return grading.Pass()
}

// gradeSeqOf returns the seq of the tools/call in scenario id whose
// arguments equal args as JSON, or 0.
func gradeSeqOf(ctx context.Context, id, args string) int {
	res, err := play.NewCatalogue(tools.Presets()).Run(ctx, id, nil)
	if err != nil {
		return 0
	}
	want := gradeJSON(json.RawMessage(args))
	for _, ev := range res.Events {
		if ev.Kind != trace.KindMessage || ev.Direction != trace.ClientToServer {
			continue
		}
		var m struct {
			Method string `json:"method"`
			Params struct {
				Arguments json.RawMessage `json:"arguments"`
			} `json:"params"`
		}
		if json.Unmarshal([]byte(ev.Raw), &m) == nil && m.Method == "tools/call" && gradeJSON(m.Params.Arguments) == want {
			return ev.Seq
		}
	}
	return 0
}

// gradeCallsOnce compares one call.
func gradeCallsOnce(ctx context.Context, f GradeFuncs, mode int, args ...string) grading.Result {
	server := mcp.NewServer(&mcp.Implementation{Name: "learner-stock", Version: "1.0.0"}, nil)
	server.AddTool(&mcp.Tool{Name: "get_stock", InputSchema: map[string]any{"type": "object"}}, f.GetStock)
	learner, closeL, err := gradeConnect(ctx, server)
	if err != nil {
		return grading.Failf("connecting to a server with your handler: %v", err)
	}
	defer closeL()
	fix, closeF, err := gradeConnect(ctx, fixture.NewServer(fixture.Options{}))
	if err != nil {
		return grading.Failf("connecting to the fixture: %v", err)
	}
	defer closeF()
	for _, a := range args {
		p := &mcp.CallToolParams{Name: "get_stock", Arguments: json.RawMessage(a)}
		want, err := fix.CallTool(ctx, p)
		if err != nil {
			return grading.Failf("the fixture failed on %s: %v", a, err)
		}
		wantSC := gradeJSON(want.StructuredContent)
		call := fmt.Sprintf("tools/call get_stock with arguments %s", a)
		got, err := learner.CallTool(ctx, p)
		switch {
		case err != nil && mode == gradeNotSuccess && want.IsError:
			continue
		case err != nil && want.IsError:
			return grading.Failf("%s: the call failed with a JSON-RPC error (%v); want a result with isError: true. Your handler returned a Go error: go-sdk v1.8.0 sends that as a protocol error, which a client may pass to the model but which is less likely than an isError result to lead to a recovery", call, err)
		case err != nil:
			return grading.Failf("%s: the call failed (%v); want the result %s", call, err, wantSC)
		case got.IsError != want.IsError && !(mode == gradeNotSuccess && want.IsError && got.IsError):
			if want.IsError {
				return grading.Failf("%s = %s (isError: false), want isError: true (the fixture says %q)", call, gradeJSON(got.StructuredContent), gradeText(want))
			}
			return grading.Failf("%s = isError: true (%q), want %s", call, gradeText(got), wantSC)
		case !want.IsError && gradeJSON(got.StructuredContent) != wantSC:
			return grading.Failf("%s: structuredContent = %s, want %s", call, gradeJSON(got.StructuredContent), wantSC)
		case gradeText(got) == "":
			return grading.Failf("%s: the result has no text content; want the JSON text of a success, or the error message of an isError result", call)
		}
	}
	return grading.Pass()
}

// gradeConnect connects a go-sdk client to s over in-memory transports.
func gradeConnect(ctx context.Context, s *mcp.Server) (*mcp.ClientSession, func(), error) {
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		return nil, nil, err
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "grader", Version: "1.0.0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		ss.Close()
		return nil, nil, err
	}
	return cs, func() { cs.Close(); ss.Wait() }, nil
}

func gradeJSON(v any) string {
	if v == nil {
		return "null"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("(cannot encode: %v)", err)
	}
	var m any
	json.Unmarshal(b, &m)
	b, _ = json.Marshal(m) // map keys sorted
	return string(b)
}

func gradeText(r *mcp.CallToolResult) string {
	var parts []string
	for _, c := range r.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, t.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// gradeLookup compares Lookup with the fixture's business logic.
func gradeLookup(ctx context.Context, f GradeFuncs) grading.Result {
	qs := []fixture.Query{
		{SKU: "PEN-01"}, {SKU: "PEN-01", Warehouse: "west"}, {SKU: "BOOK-01"}, {SKU: "BOOK-01", Warehouse: "east"},
		{SKU: "BOOK-01", Warehouse: "west"}, {SKU: "pen-01"}, {SKU: ""}, {SKU: "PEN-01", Warehouse: "north"},
		{SKU: "PEN-01 "}, {SKU: "A"}, {SKU: "1PEN"},
	}
	rng := grading.Rand(ctx, 3, 12)
	for i := 0; i < 200; i++ {
		qs = append(qs, fixture.Query{SKU: gradeRandomSKU(rng), Warehouse: []string{"", "east", "west", "north"}[rng.IntN(4)]})
	}
	for _, q := range qs {
		got, err := f.Lookup(q.SKU, q.Warehouse)
		want, werr := fixture.LookupStock(q)
		call := fmt.Sprintf("Lookup(Query{SKU: %q, Warehouse: %q})", q.SKU, q.Warehouse)
		switch {
		case werr != nil && err == nil:
			return grading.Failf("%s = %s, nil; want an error (%v)", call, gradeJSON(got), werr)
		case werr == nil && err != nil:
			return grading.Failf("%s = %v, want %s", call, err, gradeJSON(want))
		case werr == nil && gradeJSON(got) != gradeJSON(want):
			return grading.Failf("%s = %s, want %s", call, gradeJSON(got), gradeJSON(want))
		}
	}
	return grading.Pass()
}

func gradeRandomSKU(rng *rand.Rand) string {
	switch rng.IntN(6) {
	case 0:
		return []string{"PEN-01", "BOOK-01"}[rng.IntN(2)]
	case 1:
		return strings.ToLower([]string{"PEN-01", "BOOK-01"}[rng.IntN(2)])
	}
	const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-a_ "
	b := make([]byte, rng.IntN(19))
	for i := range b {
		b[i] = chars[rng.IntN(len(chars))]
	}
	return string(b)
}

// gradeHidden makes seeded random argument objects, valid and not, and
// compares every answer with the fixture's.
func gradeHidden(ctx context.Context, f GradeFuncs) grading.Result {
	rng := grading.Rand(ctx, 4, 2026)
	var args []string
	for i := 0; i < 80; i++ {
		var q []string
		switch rng.IntN(8) {
		case 0:
		case 1:
			q = append(q, `"sku":7`)
		default:
			q = append(q, fmt.Sprintf(`"sku":%q`, gradeRandomSKU(rng)))
		}
		switch rng.IntN(8) {
		case 0, 1, 2:
		case 3:
			q = append(q, `"warehouse":null`)
		default:
			q = append(q, fmt.Sprintf(`"warehouse":%q`, []string{"east", "west", "north", "", "West"}[rng.IntN(5)]))
		}
		if rng.IntN(10) == 0 {
			q = append(q, `"unit":"box"`)
		}
		rng.Shuffle(len(q), func(i, j int) { q[i], q[j] = q[j], q[i] })
		a := `{"query":{` + strings.Join(q, ",") + `}`
		if rng.IntN(12) == 0 {
			a += `,"dry_run":true`
		}
		args = append(args, a+"}")
	}
	return gradeCalls(ctx, f, gradeSame, "", args...)
}
