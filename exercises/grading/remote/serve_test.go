package remote

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestServeStartedByHandSaysWhoStartsIt runs this test binary as a learner
// process started without the grader's pipes, as a student who runs the
// built driver by hand would: it exits 2 and says what starts it.
func TestServeStartedByHandSaysWhoStartsIt(t *testing.T) {
	if os.Getenv("REMOTE_TEST_SERVE") == "1" {
		Serve(func(s string) string { return s }, Errors{}, nil)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeStartedByHandSaysWhoStartsIt$")
	cmd.Env = append(os.Environ(), "REMOTE_TEST_SERVE=1")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 {
		t.Fatalf("Serve without descriptors 3 and 4: %v, want exit status 2\n%s", err, out)
	}
	if !strings.Contains(string(out), "file descriptors 3 and 4") {
		t.Errorf("Serve without descriptors 3 and 4 printed %q, want it to say the grader starts it", out)
	}
}
