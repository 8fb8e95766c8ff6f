//go:build unix

package main

import (
	"syscall"
	"time"
)

// childCPU is the CPU time (user and system) of the test's finished child
// processes and their descendants: unlike the wall clock, it does not grow
// when other work shares the machine.
func childCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
