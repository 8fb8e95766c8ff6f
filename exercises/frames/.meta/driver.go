package frames

// The browser's grader appends this file to the learner's and calls
// mcpPlaygroundDriver (see exercises/interp/gen.go).

// mcpPlaygroundWant is shown when the driver does not compile.
const mcpPlaygroundWant = "func CheckLine(line []byte) error and func CheckStream(data []byte) []Verdict, where a Verdict has fields Line int, Text string and Err error"

// mcpPlaygroundDriver returns the learner's checker as the checks take it.
func mcpPlaygroundDriver() GradeFuncs {
	return GradeFuncs{Line: CheckLine, Stream: mcpPlaygroundStream}
}

// mcpPlaygroundStream takes CheckStream's verdicts apart: Verdict is the
// learner's type, which compiled code cannot name.
func mcpPlaygroundStream(data []byte) ([]int, []string, []error) {
	var lines []int
	var texts []string
	var errs []error
	for _, v := range CheckStream(data) {
		lines, texts, errs = append(lines, v.Line), append(texts, v.Text), append(errs, v.Err)
	}
	return lines, texts, errs
}
