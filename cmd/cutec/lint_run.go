package main

import "errors"

// lintAll checks the sources with l.jobs workers and renders their results
// in the order of srcs as soon as each one and all before it are done.
// It returns an error only when writing the output fails.
func (l *linter) lintAll(srcs []source) error {
	c := newChecker(l.e.stdin, l.jobs, l.cute, l.mlir)
	prog := startProgress(l.e, len(srcs), &c.bytesRead)
	defer prog.stop()
	p := startPool(c, srcs, l.jobs)
	if err := l.r.Begin(l.w); err != nil {
		return err
	}
	for i, src := range srcs {
		res := p.wait(i)
		prog.fileDone()
		if err := prog.pause(func() error { return l.emit(src, res) }); err != nil {
			return err
		}
	}
	if err := l.r.End(l.w); err != nil {
		return err
	}
	if err := l.w.Flush(); err != nil {
		return err
	}
	if l.stats {
		o := c.ops
		l.e.errorf("lint: cute ops in MLIR: %d checked (%d with a result type that differs), %d skipped, %d not covered",
			o.Checked, o.Mismatched, o.Skipped, o.Other)
	}
	return nil
}

// pool checks sources with a fixed number of workers, in the order of the
// sources, and hands the results out in that order.
type pool struct {
	results []chan fileResult // one per source, buffered
	ahead   chan struct{}     // a slot per result checked but not yet taken
}

// startPool starts jobs workers on srcs. At most 4 results per worker wait
// to be taken, so a slow first file does not make the others pile up in
// memory.
func startPool(c *checker, srcs []source, jobs int) *pool {
	jobs = max(min(jobs, len(srcs), maxJobs), 1) // clamped to the work
	p := &pool{results: make([]chan fileResult, len(srcs)), ahead: make(chan struct{}, 4*jobs)}
	for i := range p.results {
		p.results[i] = make(chan fileResult, 1)
	}
	next := make(chan int)
	go func() {
		for i := range srcs {
			p.ahead <- struct{}{}
			next <- i
		}
		close(next)
	}()
	for range min(jobs, len(srcs)) {
		go func() {
			for i := range next {
				p.results[i] <- c.check(srcs[i])
			}
		}()
	}
	return p
}

// wait returns the result of source i once it is checked. Results must be
// taken in order.
func (p *pool) wait(i int) fileResult {
	res := <-p.results[i]
	<-p.ahead
	return res
}

// emit renders the result of one source.
func (l *linter) emit(src source, res fileResult) error {
	if len(res.diags) > 0 {
		l.findings = l.findings || isFinding(res.diags, l.strict)
		if err := l.r.Render(l.w, res.diags); err != nil {
			return err
		}
		if err := l.w.Flush(); err != nil {
			return err
		}
	}
	if res.dropped > 0 {
		l.e.errorf("lint: %s: %d more diagnostics left out (at most %d a file)", src.name, res.dropped, maxDiagsPerFile)
	}
	var skip *skipError
	if errors.As(res.err, &skip) {
		l.e.errorf("lint: %s", skip.msg)
	} else if res.err != nil {
		l.ioError(res.err)
	}
	return nil
}
