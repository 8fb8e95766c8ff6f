package handshake

// This file is the grader's hidden transcripts and the model client they
// are judged by (its workings in grade_model_ref.go). Do not edit it: go test and the classroom run it against
// your handshake.go, and the browser runs the same checks.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/sim/tape"
)

// gradeHidden plays seeded random transcripts against a model client and
// compares every answer.
func gradeHidden(ctx context.Context, f GradeNew) grading.Result {
	rng := grading.Rand(ctx, 5, 20251125)
	versions := []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28", "1999-01-01"}
	methods := []string{"ping", "initialize", "tools/list", "tools/call", "notifications/initialized", "resources/read"}
	for run := 0; run < 300; run++ {
		if ctx.Err() != nil {
			return grading.Failf("stopped: %v", ctx.Err())
		}
		var supported []string
		for _, v := range versions {
			if rng.IntN(2) == 0 {
				supported = append(supported, v)
			}
		}
		ask := versions[rng.IntN(len(versions))]
		c := f(ask, slices.Clone(supported))
		m := newGradeModel(supported, ask)
		var log []string
		var sent []int64 // ids of the requests sent so far
		next := int64(1 + rng.IntN(3))
		for op := 0; op < 12; op++ {
			var desc string
			switch k := rng.IntN(10); {
			case k < 5:
				meth := methods[rng.IntN(len(methods))]
				if m.state == New && rng.IntN(2) == 0 {
					meth = "initialize"
				}
				var id int64
				if !strings.HasPrefix(meth, "notifications/") {
					id = next
				}
				err := c.Send(meth, id)
				werr := m.send(meth, id)
				desc = fmt.Sprintf("Send(%q, %d) = %v", meth, id, err)
				if (err == nil) != (werr == "") {
					return grading.Failf("transcript %d: %s\nafter NewClient(%q, %q) and:\n%s\nwant %s", run, desc, ask, supported, gradeLines(log), gradeErrWant(werr))
				}
				if werr == "" && id != 0 {
					sent = append(sent, id)
					next++
				}
			case k < 9:
				frame := gradeRandomFrame(rng, versions, sent, next)
				got, err := c.Receive([]byte(frame))
				w := m.receive([]byte(frame))
				desc = fmt.Sprintf("Receive(%s) = %q, %v", frame, got, err)
				if got != w.reply || (err == nil) != (w.err == "") {
					return grading.Failf("transcript %d: %s\nafter NewClient(%q, %q) and:\n%s\nwant %q, %s", run, desc, ask, supported, gradeLines(log), w.reply, gradeErrWant(w.err))
				}
			default:
				c.Close()
				m.close()
				desc = "Close()"
			}
			log = append(log, desc)
			if c.State() != m.state {
				return grading.Failf("transcript %d: State() = %q, want %q\nafter NewClient(%q, %q) and:\n%s", run, c.State(), m.state, ask, supported, gradeLines(log))
			}
			if m.state == Ready && c.Version() != m.agreed {
				return grading.Failf("transcript %d: Version() = %q, want %q\nafter NewClient(%q, %q) and:\n%s", run, c.Version(), m.agreed, ask, supported, gradeLines(log))
			}
		}
	}
	return grading.Pass()
}

func gradeLines(log []string) string {
	out := ""
	for _, l := range log {
		out += "  " + l + "\n"
	}
	return out
}

// gradeRandomFrame makes a server frame: mostly a response to one of the
// requests sent (any of them, the initialize request included), sometimes
// to an id never sent or to a string id, sometimes a server request.
func gradeRandomFrame(rng *rand.Rand, versions []string, sent []int64, next int64) string {
	id := strconv.FormatInt(next+int64(rng.IntN(3)), 10) // not sent yet
	if len(sent) > 0 && rng.IntN(5) > 0 {
		id = strconv.FormatInt(sent[rng.IntN(len(sent))], 10)
	}
	if rng.IntN(10) == 0 {
		id = strconv.Quote(id) // "1" is not the id 1
	}
	switch rng.IntN(6) {
	case 0, 1:
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":%q,"capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`, id, versions[rng.IntN(len(versions))])
	case 2:
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{}}`, id)
	case 3:
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32602,"message":"Unsupported protocol version"}}`, id)
	case 4:
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32603,"message":"internal error"}}`, id)
	default:
		return `{"jsonrpc":"2.0","id":"s1","method":"ping"}`
	}
}

// gradeModel is the grader's own client, the yardstick for hidden
// transcripts and discovery. It is the exercise's answer, so the copies
// students get play it back from a tape (sim/tape): its workings are in
// grade_model_ref.go. The checks read state, agreed and offer after each
// call; the model's own bookkeeping is in gradeModelRef.
type gradeModel struct {
	state  string
	agreed string
	offer  string
	gradeModelRef
}

// A gradeModelTaped is a model call's answer on a tape, with the fields the
// checks read after it.
type gradeModelTaped struct {
	Reply  string `json:"reply,omitempty"`
	Err    string `json:"err,omitempty"`
	State  string `json:"state"`
	Agreed string `json:"agreed,omitempty"`
	Offer  string `json:"offer"`
}

// gradeModelStart is the key of a new model: every call's key chains from
// it through the calls before.
func gradeModelStart(supported []string, offer string) string {
	return tape.Key("handshake.gradeModel", supported, offer)
}
