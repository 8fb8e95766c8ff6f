package catalog

// The browser's grader appends this file to the learner's and calls
// mcpPlaygroundDriver (see exercises/interp/gen.go).

// mcpPlaygroundWant is shown when the driver does not compile.
const mcpPlaygroundWant = "func Enumerate(ctx context.Context, l Lister, lim Limits) ([]*mcp.Tool, []int, error)"

// mcpPlaygroundDriver returns the learner's Enumerate as the checks take it.
func mcpPlaygroundDriver() GradeEnumerate {
	return Enumerate
}
