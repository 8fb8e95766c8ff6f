//go:build !learner_out_of_process

package handshake

// inProcess is the learner's code compiled into the test. The classroom
// grader builds the test with the tag learner_out_of_process and without
// handshake.go, and calls the learner's code in a process of its own.
func inProcess() GradeNew {
	return GradeNew(func(version string, supported []string) GradeClient {
		c := NewClient(version, supported)
		return GradeClient{State: c.State, Version: c.Version, Offer: c.Offer, Send: c.Send, Receive: c.Receive, Close: c.Close}
	})
}
