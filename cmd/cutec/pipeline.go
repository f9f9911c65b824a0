package main

import (
	"bytes"
	"sync"
	"sync/atomic"

	"github.com/cutec/cutec/verify"
)

// pipeline processes the chunks of one stream with the help of other
// goroutines and hands the results on in the order of the chunks.
//
// The goroutine that reads the stream does the work itself unless a helper
// is idle at that moment: a chunk goes to a helper only through an
// unbuffered hand-off that succeeds when a helper is already waiting for
// work. So no chunk ever waits for a goroutine that the machine has not
// scheduled (on a loaded machine the reader simply does everything, as with
// one worker), and more workers are never slower than one but for a copy of
// the chunks handed off. A chunk handed off is copied out of the reader's
// buffer into a buffer of its own (from a pool). Chunks are cut into pieces
// of about 4 KiB of whole lines, the unit a helper takes, so that the
// reader, which must sink the results in order, never waits long for a
// helper the machine has descheduled; at most 32 pieces per worker are in
// flight, so memory stays bounded.
//
// work runs on any of the goroutines and must not keep the chunk's text;
// sink runs in chunk order, one call at a time (on the goroutine that
// completed the chunk that made the results contiguous), with idle set
// when no other chunk is in flight (a good moment to flush output). A
// helper that finishes while the reader waits for input sinks, and so
// flushes, itself.
//
// Work so cheap that a copy and a hand-off cost more than the work itself
// (lines eval answers on its fast path, MLIR payloads the verifier's cache
// answers) is worked by the reader, whole: when cheap is set, feed works a
// chunk on the reader while the last chunk or piece worked, on any
// goroutine, was cheap by cheap's verdict on its result (see cheapWork), and
// sends it (send) otherwise. The first chunk is assumed cheap.
type pipeline[R any] struct {
	work     func(chunk) R
	cheap    func(R) bool // nil: feed always sends
	wasCheap atomic.Bool  // cheap's verdict on the last result worked
	sink     func(r R, idle bool)
	handoff  chan pipelineJob // unbuffered: a send succeeds only when a helper waits
	slots    chan struct{}    // one per chunk sent and not yet sunk
	helpers  sync.WaitGroup
	workers  int
	started  int  // helpers started so far: one per piece that found none idle, up to workers-1
	seq      int  // the sequence number of the next piece sent
	mlir     bool // chunks of MLIR: pieces keep their before and ops whole (see mlirPieceEnd)

	mu    sync.Mutex
	ready map[int]R // completed results waiting for an earlier chunk
	next  int       // the sequence number of the next result to sink
}

// pipelineJob is one chunk handed to a helper.
type pipelineJob struct {
	seq int
	ch  chunk
	buf *[]byte // the chunk's copy of its text, back to the pool after work
}

var chunkBufs = sync.Pool{New: func() any { return new([]byte) }}

// newPipeline starts a pipeline with the reader and up to workers-1
// helpers. A helper is started only when a piece finds none idle, so the
// helpers are clamped to the work: never more than the pieces sent (a
// small file starts at most one), whatever -j
// says, and workers is clamped to maxJobs.
func newPipeline[R any](workers int, work func(chunk) R, sink func(R, bool)) *pipeline[R] {
	workers = min(max(workers, 1), maxJobs)
	p := &pipeline[R]{
		work: work, sink: sink,
		handoff: make(chan pipelineJob),
		slots:   make(chan struct{}, piecesPerWorker*workers),
		ready:   map[int]R{},
		workers: workers,
	}
	p.wasCheap.Store(true)
	return p
}

// pieceSize is about the size of the pieces a chunk is cut into: a piece
// is the unit a helper takes, so the reader waits at most for one piece
// (about 100 expressions) when a helper's thread is descheduled.
const pieceSize = 4 << 10

// piecesPerWorker bounds the pieces in flight, and so the memory of the
// copies and of the results waiting to be sunk in order.
const piecesPerWorker = 32

// send processes a chunk, in pieces of whole lines: each goes to an idle
// helper or is worked on the calling goroutine. It blocks while
// piecesPerWorker pieces per worker are in flight.
func (p *pipeline[R]) send(ch chunk) {
	if ch.long != nil || len(ch.text) <= pieceSize || p.workers == 1 {
		p.sendPiece(ch)
		return
	}
	text, done := ch.text, 0
	for done < len(text) {
		rest := text[done:]
		n := len(rest)
		if n > pieceSize {
			if i := bytes.IndexByte(rest[pieceSize:], '\n'); i >= 0 {
				n = pieceSize + i + 1
			}
			if p.mlir {
				n = mlirPieceEnd(rest, n)
			}
		}
		piece := chunk{text: rest[:n], off: ch.off, line: ch.line, aliases: ch.aliases.From(done)}
		if p.mlir {
			piece.before = pieceBefore(ch.before, text[:done])
		}
		p.sendPiece(piece)
		ch.line += bytes.Count(rest[:n], []byte{'\n'})
		ch.off += int64(n)
		done += n
	}
}

// mlirPieceEnd moves the end n of a piece of MLIR text (just after a "\n")
// past the lines that continue the op above it (verify.ContinuesOp).
func mlirPieceEnd(text []byte, n int) int {
	for n < len(text) {
		i := bytes.IndexByte(text[n:], '\n')
		if i < 0 {
			i = len(text) - n - 1
		}
		if !verify.ContinuesOp(text[n : n+i]) {
			return n
		}
		n += i + 1
	}
	return n
}

// pieceBefore returns the last verify.MLIRLookback bytes of the text before
// a piece: the chunk's before, then the chunk's text up to the piece (done).
func pieceBefore(before, done []byte) []byte {
	if len(done) >= verify.MLIRLookback {
		return done[len(done)-verify.MLIRLookback:]
	}
	if len(before)+len(done) > verify.MLIRLookback {
		before = before[len(before)+len(done)-verify.MLIRLookback:]
	}
	if len(done) == 0 {
		return before
	}
	if len(before) > 0 && cap(before)-len(before) >= len(done) && &before[:len(before)+1][len(before)] == &done[0] {
		return before[:len(before)+len(done)] // the chunk's before and text are one stretch of the reader's buffer
	}
	return append(append(make([]byte, 0, len(before)+len(done)), before...), done...)
}

// sendPiece hands a piece to an idle helper or works it.
func (p *pipeline[R]) sendPiece(ch chunk) {
	p.slots <- struct{}{}
	seq := p.seq
	p.seq++
	buf := chunkBufs.Get().(*[]byte)
	*buf = append(append((*buf)[:0], ch.before...), ch.text...)
	job := pipelineJob{seq: seq, ch: ch, buf: buf}
	job.ch.before, job.ch.text = (*buf)[:len(ch.before)], (*buf)[len(ch.before):]
	select {
	case p.handoff <- job:
		return
	default:
	}
	if p.started < p.workers-1 {
		p.started++
		p.helpers.Add(1)
		go p.runHelper(job)
		return
	}
	chunkBufs.Put(buf)
	p.complete(seq, p.worked(ch))
}

// sendLocal works a chunk whole on the calling goroutine, in order with
// the pieces sent before it: for work so cheap that a copy and a hand-off
// would cost more than the work.
func (p *pipeline[R]) sendLocal(ch chunk) {
	p.slots <- struct{}{}
	seq := p.seq
	p.seq++
	p.complete(seq, p.worked(ch))
}

// feed works a chunk on the calling goroutine (sendLocal) while the last
// result worked was cheap, and sends it (send) otherwise. It reports
// whether the chunk was sent.
func (p *pipeline[R]) feed(ch chunk) (sent bool) {
	if p.cheap != nil && p.wasCheap.Load() {
		p.sendLocal(ch)
		return false
	}
	p.send(ch)
	return true
}

// worked works a chunk and records cheap's verdict on its result.
func (p *pipeline[R]) worked(ch chunk) R {
	r := p.work(ch)
	if p.cheap != nil {
		p.wasCheap.Store(p.cheap(r))
	}
	return r
}

// cheapWork is the rule by which the users of a pipeline call a chunk
// cheap: at most one unit in cheapShare (lines of eval, payloads and op
// signatures of MLIR) took the costly path (eval's full path, a miss of the
// verifier's caches); the others cost about what reading them costs.
func cheapWork(costly, units int) bool { return costly*cheapShare <= units }

// cheapShare: a chunk is cheap when at most one unit in cheapShare took
// the costly path.
const cheapShare = 32

// runHelper works first, then the pieces handed off to it.
func (p *pipeline[R]) runHelper(first pipelineJob) {
	defer p.helpers.Done()
	r := p.worked(first.ch)
	chunkBufs.Put(first.buf)
	p.complete(first.seq, r)
	for j := range p.handoff {
		r := p.worked(j.ch)
		chunkBufs.Put(j.buf)
		p.complete(j.seq, r)
	}
}

// complete records the result of chunk seq and sinks every result that is
// now next in order.
func (p *pipeline[R]) complete(seq int, r R) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ready[seq] = r
	for {
		r, ok := p.ready[p.next]
		if !ok {
			return
		}
		delete(p.ready, p.next)
		p.next++
		<-p.slots
		p.sink(r, len(p.slots) == 0)
	}
}

// close waits until every chunk sent is worked and sunk.
func (p *pipeline[R]) close() {
	close(p.handoff)
	p.helpers.Wait()
}
