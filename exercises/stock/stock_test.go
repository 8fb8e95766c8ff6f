package stock

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
	"github.com/mcp-playground/mcp-playground/exercises/importrule"
)

// TestMain refuses a -run pattern that selects no check: go test would
// otherwise pass without grading anything.
func TestMain(m *testing.M) {
	flag.Parse()
	if err := grading.SelectsCheck(flag.Lookup("test.run").Value.String(), "TestStock", grading.Names(GradeChecks())); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// TestStock grades stock.go: one subtest per check. Under the classroom
// grader (remote.OutOfProcess) stock.go runs in a process of its own and
// the checks call it through a pipe; a plain go test calls the file
// compiled in, as the page does.
func TestStock(t *testing.T) {
	spec := remote.Spec{Exercise: "stock", Dir: ".", File: "stock.go", Allow: importrule.ForExercise("stock"), Driver: learnerDriver}
	grade, done := remote.Grader(spec, learnerErrors, nil, inProcess())
	defer done()
	for _, c := range GradeChecks() {
		t.Run(c.Name, func(t *testing.T) {
			if r := grade(c); !r.Pass {
				t.Error(r)
			}
		})
	}
}

// learnerErrors are the errors whose identity the checks test, by the names
// the driver gives the learner package's own copies.
var learnerErrors = remote.Errors{}

// learnerDriver is the learner process's main: it serves the learner's
// functions in the shape the checks take them.
const learnerDriver = `package main

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
	learner "LEARNER"
)

var errs = remote.Errors{}

type funcs struct {
	Lookup   func(sku, warehouse string) (any, error)
	GetStock mcp.ToolHandler
}

func main() {
	remote.Serve(funcs{
		Lookup: func(sku, warehouse string) (any, error) {
			return learner.Lookup(learner.Query{SKU: sku, Warehouse: warehouse})
		},
		GetStock: learner.GetStock,
	}, errs, nil)
}
`
