package outcomes

// The browser's grader appends this file to the learner's and calls
// mcpPlaygroundDriver (see exercises/interp/gen.go).

// mcpPlaygroundWant is shown when the driver does not compile.
const mcpPlaygroundWant = "func Classify(c Call) string, func Reconcile(ctx context.Context, calls []Call, s Server) []string and func Match(pending []Pending, r Response) int"

// mcpPlaygroundDriver returns the learner's functions as the checks take them.
func mcpPlaygroundDriver() GradeFuncs {
	return GradeFuncs{Classify: Classify, Reconcile: Reconcile, Match: Match}
}
