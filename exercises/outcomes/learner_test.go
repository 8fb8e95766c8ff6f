//go:build !learner_out_of_process

package outcomes

// inProcess is the learner's code compiled into the test. The classroom
// grader builds the test with the tag learner_out_of_process and without
// outcomes.go, and calls the learner's code in a process of its own.
func inProcess() GradeFuncs {
	return GradeFuncs{Classify: Classify, Reconcile: Reconcile, Match: Match}
}
