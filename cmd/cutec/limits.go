package main

import "github.com/cutec/cutec/internal/driver"

// maxLineLen is the longest line cutec reads, as every front end
// (driver.MaxLineLen): a longer line gets a diag.LineTooLong (E0109)
// diagnostic (or, in eval, an error line) instead of being parsed, and is
// skipped without being held in memory.
const maxLineLen = driver.MaxLineLen

// chunkSize is the initial size of a streaming read buffer: the size of the
// batches of whole lines handed to the verifier.
const chunkSize = 64 << 10

// snippetLen is how much of an over-long line a diagnostic quotes.
const snippetLen = driver.SnippetLen

// maxJobs clamps -j (and the helpers of one file's pipeline): more
// goroutines than that cannot run at once on any machine cutec targets, and
// the buffers sized by it stay small. The work clamps it further: lint
// starts at most one worker a file, and a file's pipeline starts a helper
// only for a piece that finds none idle.
const maxJobs = 1 << 10
