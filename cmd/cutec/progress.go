package main

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// progressDelay is how long a run goes before the progress line appears, and
// progressEvery how often it is redrawn. Tests shorten them.
var (
	progressDelay = time.Second
	progressEvery = 200 * time.Millisecond
)

// progress draws "cutec lint: 3/40 files, 120.5 MB" on standard error while
// a long run goes on, when standard error is a terminal. The line is redrawn
// in place and erased at the end; output written while it shows goes through
// pause, which erases it first.
type progress struct {
	e     *env
	total int
	bytes *atomic.Int64
	done  atomic.Int64

	mu    sync.Mutex
	shown bool
	quit  chan struct{}
	wg    sync.WaitGroup
}

// startProgress starts the progress line for total files; it does nothing
// unless standard error is a terminal.
func startProgress(e *env, total int, bytes *atomic.Int64) *progress {
	p := &progress{e: e, total: total, bytes: bytes, quit: make(chan struct{})}
	if !e.stderrTTY {
		return p
	}
	p.wg.Add(1)
	go p.loop()
	return p
}

func (p *progress) loop() {
	defer p.wg.Done()
	delay := time.NewTimer(progressDelay)
	defer delay.Stop()
	select {
	case <-p.quit:
		return
	case <-delay.C:
	}
	tick := time.NewTicker(progressEvery)
	defer tick.Stop()
	for {
		p.draw()
		select {
		case <-p.quit:
			return
		case <-tick.C:
		}
	}
}

// draw writes the progress line over the previous one.
func (p *progress) draw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	mb := float64(p.bytes.Load()) / 1e6
	fmt.Fprintf(p.e.stderr, "\rcutec lint: %d/%d files, %.1f MB\x1b[K", p.done.Load(), p.total, mb)
	p.shown = true
}

// erase removes the progress line; the caller holds p.mu.
func (p *progress) erase() {
	if p.shown {
		fmt.Fprint(p.e.stderr, "\r\x1b[K")
		p.shown = false
	}
}

// fileDone counts a file as done.
func (p *progress) fileDone() { p.done.Add(1) }

// pause runs fn, which writes output, with the progress line erased.
func (p *progress) pause(fn func() error) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.erase()
	return fn()
}

// stop ends the progress line and erases it.
func (p *progress) stop() {
	close(p.quit)
	p.wg.Wait()
	p.mu.Lock()
	p.erase()
	p.mu.Unlock()
}
