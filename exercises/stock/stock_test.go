package stock

import (
	"testing"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/mcp-playground/mcp-playground/exercises/grading/gradetest"
	"github.com/mcp-playground/mcp-playground/exercises/grading/remote"
)

func TestMain(m *testing.M) { gradetest.Main(m, "TestStock", grading.Names(GradeChecks())) }

// TestStock grades stock.go: one subtest per check (see gradetest.Run).
func TestStock(t *testing.T) {
	gradetest.Run(t, gradetest.Exercise[GradeFuncs]{ID: "stock", File: "stock.go", Driver: learnerDriver, Errors: learnerErrors, InProcess: inProcess()}, GradeChecks())
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
