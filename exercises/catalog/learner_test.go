//go:build !learner_out_of_process

package catalog

// learnerEnumerate is the Enumerate compiled into the test. The classroom
// grader builds the test with the tag learner_out_of_process, without
// catalog.go, and calls the learner's Enumerate in its own process.
var learnerEnumerate = Enumerate
