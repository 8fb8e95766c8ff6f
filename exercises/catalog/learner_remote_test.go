//go:build learner_out_of_process

package catalog

import (
	"context"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// learnerEnumerate is never called: the checks call the learner's process.
func learnerEnumerate(context.Context, Lister, Limits) ([]*mcp.Tool, []int, error) {
	panic(grading.NoAnswer("the learner's Enumerate is not compiled into the grader"))
}
