package frames

// This file is the grader's text/event-stream part. Do not edit it: go test
// and the classroom run it against your frames.go, and the browser runs the
// same checks.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
)

// GradeSSE makes a fresh decoder of the learner's and returns its Feed,
// with each event taken apart into its type and data.
type GradeSSE func() func(chunk []byte) (types, data []string)

// gradeSSEChecks are the text/event-stream checks. Every expectation comes
// from gradeSSEParse, which reads a whole stream at once and notes where
// each event is completed: after each chunk, the learner's decoder must
// have returned exactly the events the chunks so far complete.
func gradeSSEChecks() []grading.Check[GradeFuncs] {
	return []grading.Check[GradeFuncs]{
		{Name: "sse-events", Run: func(ctx context.Context, f GradeFuncs) grading.Result {
			for _, s := range []string{
				"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n",
				"data: a\n\ndata: b\n\n",
				"data: {\"jsonrpc\":\"2.0\",\ndata: \"id\":1,\ndata: \"result\":{}}\n\n",
				": keep-alive\nid: 42\nretry: 3000\nfoo: bar\ndata: x\n: another comment\n\n",
				": ping\n\n",
				":\r\n:\r\ndata: after keep-alives\r\n\r\n",
				"event: ping\n\ndata: y\n\n",
				"event: progress\ndata: 1\n\ndata: 2\n\n",
				"data: a\r\n\r\ndata: b\r\n\r\n",
				"data: a\r\rdata: b\rdata: c\r\r",
				"data:x\n\ndata:  x\n\ndata\n\ndata:\ndata:\n\n",
				"Data: x\n\nevent: a:b\ndata: c: d\n\n",
				"data: a\n\ndata: b\n",
				"data: a\n\n\n\ndata: b\n\n",
				"event\ndata: untyped\n\n",
			} {
				if r := gradeSSEFeed(f, []string{s}); !r.Pass {
					return r
				}
			}
			return grading.Pass()
		}},
		{Name: "sse-chunks", Run: func(ctx context.Context, f GradeFuncs) grading.Result {
			for _, chunks := range [][]string{
				{"da", "ta: hello\n\n"}, // mid-line
				{"data: {\"jsonrpc\":\"2.0\",\"id\":1,\"res", "ult\":{}}\n", "\n"}, // mid-JSON
				{"data: a\r", "\ndata: b\r\n\r", "\n"},                             // inside "\r\n"
				{"data: a\r", "\r", "\ndata: b\r\n\r\n"},                           // a lone CR, then a blank line's CRLF split
				{"data: 1\n", "\ndata: 2\n\nda", "ta: 3\n\n"},                      // two events' ends in one chunk
				{"data: a\n", "data: b\n", "\n"},                                   // held until its blank line
				{"data: a\n", "\n"},                                                // between the two LFs
				{"event: mess", "age\ndata:", " x\n", "\n"},                        // after a colon
				{": keep", "-alive\ndata: z\n\n"},                                  // inside a comment
				{"", "data: a\n", "", "\n", ""},                                    // empty chunks
				{"data: caf\xc3", "\xa9 \xe2\x98", "\x95\n\n"},                     // inside a UTF-8 character
				{"event: message\r\nid: 1\r\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\r", "\n\r\nevent: message\r\nid: 2\r\n", "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}\r\n\r\n"},
			} {
				if r := gradeSSEFeed(f, chunks); !r.Pass {
					return r
				}
			}
			// A realistic stream, one byte at a time.
			s := "event: message\r\nid: 7\r\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progress\":1}}\r\n\r\n" +
				": keep-alive\r\n\r\nevent: message\r\nid: 8\r\ndata: {\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"content\":[]}}\r\n\r\n"
			var bytes []string
			for i := range len(s) {
				bytes = append(bytes, s[i:i+1])
			}
			return gradeSSEFeed(f, bytes)
		}},
		{Name: "sse-hidden", Run: gradeSSEHidden},
	}
}

// A gradeSSEEvent is an event the whole stream dispatches, and where.
type gradeSSEEvent struct {
	typ, data string
	// at is the length of the stream up to the end of the blank line that
	// completes the event. When that line ends in CRLF, atCR is the length
	// up to its CR: the line has ended there, so a decoder may return the
	// event before the LF arrives, or with it.
	at, atCR int
}

func (e gradeSSEEvent) String() string { return fmt.Sprintf("{Type: %q, Data: %q}", e.typ, e.data) }

// gradeSSEParse reads a whole text/event-stream as the WHATWG HTML
// standard's event stream interpretation does, for the parts the exercise
// grades, and notes where each event is complete. It is the exercise's
// answer, so the copies students get play it back from a tape (sim/tape):
// see grade_sse_ref.go.
func gradeSSEParse(s string) []gradeSSEEvent { return gradeSSEEvents(s) }

// A gradeSSETaped is a gradeSSEEvent on a tape; bytes, not strings, as
// JSON would mend invalid UTF-8.
type gradeSSETaped struct {
	Type []byte `json:"type"`
	Data []byte `json:"data"`
	At   int    `json:"at"`
	AtCR int    `json:"atCR"`
}

// gradeSSEFeed feeds chunks to a fresh decoder of the learner's and checks,
// after each chunk, the events returned so far.
func gradeSSEFeed(f GradeFuncs, chunks []string) grading.Result {
	stream := strings.Join(chunks, "")
	want := gradeSSEParse(stream)
	feed := f.SSE()
	var got []gradeSSEEvent
	n := 0
	for _, c := range chunks {
		types, data := feed([]byte(c))
		if len(types) != len(data) {
			return grading.Failf("Feed returned %d types for %d data: the driver is broken", len(types), len(data))
		}
		for i := range types {
			got = append(got, gradeSSEEvent{typ: types[i], data: data[i]})
		}
		n += len(c)
		required, allowed := 0, 0
		for _, w := range want {
			if w.at <= n {
				required++
			}
			if w.atCR <= n {
				allowed++
			}
		}
		ok := len(got) >= required && len(got) <= allowed
		for i := 0; ok && i < len(got); i++ {
			ok = got[i].typ == want[i].typ && got[i].data == want[i].data
		}
		if !ok {
			w := want[:required]
			if len(got) > required && len(got) <= allowed {
				w = want[:len(got)]
			}
			return grading.Failf("a new Decoder fed %s: after Feed(%q) it had returned %s in all, want %s%s", gradeChunks(chunks), c, gradeEvents(got), gradeEvents(w), gradeSSEWhy(got, want, required))
		}
	}
	return grading.Pass()
}

// gradeSSEWhy names what the learner's events suggest went wrong.
func gradeSSEWhy(got, want []gradeSSEEvent, required int) string {
	switch {
	case len(got) < required:
		return " (an event is complete when its blank line has ended, whichever chunk that happens in)"
	case len(got) > required && len(got) > len(want):
		return " (an event is dispatched only by a blank line; the end of a chunk ends nothing)"
	}
	return ""
}

func gradeChunks(chunks []string) string {
	if len(chunks) > 12 {
		return fmt.Sprintf("%q one byte at a time", strings.Join(chunks, ""))
	}
	var parts []string
	for _, c := range chunks {
		parts = append(parts, fmt.Sprintf("%q", c))
	}
	return "the chunks " + strings.Join(parts, ", ")
}

func gradeEvents(es []gradeSSEEvent) string {
	if len(es) == 0 {
		return "no events"
	}
	var parts []string
	for _, e := range es {
		parts = append(parts, e.String())
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// gradeSSEHidden builds seeded random streams (data lines with JSON-RPC
// messages and spaces, event types, ids, retries, comments, unknown
// fields, events without data, a trailing unfinished event; LF, CRLF and CR
// line ends) and feeds each in random chunkings, one of them sometimes a
// byte at a time.
func gradeSSEHidden(ctx context.Context, f GradeFuncs) grading.Result {
	rng := grading.Rand(ctx, 11, 20251125)
	for i := 0; i < 150; i++ {
		if ctx.Err() != nil {
			return grading.Failf("stopped: %v", ctx.Err())
		}
		s := gradeSSERandomStream(rng)
		for k := 0; k < 4; k++ {
			var chunks []string
			switch {
			case k == 0:
				chunks = []string{s}
			case k == 1 && rng.IntN(4) == 0:
				for j := range len(s) {
					chunks = append(chunks, s[j:j+1])
				}
			default:
				cuts := []int{0, len(s)}
				for c := rng.IntN(6); c > 0; c-- {
					cuts = append(cuts, rng.IntN(len(s)+1))
				}
				slices.Sort(cuts)
				for j := 1; j < len(cuts); j++ {
					chunks = append(chunks, s[cuts[j-1]:cuts[j]])
				}
			}
			if r := gradeSSEFeed(f, chunks); !r.Pass {
				r.Message = fmt.Sprintf("hidden stream %d: %s", i, r.Message)
				return r
			}
		}
	}
	return grading.Pass()
}

func gradeSSERandomStream(rng *rand.Rand) string {
	payloads := []string{
		`{"jsonrpc":"2.0","id":1,"result":{}}`,
		`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":2}}`,
		`{"jsonrpc":"2.0","id":"a-7","result":{"content":[{"type":"text","text":"café ☕: 3 left"}]}}`,
		`  two leading spaces`, `x`, ``, `a:b: c`, `{"jsonrpc":"2.0",`, `"id":2,"result":{}}`,
	}
	ends := []string{"\n", "\n", "\r\n", "\r\n", "\r"}
	end := ends[rng.IntN(len(ends))] // most streams keep one line end
	var b strings.Builder
	line := func(l string) {
		b.WriteString(l)
		if rng.IntN(6) == 0 {
			b.WriteString(ends[rng.IntN(len(ends))])
		} else {
			b.WriteString(end)
		}
	}
	for e := 1 + rng.IntN(4); e > 0; e-- {
		for n := 1 + rng.IntN(5); n > 0; n-- {
			p := payloads[rng.IntN(len(payloads))]
			switch rng.IntN(12) {
			case 0, 1, 2, 3:
				line("data: " + p)
			case 4:
				line("data:" + p)
			case 5:
				line("data")
			case 6:
				line([]string{"event: message", "event: ping", "event:progress", "event"}[rng.IntN(4)])
			case 7:
				line(fmt.Sprintf("id: %d", rng.IntN(100)))
			case 8:
				line("retry: 1500")
			case 9:
				line([]string{": keep-alive", ":", ": data: not data"}[rng.IntN(3)])
			case 10:
				line([]string{"foo: bar", "Data: x", "data : x", "dat: x"}[rng.IntN(4)])
			default:
				line("data:  " + p)
			}
		}
		if e > 1 || rng.IntN(4) > 0 {
			line("") // the blank line; the last event sometimes never gets one
		}
	}
	return b.String()
}
