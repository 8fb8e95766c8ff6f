package frames

// The browser's grader appends this file to the learner's and calls
// mcpPlaygroundDriver (see exercises/interp/gen.go).

// mcpPlaygroundWant is shown when the driver does not compile.
const mcpPlaygroundWant = "func CheckLine(line []byte) error, func CheckStream(data []byte) []Verdict, where a Verdict has fields Line int, Text string and Err error, and func (d *Decoder) Feed(chunk []byte) []Event, where an Event has fields Type string and Data string"

// mcpPlaygroundDriver returns the learner's checker as the checks take it.
func mcpPlaygroundDriver() GradeFuncs {
	return GradeFuncs{Line: CheckLine, Stream: mcpPlaygroundStream, SSE: mcpPlaygroundSSE}
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

// mcpPlaygroundSSE makes a zero Decoder and returns its Feed, with each
// Event taken apart into its type and data.
func mcpPlaygroundSSE() func(chunk []byte) ([]string, []string) {
	d := &Decoder{}
	return func(chunk []byte) ([]string, []string) {
		var types, data []string
		for _, e := range d.Feed(chunk) {
			types, data = append(types, e.Type), append(data, e.Data)
		}
		return types, data
	}
}
