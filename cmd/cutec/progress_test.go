package main

import (
	"bytes"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestProgress(t *testing.T) {
	defer func(d, e time.Duration) { progressDelay, progressEvery = d, e }(progressDelay, progressEvery)
	progressDelay, progressEvery = time.Millisecond, time.Millisecond

	var stderr bytes.Buffer
	var read atomic.Int64
	read.Store(2_500_000)
	p := startProgress(&env{stderr: &stderr, stderrTTY: true}, 3, &read)
	p.fileDone()
	deadline := time.Now().Add(5 * time.Second)
	for {
		p.mu.Lock()
		shown := p.shown
		p.mu.Unlock()
		if shown || time.Now().After(deadline) {
			break
		}
		runtime.Gosched() // the progress goroutine shows the line after progressDelay
	}
	var wrote bool
	p.pause(func() error {
		// Output written while the line shows comes after it is erased.
		wrote = strings.HasSuffix(stderr.String(), "\r\x1b[K")
		return nil
	})
	p.stop()
	out := stderr.String()
	if !strings.Contains(out, "\rcutec lint: 1/3 files, 2.5 MB\x1b[K") {
		t.Errorf("no progress line in %q", out)
	}
	if !wrote {
		t.Errorf("pause did not erase the line first: %q", out)
	}
	if !strings.HasSuffix(out, "\r\x1b[K") {
		t.Errorf("the line is not erased at the end: %q", out)
	}
}

func TestProgressNotATerminal(t *testing.T) {
	var stderr bytes.Buffer
	var read atomic.Int64
	p := startProgress(&env{stderr: &stderr}, 1, &read)
	p.pause(func() error { return nil })
	p.stop()
	if stderr.Len() != 0 {
		t.Errorf("progress written to a non-terminal: %q", stderr.String())
	}
}
