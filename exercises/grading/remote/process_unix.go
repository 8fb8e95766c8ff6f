//go:build unix

package remote

import (
	"os/exec"
	"syscall"
)

// isolate puts the process in a group of its own, so that killGroup ends
// whatever it started, and drops it to the learner's user when one is set.
func isolate(cmd *exec.Cmd) error {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	uid, gid, ok, err := learnerUID()
	if err != nil {
		return err
	}
	if ok {
		cmd.SysProcAttr.Credential = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
	}
	return nil
}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Process.Kill()
	}
}
