package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/mcp-playground/mcp-playground/sim/conformance"
)

// processDialer starts cmd afresh for every connection the probe needs,
// in a process group of its own (ownGroup) so that ending it ends its
// children too.
func processDialer(cmd []string) conformance.Dialer {
	return func(ctx context.Context, tap *conformance.Tap) (conformance.Link, error) {
		c := exec.Command(cmd[0], cmd[1:]...)
		ownGroup(c)
		stderr := &tail{max: 2048}
		c.Stderr = stderr
		stdin, err := c.StdinPipe()
		if err != nil {
			return nil, err
		}
		stdout, err := c.StdoutPipe()
		if err != nil {
			return nil, err
		}
		if err := c.Start(); err != nil {
			return nil, fmt.Errorf("starting %s: %w", cmd[0], err)
		}
		exited := make(chan error, 1)
		go func() { exited <- c.Wait() }()
		stop := func() string {
			// Closing stdin is how a stdio server is asked to end; one
			// that has not within half a second is killed with its group.
			_ = stdin.Close()
			var err error
			killed := false
			select {
			case err = <-exited:
			case <-time.After(500 * time.Millisecond):
				killGroup(c)
				err, killed = <-exited, true
			}
			// Children that outlived the leader go too.
			killGroup(c)
			var ee *exec.ExitError
			switch {
			case killed:
				return fmt.Sprintf("%s had not exited 0.5 s after its stdin closed and was killed; stderr: %s", cmd[0], stderr.String())
			case errors.As(err, &ee) && ee.ExitCode() != 0:
				return fmt.Sprintf("%s exited with status %d; stderr: %s", cmd[0], ee.ExitCode(), stderr.String())
			}
			return ""
		}
		return conformance.StdioLink(stdout, stdin, tap, stop), nil
	}
}

// tail keeps the last max bytes written to it: a server's stderr, kept
// apart from its stdout and shown only when the server ends badly.
type tail struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.TrimSpace(string(bytes.ToValidUTF8(t.b, []byte("?"))))
	if s == "" {
		return "(empty)"
	}
	return strings.ReplaceAll(s, "\n", " | ")
}
