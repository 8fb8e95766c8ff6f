//go:build !unix

package main

import "time"

// childCPU is not measured where getrusage is missing.
func childCPU() time.Duration { return 0 }
