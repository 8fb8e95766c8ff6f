package toolsafety

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"

	"github.com/mcp-playground/mcp-playground/sim/scenario/paginglab"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/scenario/tools"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func runToolSafety(ctx context.Context, rec *trace.Recorder, p *Params) error {
	if p.Case == safetyUntrusted {
		return untrustedRun(ctx, rec, p)
	}
	runs := []string{p.Errors}
	if p.Errors == errorsBoth {
		runs = []string{errorsLeaky, errorsActionable}
	}
	for _, style := range runs {
		if len(runs) > 1 {
			rec.Run = style + " errors"
			rec.Update(func(s *trace.State) { *s = trace.State{} })
		}
		if err := errorLeakRun(ctx, rec, style); err != nil {
			return err
		}
	}
	return nil
}

// OrderInput is get_order's argument.
type OrderInput struct {
	OrderID string `json:"order_id" jsonschema:"the order id, such as A-1234"`
}

// Order is get_order's answer.
type Order struct {
	OrderID string `json:"order_id"`
	Status  string `json:"status"`
}

var orderID = regexp.MustCompile(`^A-[0-9]{4}$`)

// errDBDown is the failure the order backend has in this scenario, worded
// as a Go database driver would, query and all.
var errDBDown = errors.New(`dial tcp 10.0.3.7:5432: connect: connection refused; query: SELECT id, status, email, card_last4 FROM orders_v2 WHERE id = $1; dsn: postgres://orders_app:********@db-primary.internal:5432/shop`)

// orderServer is a go-sdk server with get_order, whose backend is down.
// style decides how its handler words failures.
func orderServer(style string) *mcp.Server {
	s := mcp.NewServer(&paginglab.ServerInfo, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "get_order", Description: "Look up one order by its id (A- and four digits)."},
		func(_ context.Context, _ *mcp.CallToolRequest, in OrderInput) (*mcp.CallToolResult, Order, error) {
			if style == errorsLeaky {
				if !orderID.MatchString(in.OrderID) {
					return nil, Order{}, errors.New("sql: no rows in result set")
				}
				// The error as the driver returned it, with the
				// stack a panic handler would add.
				return nil, Order{}, fmt.Errorf("%w\ngoroutine 42 [running]:\nmain.(*store).order(0xc0001a2000, {0xc00012e0f0, 0x6})\n\t/srv/orders/store.go:88 +0x1d4", errDBDown)
			}
			if !orderID.MatchString(in.OrderID) {
				return nil, Order{}, fmt.Errorf("no order %q: order ids are A- and four digits, such as A-1001; list_orders shows the caller's orders", in.OrderID)
			}
			return nil, Order{}, errors.New("the order service is not answering (incident inc-0001); try again in a minute, and if it keeps failing tell the user the incident id")
		})
	return s
}

func errorLeakRun(ctx context.Context, rec *trace.Recorder, style string) error {
	l, err := play.ConnectBoth(ctx, rec, orderServer(style), play.V20251125)
	if err != nil {
		return err
	}
	defer l.Close()
	intro := "A leaky server: get_order returns the Go error its database driver gave it. go-sdk v1.8.0 behaviour: a typed handler's error becomes an isError result whose text is err.Error(), word for word."
	if style == errorsActionable {
		intro = "A careful server with the same broken backend: get_order logs the driver's error to its stderr under an incident id and returns a short reason and a next step. The text is still an isError result (go-sdk v1.8.0 behaviour for a handler's error); only the words changed."
	}
	rec.Note(intro)
	calls := []struct{ id, why string }{
		{"A-1001", "A well-formed id, while the database is down."},
		{"1001", "An id without its A- prefix: there is no such order."},
	}
	for i, c := range calls {
		label := fmt.Sprintf("call %d", i+1)
		rec.Update(func(s *trace.State) {
			s.Outcomes = append(s.Outcomes, trace.Outcome{Call: label, Tool: "get_order", Status: trace.OutcomePending})
		})
		called := play.GoDo(func() (*mcp.CallToolResult, error) {
			return l.Cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_order", Arguments: json.RawMessage(fmt.Sprintf(`{"order_id":%q}`, c.id))})
		})
		if _, err := l.W.Step(ctx, play.Request(play.C2s, "tools/call"), c.why); err != nil {
			return err
		}
		resp, err := l.W.Await(ctx, play.Response(play.S2c, "tools/call"))
		if err != nil {
			return err
		}
		status, detail, _ := tools.ClassifyResponse(resp.Raw)
		rec.Update(func(s *trace.State) {
			s.Outcomes[len(s.Outcomes)-1].Status = status
			s.Outcomes[len(s.Outcomes)-1].Detail = detail
		})
		l.W.Deliver(resp, leakNote(style, i))
		if _, err := play.Wait(ctx, called); err != nil {
			return err
		}
	}
	if style == errorsActionable {
		rec.Note("On the server's stderr, not on the wire: incident inc-0001 with the driver's error, the query and the host name, for the people who run it. The model got what it can act on: wait and retry, or fix the id.")
	}
	return nil
}

func leakNote(style string, call int) string {
	switch {
	case style == errorsLeaky && call == 0:
		return "The model now reads an internal address, the table and its columns, the database user and host, and a source path. It can do nothing useful with them, and the text goes wherever the conversation goes. 2025-11-25 (Tools, security): servers must sanitize tool outputs."
	case style == errorsLeaky:
		return "\"sql: no rows in result set\": true, and useless. Is the id wrong, or the order gone? The model cannot tell what to change, so it may retry the same call."
	case call == 0:
		return "A reason and a next step, nothing internal. The incident id lets a person find the details in the server's log. 2025-11-25: clients should give tool execution errors to the model so it can recover."
	default:
		return "The model learns what is wrong with its argument and where to find a right one: the 2025-11-25 purpose of a tool execution error (isError), self-correction."
	}
}
