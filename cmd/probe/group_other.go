//go:build !unix

package main

import "os/exec"

// ownGroup does nothing where there are no process groups: killGroup then
// ends the server's own process only.
func ownGroup(*exec.Cmd) {}

func killGroup(c *exec.Cmd) {
	if c.Process != nil {
		_ = c.Process.Kill()
	}
}
