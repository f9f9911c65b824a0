//go:build linux

package atomicfile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"syscall"
	"unsafe"
)

// procPath names the file open on f, whatever its name now.
func procPath(f *os.File) string { return "/proc/self/fd/" + strconv.Itoa(int(f.Fd())) }

// keepAttrs gives f every extended attribute of the file at origPath
// (user.*, security.*, the POSIX ACLs), and fails, naming it, when one
// cannot be set.
func keepAttrs(f *os.File, origPath string) error {
	names, err := xattr(func(b []byte) (int, error) { return syscall.Listxattr(origPath, b) })
	if errors.Is(err, syscall.ENOTSUP) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading the extended attributes of the file: %w", err)
	}
	dst := procPath(f)
	for _, name := range bytes.Split(bytes.TrimSuffix(names, []byte{0}), []byte{0}) {
		if len(name) == 0 {
			continue
		}
		n := string(name)
		val, err := xattr(func(b []byte) (int, error) { return syscall.Getxattr(origPath, n, b) })
		if err != nil {
			return fmt.Errorf("reading the extended attribute %s of the file: %w", n, err)
		}
		if cur, err := xattr(func(b []byte) (int, error) { return syscall.Getxattr(dst, n, b) }); err == nil && bytes.Equal(cur, val) {
			continue // the new file has it already (a security label given at creation)
		}
		if err := syscall.Setxattr(dst, n, val, 0); err != nil {
			return fmt.Errorf("cannot keep the extended attribute %s of the file; refusing to replace it: %w", n, err)
		}
	}
	return nil
}

// xattr calls get with a buffer large enough for the value it returns.
func xattr(get func([]byte) (int, error)) ([]byte, error) {
	for {
		n, err := get(nil)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, nil
		}
		b := make([]byte, n)
		m, err := get(b)
		if errors.Is(err, syscall.ERANGE) {
			continue // it grew between the two calls
		}
		if err != nil {
			return nil, err
		}
		return b[:m], nil
	}
}

// OpenElsewhere reports a process other than this one that holds the file
// described by fi open, as far as /proc lets this process see: every
// process of the same user, and every process for root. Its writes after a
// rename would go to the old file, which no name reaches any more.
func OpenElsewhere(fi os.FileInfo) (pid int, ok bool) {
	want, isStat := fi.Sys().(*syscall.Stat_t)
	if !isStat {
		return 0, false
	}
	procs, err := os.ReadDir("/proc")
	if err != nil {
		return 0, false
	}
	self := os.Getpid()
	for _, p := range procs {
		id, err := strconv.Atoi(p.Name())
		if err != nil || id == self {
			continue
		}
		dir := "/proc/" + p.Name() + "/fd/"
		fds, err := os.ReadDir(dir)
		if err != nil {
			continue // gone, or another user's
		}
		for _, fd := range fds {
			var st syscall.Stat_t
			if syscall.Stat(dir+fd.Name(), &st) == nil && st.Dev == want.Dev && st.Ino == want.Ino {
				return id, true
			}
		}
	}
	return 0, false
}

// appendOnly reports whether the directory dir is append-only (chattr +a):
// a file can be created there but not renamed over another or removed, so
// a rewrite would fail at its rename and leave its temporary file behind.
func appendOnly(dir string) bool {
	d, err := os.Open(dir)
	if err != nil {
		return false
	}
	defer d.Close()
	const fsIocGetflags, fsAppendFl = 0x80086601, 0x20
	var flags int32
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, d.Fd(), fsIocGetflags, uintptr(unsafe.Pointer(&flags)))
	return errno == 0 && flags&fsAppendFl != 0
}
