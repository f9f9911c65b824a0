package main

import (
	"runtime"
	"time"
)

// timing is the cost of one call of an operation: CPU time (elapsed time
// where CPU time is not available), the best of several runs, and the
// allocations a call makes.
type timing struct {
	NsPerOp     float64 `json:"ns_per_op"`
	AllocsPerOp float64 `json:"allocs_per_op"`
	CPU         bool    `json:"cpu_time"`
}

// measure times f, which makes n calls of an operation in a loop of its
// own (so that the loop costs no call of its own per operation): it finds
// how many calls fill budget/runs, then takes the best of runs such
// batches.
func measure(f func(n int), budget time.Duration, runs int) timing {
	n := 1
	per := budget / time.Duration(runs)
	for {
		start := time.Now()
		f(n)
		if time.Since(start) >= per/4 || n >= 1<<30 {
			break
		}
		n *= 2
	}
	n *= 4
	best := timing{NsPerOp: -1}
	for range runs {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		c0, cpuOK := cpuTime()
		w0 := time.Now()
		f(n)
		elapsed := time.Since(w0)
		c1, _ := cpuTime()
		runtime.ReadMemStats(&m1)
		if cpuOK {
			elapsed = c1 - c0
		}
		t := timing{
			NsPerOp:     float64(elapsed.Nanoseconds()) / float64(n),
			AllocsPerOp: float64(m1.Mallocs-m0.Mallocs) / float64(n),
			CPU:         cpuOK,
		}
		if best.NsPerOp < 0 || t.NsPerOp < best.NsPerOp {
			best = t
		}
	}
	return best
}
