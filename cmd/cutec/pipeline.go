package main

import "sync"

// pipeline processes the chunks of one stream on several goroutines and
// hands the results on in the order of the chunks. Chunks are copied out of
// the reader's buffer into buffers of their own (from a pool), and at most 2
// chunks per worker are in flight, so memory stays bounded.
//
// work runs on the workers and must not keep the chunk's text; sink runs on
// one goroutine, in chunk order, with idle set when no other chunk is in
// flight (a good moment to flush output).
type pipeline[R any] struct {
	work    func(chunk) R
	sink    func(r R, idle bool)
	jobs    chan pipelineJob[R]
	results chan pipelineJob[R]
	slots   chan struct{} // one per chunk sent and not yet sunk
	seq     int
	workers sync.WaitGroup
	done    chan struct{}
}

// pipelineJob is one chunk on its way through a pipeline.
type pipelineJob[R any] struct {
	seq    int
	ch     chunk
	buf    *[]byte // the chunk's copy of its text, back to the pool after work
	result R
}

var chunkBufs = sync.Pool{New: func() any { return new([]byte) }}

// newPipeline starts a pipeline with the given number of workers.
func newPipeline[R any](workers int, work func(chunk) R, sink func(R, bool)) *pipeline[R] {
	p := &pipeline[R]{
		work: work, sink: sink,
		jobs:    make(chan pipelineJob[R]),
		results: make(chan pipelineJob[R], workers),
		slots:   make(chan struct{}, 2*workers),
		done:    make(chan struct{}),
	}
	for range workers {
		p.workers.Add(1)
		go p.runWorker()
	}
	go p.runSink()
	return p
}

// send copies a chunk out of the reader's buffer and queues it. It blocks
// while 2 chunks per worker are in flight.
func (p *pipeline[R]) send(ch chunk) {
	p.slots <- struct{}{}
	buf := chunkBufs.Get().(*[]byte)
	*buf = append((*buf)[:0], ch.text...)
	ch.text = *buf
	p.jobs <- pipelineJob[R]{seq: p.seq, ch: ch, buf: buf}
	p.seq++
}

func (p *pipeline[R]) runWorker() {
	defer p.workers.Done()
	for j := range p.jobs {
		j.result = p.work(j.ch)
		chunkBufs.Put(j.buf)
		j.buf, j.ch = nil, chunk{}
		p.results <- j
	}
}

// runSink hands results to sink in the order of their chunks.
func (p *pipeline[R]) runSink() {
	defer close(p.done)
	pending := map[int]R{}
	next := 0
	for j := range p.results {
		pending[j.seq] = j.result
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			<-p.slots
			next++
			p.sink(r, len(p.slots) == 0)
		}
	}
}

// close waits until every chunk sent is worked and sunk.
func (p *pipeline[R]) close() {
	close(p.jobs)
	p.workers.Wait()
	close(p.results)
	<-p.done
}
