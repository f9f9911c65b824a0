//go:build linux

package main

import (
	"os"
	"syscall"
)

// stdoutClosed reports whether file descriptor 1 was closed when the
// process started ("cutec ... >&-"). The Go runtime then opens /dev/null
// on it (so that a file the program opens never lands on descriptor 1), and
// it opens it for reading and writing, where a shell's "> /dev/null" opens
// it for writing only: descriptor 1 open read-write on /dev/null is the
// runtime's stand-in for a closed one.
func stdoutClosed() bool {
	fl, _, errno := syscall.Syscall(syscall.SYS_FCNTL, 1, syscall.F_GETFL, 0)
	if errno != 0 || fl&syscall.O_ACCMODE != syscall.O_RDWR {
		return false
	}
	var out, null syscall.Stat_t
	if syscall.Fstat(1, &out) != nil || syscall.Stat(os.DevNull, &null) != nil {
		return false
	}
	return out.Mode&syscall.S_IFMT == syscall.S_IFCHR && out.Rdev == null.Rdev
}
