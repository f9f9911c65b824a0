//go:build unix

package atomicfile

import (
	"fmt"
	"os"
	"syscall"
)

// linkCount returns the number of hard links of a file.
func linkCount(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// keepOwner gives f the owner and group of the file described by orig,
// when they differ from f's, and fails when it cannot.
func keepOwner(f *os.File, orig os.FileInfo) error {
	want, ok := orig.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	have, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || (have.Uid == want.Uid && have.Gid == want.Gid) {
		return nil
	}
	if err := f.Chown(int(want.Uid), int(want.Gid)); err != nil {
		return fmt.Errorf("cannot keep the owner %d:%d of the file; refusing to replace it: %w", want.Uid, want.Gid, err)
	}
	return nil
}
