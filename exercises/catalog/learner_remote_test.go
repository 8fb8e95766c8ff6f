//go:build learner_out_of_process

package catalog

// inProcess is never called: the checks call the learner's process.
func inProcess() (f GradeEnumerate) { return f }
