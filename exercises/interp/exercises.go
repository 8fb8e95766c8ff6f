package interp

import (
	"context"
	"fmt"
	"reflect"

	"github.com/mcp-playground/mcp-playground/exercises/catalog"
	"github.com/mcp-playground/mcp-playground/exercises/frames"
	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/exercises/handshake"
	"github.com/mcp-playground/mcp-playground/exercises/outcomes"
	"github.com/mcp-playground/mcp-playground/exercises/stock"
	"github.com/mcp-playground/mcp-playground/exercises/ttl"
)

const modPath = "github.com/mcp-playground/mcp-playground/exercises/"

// An exercise says how to take one exercise's learner code across the
// boundary and grade it.
type exercise struct {
	// api is the import path of the exercise's fixed API (api.go), which
	// the learner's file sees as its own identifiers through a dot import;
	// "" when the learner's file is the whole package.
	api string
	// driver is appended to the learner's file. It declares func
	// [driverName], which returns the learner's functions and method values
	// as the exercise's compiled Grade type (imported as
	// mcpPlaygroundGrade): yaegi wraps an interpreted function into a
	// compiled one where a compiled func type is expected, so no interface
	// wrapper is involved.
	driver string
	// want describes what the driver needs, for a driver that does not
	// compile because the learner changed a signature.
	want string
	// checks lists the grader's checks, in order.
	checks []string
	// grade runs every check against the driver.
	grade func(ctx context.Context, driver reflect.Value, progress func(grading.Result)) ([]grading.Result, error)
}

const driverName = "mcpPlaygroundDriver"

// lookup returns the exercise with id.
func lookup(id string) (exercise, bool) {
	switch id {
	case "catalog":
		return exercise{
			api: modPath + "catalog",
			driver: `func mcpPlaygroundDriver() mcpPlaygroundGrade.GradeEnumerate {
	return Enumerate
}`,
			want:   "func Enumerate(ctx context.Context, l Lister, lim Limits) ([]*mcp.Tool, []int, error)",
			checks: grading.Names(catalog.GradeChecks()),
			grade: func(ctx context.Context, v reflect.Value, progress func(grading.Result)) ([]grading.Result, error) {
				d, err := as[func() catalog.GradeEnumerate](v)
				if err != nil {
					return nil, err
				}
				return runAll(ctx, catalog.GradeChecks(), d(), progress), nil
			},
		}, true
	case "frames":
		return exercise{
			driver: `func mcpPlaygroundDriver() mcpPlaygroundGrade.GradeFuncs {
	return mcpPlaygroundGrade.GradeFuncs{Line: CheckLine, Stream: mcpPlaygroundStream}
}

func mcpPlaygroundStream(data []byte) ([]int, []string, []error) {
	var lines []int
	var texts []string
	var errs []error
	for _, v := range CheckStream(data) {
		lines, texts, errs = append(lines, v.Line), append(texts, v.Text), append(errs, v.Err)
	}
	return lines, texts, errs
}`,
			want:   "func CheckLine(line []byte) error and func CheckStream(data []byte) []Verdict, where a Verdict has fields Line int, Text string and Err error",
			checks: grading.Names(frames.GradeChecks()),
			grade: func(ctx context.Context, v reflect.Value, progress func(grading.Result)) ([]grading.Result, error) {
				d, err := as[func() frames.GradeFuncs](v)
				if err != nil {
					return nil, err
				}
				return runAll(ctx, frames.GradeChecks(), d(), progress), nil
			},
		}, true
	case "handshake":
		return exercise{
			driver: `func mcpPlaygroundDriver(version string, supported []string) mcpPlaygroundGrade.GradeClient {
	c := NewClient(version, supported)
	return mcpPlaygroundGrade.GradeClient{State: c.State, Version: c.Version, Send: c.Send, Receive: c.Receive, Close: c.Close}
}`,
			want:   "func NewClient(version string, supported []string) *Client, and methods State() string, Version() string, Send(method string) error, Receive(frame []byte) (string, error) and Close()",
			checks: grading.Names(handshake.GradeChecks()),
			grade: func(ctx context.Context, v reflect.Value, progress func(grading.Result)) ([]grading.Result, error) {
				d, err := as[func(string, []string) handshake.GradeClient](v)
				if err != nil {
					return nil, err
				}
				return runAll(ctx, handshake.GradeChecks(), handshake.GradeNew(d), progress), nil
			},
		}, true
	case "outcomes":
		return exercise{
			api: modPath + "outcomes",
			driver: `func mcpPlaygroundDriver() mcpPlaygroundGrade.GradeFuncs {
	return mcpPlaygroundGrade.GradeFuncs{Classify: Classify, Reconcile: Reconcile}
}`,
			want:   "func Classify(c Call) string and func Reconcile(ctx context.Context, calls []Call, s Server) []string",
			checks: grading.Names(outcomes.GradeChecks()),
			grade: func(ctx context.Context, v reflect.Value, progress func(grading.Result)) ([]grading.Result, error) {
				d, err := as[func() outcomes.GradeFuncs](v)
				if err != nil {
					return nil, err
				}
				return runAll(ctx, outcomes.GradeChecks(), d(), progress), nil
			},
		}, true
	case "stock":
		return exercise{
			driver: `func mcpPlaygroundDriver() mcpPlaygroundGrade.GradeFuncs {
	return mcpPlaygroundGrade.GradeFuncs{Lookup: mcpPlaygroundLookup, GetStock: GetStock}
}

func mcpPlaygroundLookup(sku, warehouse string) (any, error) {
	st, err := Lookup(Query{SKU: sku, Warehouse: warehouse})
	return st, err
}`,
			want:   "func Lookup(q Query) (Stock, error) and func GetStock(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)",
			checks: grading.Names(stock.GradeChecks()),
			grade: func(ctx context.Context, v reflect.Value, progress func(grading.Result)) ([]grading.Result, error) {
				d, err := as[func() stock.GradeFuncs](v)
				if err != nil {
					return nil, err
				}
				return runAll(ctx, stock.GradeChecks(), d(), progress), nil
			},
		}, true
	case "ttl":
		return exercise{
			api: modPath + "ttl",
			driver: `func mcpPlaygroundDriver() mcpPlaygroundGrade.GradeSessions {
	s := New()
	return mcpPlaygroundGrade.GradeSessions{Touch: s.Touch, Expire: s.Expire, Live: s.Live, Tickets: s.Tickets}
}`,
			want:   "func New() *Sessions and methods Touch(id string, now, ttl int64) error, Expire(now int64) ([]string, error), Live() int and Tickets() int",
			checks: grading.Names(ttl.GradeChecks()),
			grade: func(ctx context.Context, v reflect.Value, progress func(grading.Result)) ([]grading.Result, error) {
				d, err := as[func() ttl.GradeSessions](v)
				if err != nil {
					return nil, err
				}
				// 1/10 of the cost check's renewals: interpreted calls are
				// slow, and the check's small/large ratio is what matters.
				return runAll(grading.WithCostScale(ctx, interpCostScale), ttl.GradeChecks(), ttl.GradeNew(d), progress), nil
			},
		}, true
	}
	return exercise{}, false
}

// IDs returns the exercises the interpreter can grade.
func IDs() []string {
	return []string{"catalog", "frames", "handshake", "outcomes", "stock", "ttl"}
}

// as takes the driver across the boundary as the compiled type F.
func as[F any](v reflect.Value) (F, error) {
	var zero F
	if !v.IsValid() || !v.CanInterface() {
		return zero, fmt.Errorf("the driver is not a function value")
	}
	f, ok := v.Interface().(F)
	if !ok {
		return zero, fmt.Errorf("the driver is a %s, want %T", v.Type(), zero)
	}
	return f, nil
}

// runAll plays every check against f, in order, and reports each result
// to progress (when not nil) as soon as it is known.
func runAll[F any](ctx context.Context, checks []grading.Check[F], f F, progress func(grading.Result)) []grading.Result {
	out := make([]grading.Result, 0, len(checks))
	for _, c := range checks {
		r := grading.Run(ctx, c, f)
		r.Message = tidyPanic(r.Message)
		if progress != nil {
			progress(r)
		}
		out = append(out, r)
	}
	return out
}
