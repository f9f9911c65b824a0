//go:build unix

package atomicfile

import "syscall"

// openNonblock makes an open that would wait (a named pipe without a
// writer) return at once.
const openNonblock = syscall.O_NONBLOCK
