package handshake

// The browser's grader appends this file to the learner's and calls
// mcpPlaygroundDriver (see exercises/interp/gen.go).

// mcpPlaygroundWant is shown when the driver does not compile.
const mcpPlaygroundWant = "func NewClient(version string, supported []string) *Client, and methods State() string, Version() string, Offer() string, Send(method string, id int64) error, Receive(frame []byte) (string, error) and Close()"

// mcpPlaygroundDriver returns the learner's NewClient as the checks take
// it: a client seen through its method values, since *Client is the
// learner's type, which compiled code cannot name.
func mcpPlaygroundDriver() GradeNew {
	return func(version string, supported []string) GradeClient {
		c := NewClient(version, supported)
		return GradeClient{State: c.State, Version: c.Version, Offer: c.Offer, Send: c.Send, Receive: c.Receive, Close: c.Close}
	}
}
