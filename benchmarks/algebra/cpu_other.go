//go:build !unix

package main

import "time"

// cpuTime is not available here; the figures are elapsed time.
func cpuTime() (time.Duration, bool) { return 0, false }
