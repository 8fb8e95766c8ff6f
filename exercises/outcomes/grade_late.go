package outcomes

// This file is the grader's part for responses that arrive after a
// reconnect. Do not edit it: go test and the classroom run it against your
// outcomes.go, and the browser runs the same checks.

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// A gradeDelivery is one response reaching the client, and the request it
// must settle: the index in the pending list at that moment, or -1.
type gradeDelivery struct {
	r    Response
	want int
	why  string // said when the learner's Match settles a request it must not
}

// gradeLateResponse checks Match on what reaches a client across a
// reconnect: session "old" was cut with its id 2 (reserve_stock)
// unanswered; session "new" numbers its requests from 1 again, so its id 2
// is another request. A response is matched to a request by session and id
// together; whatever it answers, the grader then takes it off the list, as
// a client settles the call.
func gradeLateResponse(ctx context.Context, f GradeFuncs) grading.Result {
	id := func(v any) jsonrpc.ID {
		i, _ := jsonrpc.MakeID(v)
		return i
	}
	late := "a response for id 2 from session old, delivered late (by a proxy) after the reconnect"
	cases := []struct {
		pending    []Pending
		deliveries []gradeDelivery
	}{
		{
			// The reconnect: the old session's calls were given up, the
			// new one has ids 1 and 2 out.
			[]Pending{{"new", id(float64(1)), "tools/list"}, {"new", id(float64(2)), "get_stock"}},
			[]gradeDelivery{
				{Response{"old", id(float64(2))}, -1, late + ": it answers the old session's reserve_stock, not the new session's get_stock, which stays pending"},
				{Response{"new", id(float64(2))}, 1, ""},
				{Response{"new", id(float64(1))}, 0, ""},
			},
		},
		{
			// A client that still waits on the old session's id 2: each
			// response settles the request of its own session, in either
			// order of the list.
			[]Pending{{"old", id(float64(2)), "reserve_stock"}, {"new", id(float64(2)), "get_stock"}},
			[]gradeDelivery{
				{Response{"new", id(float64(2))}, 1, ""},
				{Response{"old", id(float64(2))}, 0, ""},
			},
		},
		{
			[]Pending{{"new", id(float64(2)), "get_stock"}, {"old", id(float64(2)), "reserve_stock"}},
			[]gradeDelivery{
				{Response{"old", id(float64(2))}, 1, late + ": it answers the old session's reserve_stock"},
				{Response{"new", id(float64(2))}, 0, ""},
			},
		},
		{
			// Ids are compared as JSON-RPC values: the string "2" is not
			// the number 2. A response answered twice, or for an id never
			// sent, settles nothing.
			[]Pending{{"new", id(float64(2)), "get_stock"}, {"new", id("a-3"), "reserve_stock"}},
			[]gradeDelivery{
				{Response{"new", id("2")}, -1, `a response for the string id "2": the request's id is the number 2`},
				{Response{"new", id(float64(7))}, -1, "a response for id 7, which session new never sent"},
				{Response{"new", id("a-3")}, 1, ""},
				{Response{"new", id(float64(2))}, 0, ""},
				{Response{"new", id(float64(2))}, -1, "a second response for id 2, already answered"},
			},
		},
	}
	for _, tc := range cases {
		pending := slices.Clone(tc.pending)
		for _, d := range tc.deliveries {
			before := gradePendingList(pending)
			got := f.Match(slices.Clone(pending), d.r)
			if got != d.want {
				msg := fmt.Sprintf("Match(%s, Response{Session: %q, ID: %v}) = %d, want %d", before, d.r.Session, d.r.ID.Raw(), got, d.want)
				if d.want < 0 {
					msg += " (" + d.why + ")"
				}
				return grading.Failf("%s. A request id is unique only within its session (MCP 2025-11-25, Basic: not reused by the requestor within the same session); match on the session and the id together", msg)
			}
			if got >= 0 {
				pending = slices.Delete(pending, got, got+1)
			}
		}
	}
	return grading.Pass()
}

func gradePendingList(ps []Pending) string {
	var parts []string
	for _, p := range ps {
		parts = append(parts, fmt.Sprintf("%s/%v %s", p.Session, p.ID.Raw(), p.Tool))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
