//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// ownGroup starts c in a process group of its own, so that killGroup ends
// what it started too (an npx wrapper's node, a shell's server).
func ownGroup(c *exec.Cmd) {
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills c's whole process group.
func killGroup(c *exec.Cmd) {
	if c.Process != nil {
		_ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
	}
}
