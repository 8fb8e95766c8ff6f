//go:build !unix

package remote

import "os/exec"

func isolate(*exec.Cmd) error { return nil }

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
