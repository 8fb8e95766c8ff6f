//go:build learner_out_of_process

package ttl

// inProcess is never called: the checks call the learner's process.
func inProcess() (f GradeNew) { return f }
