package frames

// This file is the grader. Do not edit it: go test and the classroom run it
// against your frames.go, and the browser runs the same checks.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	ref "github.com/mcp-playground/mcp-playground/sim/frames"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/stdio"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// GradeFuncs is the learner's checker seen as plain functions, so that the
// checks can call code compiled into the test binary or interpreted in the
// browser alike. Stream returns, for each verdict, its line number, text
// and error; SSE makes a fresh text/event-stream decoder.
type GradeFuncs struct {
	Line   func(line []byte) error
	Stream func(data []byte) (lines []int, texts []string, errs []error)
	SSE    GradeSSE
}

// GradeChecks returns the exercise's checks, in the order the page lists them.
// The stdio checks' expected answers come from sim/frames, the checker the
// simulator's stdio scenarios use; the text/event-stream checks follow
// (grade_sse.go).
func GradeChecks() []grading.Check[GradeFuncs] {
	return append([]grading.Check[GradeFuncs]{
		{Name: "valid-frames", Run: func(ctx context.Context, f GradeFuncs) grading.Result {
			return gradeLines(f, []string{
				`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
				`{"jsonrpc":"2.0","id":"a-7","method":"tools/call","params":{"name":"get_stock","arguments":{"query":{"sku":"PEN-01"}}}}`,
				`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
				`{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`,
				`{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"unknown tool \"x\""}}`,
				`{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"line one\nline two"}]}}`,
				`  {"jsonrpc":"2.0","id":4,"result":{}}  `,
				`{"jsonrpc":"2.0","id":-5,"method":"tools/list","params":{"cursor":""}}`,
				`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1}}`,
				`{"jsonrpc":"2.0","id":6,"result":{"text":"caf\u00e9 ☕"}}`,
			})
		}},
		{Name: "log-lines", Scenario: "stdio-banner", Run: func(ctx context.Context, f GradeFuncs) grading.Result {
			if r := gradeScenario(ctx, f, "stdio-banner"); !r.Pass {
				return r
			}
			return gradeLines(f, []string{
				`inventory-fixture v1.0.0 listening on stdio`,
				`{"jsonrpc":"2.0","id":1,"result":{}}`,
				`{`,
				`  "jsonrpc": "2.0",`,
				`}`,
				`{"jsonrpc":"2.0","id":1,"result":{"tools":[`,
				`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
				`"2.0"`,
				`42`,
				``,
				`   `,
				"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\r",
			})
		}},
		{Name: "jsonrpc-shape", Run: func(ctx context.Context, f GradeFuncs) grading.Result {
			return gradeLines(f, []string{
				`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
				`{"id":1,"method":"ping"}`,
				`{"jsonrpc":"1.0","id":1,"method":"ping"}`,
				`{"jsonrpc":2.0,"id":1,"method":"ping"}`,
				`{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}`,
				`{"jsonrpc":"2.0","id":1}`,
				`{"jsonrpc":"2.0","result":{}}`,
				`{"jsonrpc":"2.0","id":{"n":1},"result":{}}`,
				`{"jsonrpc":"2.0","id":true,"result":{}}`,
				`{"jsonrpc":"2.0","id":1,"method":7}`,
				`{"jsonrpc":"2.0","id":1,"method":""}`,
				`{"jsonrpc":"2.0","id":1,"method":"ping","result":{}}`,
				`{"jsonrpc":"2.0","id":1,"error":{"message":"no code"}}`,
				`{"jsonrpc":"2.0","id":1,"error":{"code":-1}}`,
				`{"jsonrpc":"2.0","id":1,"error":"oops"}`,
				`{"jsonrpc":"2.0","id":-3,"result":{}}`,
			})
		}},
		{Name: "mcp-rules", Run: func(ctx context.Context, f GradeFuncs) grading.Result {
			// MCP narrows JSON-RPC 2.0 (specification 2025-11-25 and
			// 2026-07-28, Basic › Messages): ids, codes, params and results.
			return gradeLines(f, []string{
				`{"jsonrpc":"2.0","id":"1.5","method":"ping"}`,
				`{"jsonrpc":"2.0","id":1.5,"method":"ping"}`,
				`{"jsonrpc":"2.0","id":-12,"method":"ping"}`,
				`{"jsonrpc":"2.0","id":2.0,"result":{}}`,
				`{"jsonrpc":"2.0","id":1e2,"method":"ping"}`,
				`{"jsonrpc":"2.0","id":null,"method":"ping"}`,
				`{"jsonrpc":"2.0","method":"notifications/initialized","id":null}`,
				`{"jsonrpc":"2.0","id":null,"result":{}}`,
				`{"jsonrpc":"2.0","error":{"code":-32700,"message":"parse error"}}`,
				`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}`,
				`{"jsonrpc":"2.0","id":3,"error":{"code":0,"message":""}}`,
				`{"jsonrpc":"2.0","id":3,"error":{"code":-32602.5,"message":"bad"}}`,
				`{"jsonrpc":"2.0","id":3,"error":{"code":1e3,"message":"bad"}}`,
				`{"jsonrpc":"2.0","id":3,"error":{"code":"-32602","message":"bad"}}`,
				`{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{}}`,
				`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":["get_stock",{"sku":"PEN-01"}]}`,
				`{"jsonrpc":"2.0","method":"notifications/progress","params":null}`,
				`{"jsonrpc":"2.0","method":"notifications/progress","params":"x"}`,
				`{"jsonrpc":"2.0","id":5,"result":null}`,
				`{"jsonrpc":"2.0","id":5,"result":[]}`,
				`{"jsonrpc":"2.0","id":5,"result":"ok"}`,
				`{"jsonrpc":"2.0","id":6,"result":{"text":"café"}}`,
				"{\"jsonrpc\":\"2.0\",\"id\":6,\"result\":{\"text\":\"caf\xe9\"}}",      // é in Latin-1
				"{\"jsonrpc\":\"2.0\",\"id\":6,\"result\":{\"text\":\"tea \xe2\x98\"}}", // a cut ☕
			})
		}},
		{Name: "stream-lines", Scenario: "stdio-multiline", Run: func(ctx context.Context, f GradeFuncs) grading.Result {
			if r := gradeScenario(ctx, f, "stdio-multiline"); !r.Pass {
				return r
			}
			ok := `{"jsonrpc":"2.0","id":1,"result":{}}`
			for _, s := range []string{
				"",
				ok + "\n",
				"inventory-fixture ready\n" + ok + "\n" + `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}` + "\n",
				"{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"result\": {}\n}\n",
				ok + "\n" + ok,
				ok + "\r\n" + ok + "\n",
				ok + "\n\n" + ok + "\n",
				`{"jsonrpc":"2.0","id":1,"result":{"text":"a\nb"}}` + "\n",
				ok + "\n" + `{"jsonrpc":"2.0"`,
			} {
				if r := gradeStream(f, s); !r.Pass {
					return r
				}
			}
			return grading.Pass()
		}},
		{Name: "hidden-lines", Run: gradeHidden},
	}, gradeSSEChecks()...)
}

// gradeScenario replays the byte streams of a stdio scenario, one per
// direction, through the learner's CheckStream and the reference; a
// disagreement points at the event that carried the line.
func gradeScenario(ctx context.Context, f GradeFuncs, id string) grading.Result {
	res, err := play.NewCatalogue(stdio.Presets()).Run(ctx, id, nil)
	if err != nil {
		return grading.Failf("the scenario did not run: %v", err)
	}
	for _, dir := range []string{trace.ServerToClient, trace.ClientToServer} {
		var stream strings.Builder
		var seqs []int // seq of the event holding each byte offset's line start
		var starts []int
		for _, ev := range res.Events {
			if ev.Kind == trace.KindBytes && ev.Direction == dir {
				starts = append(starts, stream.Len())
				seqs = append(seqs, ev.Seq)
				stream.WriteString(ev.Raw)
			}
		}
		data := stream.String()
		lines, texts, errs := f.Stream([]byte(data))
		want := ref.CheckStream([]byte(data))
		seqOf := func(line int) int {
			// The event whose chunk holds the line's first byte.
			off := 0
			for i := 1; i < line; i++ {
				off += strings.IndexByte(data[off:], '\n') + 1
			}
			seq := 0
			for i, st := range starts {
				if st <= off {
					seq = seqs[i]
				}
			}
			return seq
		}
		if len(lines) != len(want) {
			return grading.Failf("CheckStream of the %s stream of %s returned %d verdicts, want %d (one per line)", dir, id, len(lines), len(want)).At(id, 0)
		}
		for i, w := range want {
			if lines[i] != w.Line || texts[i] != w.Text || (errs[i] == nil) != (w.Err == nil) {
				return grading.Failf("CheckStream of the %s stream of %s: verdict %d = {Line: %d, Text: %q, Err: %v}, want {Line: %d, Text: %q, Err: %s}", dir, id, i, lines[i], texts[i], errs[i], w.Line, w.Text, gradeWantErr(w.Err)).At(id, seqOf(w.Line))
			}
		}
	}
	return grading.Pass()
}

// gradeLines compares the learner's CheckLine with the reference on each line.
func gradeLines(f GradeFuncs, lines []string) grading.Result {
	for _, l := range lines {
		got, want := f.Line([]byte(l)), ref.CheckLine([]byte(l))
		if (got == nil) != (want == nil) {
			return grading.Failf("CheckLine(%q) = %v, want %s", l, got, gradeWantErr(want))
		}
	}
	return grading.Pass()
}

func gradeWantErr(want error) string {
	if want == nil {
		return "nil"
	}
	return fmt.Sprintf("an error (%s)", want.Error())
}

// gradeStream compares the learner's CheckStream with the reference.
func gradeStream(f GradeFuncs, s string) grading.Result {
	lines, texts, errs := f.Stream([]byte(s))
	want := ref.CheckStream([]byte(s))
	if len(lines) != len(want) {
		return grading.Failf("CheckStream(%q) returned %d verdicts, want %d (one per line, and one for bytes after the last LF)", s, len(lines), len(want))
	}
	for i, w := range want {
		if lines[i] != w.Line || texts[i] != w.Text || (errs[i] == nil) != (w.Err == nil) {
			return grading.Failf("CheckStream(%q)[%d] = {Line: %d, Text: %q, Err: %v}, want {Line: %d, Text: %q, Err: %s}", s, i, lines[i], texts[i], errs[i], w.Line, w.Text, gradeWantErr(w.Err))
		}
	}
	return grading.Pass()
}

// gradeHidden builds seeded random frames, breaks some of them, and checks
// lines and whole streams against the reference.
func gradeHidden(ctx context.Context, f GradeFuncs) grading.Result {
	rng := grading.Rand(ctx, 7, 2025)
	for i := 0; i < 400; i++ {
		var parts []string
		for j := 0; j < 1+rng.IntN(4); j++ {
			parts = append(parts, gradeRandomLine(rng))
		}
		for _, p := range parts {
			if r := gradeLines(f, []string{p}); !r.Pass {
				return r
			}
		}
		stream := strings.Join(parts, "\n")
		if rng.IntN(4) > 0 {
			stream += "\n"
		}
		if r := gradeStream(f, stream); !r.Pass {
			return r
		}
	}
	return grading.Pass()
}

func gradeRandomLine(rng *rand.Rand) string {
	ids := []string{`1`, `42`, `-7`, `"abc"`, `"r-9"`, `"2.5"`, `null`, `true`, `{}`, `1.5`, `3.0`, `1e2`}
	methods := []string{`"ping"`, `"tools/list"`, `"notifications/cancelled"`, `""`, `3`}
	params := []string{`{}`, `{"cursor":"c1"}`, `[]`, `["x",1]`, `null`, `"p"`}
	bodies := []string{`{}`, `{"tools":[]}`, `{"text":"x\ny"}`, `{"text":"caf\u00e9"}`, `null`, `[1,2]`, `"done"`}
	errs := []string{`{"code":-32602,"message":"bad"}`, `{"code":0,"message":""}`, `{"code":-32000,"message":"m","data":[1]}`,
		`{"code":-32603.5,"message":"m"}`, `{"code":"-32602","message":"m"}`, `{"code":2e1,"message":"m"}`, `{"message":"m"}`, `{"code":1}`, `"e"`}
	var fields []string
	if rng.IntN(8) > 0 {
		fields = append(fields, []string{`"jsonrpc":"2.0"`, `"jsonrpc":"2.0"`, `"jsonrpc":"2.0"`, `"jsonrpc":"1.0"`}[rng.IntN(4)])
	}
	if rng.IntN(4) > 0 {
		fields = append(fields, `"id":`+ids[rng.IntN(len(ids))])
	}
	switch rng.IntN(5) {
	case 0, 1:
		fields = append(fields, `"method":`+methods[rng.IntN(len(methods))])
		if rng.IntN(2) == 0 {
			fields = append(fields, `"params":`+params[rng.IntN(len(params))])
		}
		if rng.IntN(6) == 0 {
			fields = append(fields, `"result":{}`)
		}
	case 2, 3:
		if rng.IntN(5) > 0 {
			fields = append(fields, `"result":`+bodies[rng.IntN(len(bodies))])
		}
		if rng.IntN(3) == 0 {
			fields = append(fields, `"error":`+errs[rng.IntN(len(errs))])
		}
	default:
		fields = append(fields, `"error":`+errs[rng.IntN(len(errs))])
	}
	rng.Shuffle(len(fields), func(a, b int) { fields[a], fields[b] = fields[b], fields[a] })
	line := "{" + strings.Join(fields, ",") + "}"
	switch rng.IntN(12) {
	case 0:
		line = line[:rng.IntN(len(line))]
	case 1:
		line += "\r"
	case 2:
		line = fmt.Sprintf("[%s]", line)
	case 3:
		line = "DEBUG " + line
	case 4:
		// A Latin-1 é inside a string: encoding/json decodes it without
		// an error.
		line = "{\"note\":\"caf\xe9\"," + line[1:]
	}
	return line
}
