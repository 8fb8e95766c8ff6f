package ttl

// The browser's grader appends this file to the learner's and calls
// mcpPlaygroundDriver (see exercises/interp/gen.go).

// mcpPlaygroundWant is shown when the driver does not compile.
const mcpPlaygroundWant = "func New() *Sessions and methods Touch(id string, now, ttl int64) error, Expire(now int64) ([]string, error), Live() int and Tickets() int"

// mcpPlaygroundDriver returns the learner's New as the checks take it: a
// scheduler seen through its method values, since *Sessions is the
// learner's type, which compiled code cannot name.
func mcpPlaygroundDriver() GradeNew {
	return func() GradeSessions {
		s := New()
		return GradeSessions{Touch: s.Touch, Expire: s.Expire, Live: s.Live, Tickets: s.Tickets}
	}
}
