//go:build !unix

package atomicfile

// openNonblock is 0 where opens do not wait on named pipes.
const openNonblock = 0
