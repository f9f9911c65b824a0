package atomicfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// ErrChanged is wrapped by the error of Replace when the file changed
// between the read that the new text was made from and the rename: the
// other writer's text is left as it left it.
var ErrChanged = errors.New("the file changed while it was being rewritten; it was left as the other writer left it")

// AfterCheck, when set, is called by Replace after it has found the file
// unchanged and just before the rename: the tests append to the file there,
// the worst moment for a concurrent writer.
var AfterCheck func(path string)

// Guard, when set, runs the last check, the rename and the check after it
// (a few system calls) as it likes: the concurrent-writer test runs them
// under a lock its writer also takes for each append (open, write, close),
// which leaves out only the case no rename can detect: a writer that opens
// the file before the rename and writes to it after the check that follows.
var Guard func(func())

// Replace replaces the file at path, which held old when it was read, with
// data, as Write does, and in the way gofmt keeps a file's identity:
//
//   - it refuses a file it could not open for writing (gofmt writes in
//     place, so a read-only file is refused as that open fails: for a user
//     other than root, a file of mode 0444), and a file that is not regular;
//   - it refuses a file that another process holds open (OpenElsewhere:
//     on Linux, any descriptor of another process that this one may see in
//     /proc): such a process may write to it after the rename, and its
//     bytes would go to the old file, which no name reaches any more;
//   - the new file gets the original's owner (as root, or when the owner
//     is the user), every mode bit (setuid, setgid and sticky included) and
//     every extended attribute, or Replace refuses;
//   - a file with more than one hard link is refused: renaming over it would
//     split the links, which gofmt's writing in place keeps;
//   - the file's size, modification time and contents are compared with
//     what was read just before the rename, and its size and modification
//     time again just after, through a descriptor of the old file: when
//     another process wrote to it, Replace refuses with ErrChanged and leaves
//     that process's text, putting the old file's whole text back if the
//     rename had already happened.
//
// The temporary file's name is short (at most tempPrefix bytes of the
// original's name), so a name of NAME_MAX bytes can be replaced, and no
// second name of the old file is made (a backup that an append-only
// directory would never let go). A symbolic link is followed. On any error
// the temporary file is removed.
func Replace(path string, old, data []byte) (err error) {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	orig, fi, err := OpenRegular(path) // never blocks on a named pipe
	if err != nil {
		return err
	}
	defer orig.Close()
	if n := linkCount(fi); n > 1 {
		return fmt.Errorf("%s has %d hard links, which a rewrite would split; refusing to write it", path, n)
	}
	if w, err := os.OpenFile(path, os.O_WRONLY|openNonblock, 0); err != nil {
		return err // as gofmt: a file that cannot be opened for writing is not written
	} else {
		w.Close()
	}
	if err := unchanged(orig, fi, old); err != nil {
		return err
	}
	if pid, ok := OpenElsewhere(fi); ok {
		return fmt.Errorf("%s is open in process %d, whose writes after a rewrite would be lost; refusing to write it (run again when it is closed)", path, pid)
	}
	tmp, err := writeTemp(path, data, path, fi)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	if BeforeRename != nil {
		if err = BeforeRename(tmp); err != nil {
			return err
		}
	}
	guard := Guard
	if guard == nil {
		guard = func(f func()) { f() }
	}
	guard(func() { err = swap(orig, fi, old, tmp, path) })
	return err
}

// writeTemp writes data to a new temporary file beside path, with the
// owner, mode and attributes of the original (named attrsFrom, described by
// fi), synced and closed, and returns its name; on an error nothing is
// left behind.
func writeTemp(path string, data []byte, attrsFrom string, fi os.FileInfo) (string, error) {
	tmp, err := createTemp(path)
	if err != nil {
		return "", err
	}
	if err := writeSynced(tmp, data, attrsFrom, fi); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return "", err
	}
	return tmp.Name(), nil
}

// tempPrefix is the most bytes of a file's name that the name of its
// temporary file repeats: with ".", ".cutec-" and CreateTemp's random
// digits, the name stays well within NAME_MAX (255 bytes).
const tempPrefix = 160

// createTemp creates the temporary file of a rewrite of path, in the same
// directory (so that the rename stays on one file system), and refuses an
// append-only directory, where the rename would fail and the temporary
// file could not be removed.
func createTemp(path string) (*os.File, error) {
	if dir := filepath.Dir(path); appendOnly(dir) {
		return nil, fmt.Errorf("%s: the directory %s is append-only, so no file in it can be replaced; refusing to write it", path, dir)
	}
	base := filepath.Base(path)
	if len(base) > tempPrefix {
		base = base[:tempPrefix]
	}
	return os.CreateTemp(filepath.Dir(path), "."+base+".cutec-*")
}

// swap checks that the file is unchanged, renames tmp over path and checks
// the old file again; when it changed meanwhile, its whole text, the other
// writer's bytes included, is put back at path.
func swap(orig *os.File, fi os.FileInfo, old []byte, tmp, path string) error {
	if err := unchanged(orig, fi, old); err != nil {
		return err
	}
	if AfterCheck != nil {
		AfterCheck(path)
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	if now, serr := orig.Stat(); serr == nil && (now.Size() != fi.Size() || !now.ModTime().Equal(fi.ModTime())) {
		if restore(orig, path, fi) == nil {
			return fmt.Errorf("%s: %w", path, ErrChanged)
		}
		return fmt.Errorf("%s: the file changed during the rename and could not be restored; the other writer's text is lost", path)
	}
	return nil
}

// restore puts the whole text of the old file orig back at path, through a
// temporary file renamed over the new one, with the old file's owner, mode
// and attributes.
func restore(orig *os.File, path string, fi os.FileInfo) (err error) {
	text, err := io.ReadAll(io.NewSectionReader(orig, 0, 1<<62))
	if err != nil {
		return err
	}
	tmp, err := writeTemp(path, text, procPath(orig), fi)
	if err != nil {
		return err
	}
	if err = os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
	}
	return err
}

// unchanged reports ErrChanged unless the open file f still has the size
// and modification time of fi and holds old.
func unchanged(f *os.File, fi os.FileInfo, old []byte) error {
	now, err := f.Stat()
	if err != nil {
		return err
	}
	if now.Size() != fi.Size() || !now.ModTime().Equal(fi.ModTime()) || now.Size() != int64(len(old)) {
		return fmt.Errorf("%s: %w", f.Name(), ErrChanged)
	}
	same, err := holds(f, old)
	if err != nil {
		return err
	}
	if !same {
		return fmt.Errorf("%s: %w", f.Name(), ErrChanged)
	}
	return nil
}

// holds reports whether f, read from its start, is exactly want.
func holds(f *os.File, want []byte) (bool, error) {
	buf := make([]byte, 64<<10)
	var off int64
	for {
		n, err := f.ReadAt(buf, off)
		if n > 0 {
			if off+int64(n) > int64(len(want)) || !bytes.Equal(buf[:n], want[off:off+int64(n)]) {
				return false, nil
			}
			off += int64(n)
		}
		if err == io.EOF {
			return off == int64(len(want)), nil
		}
		if err != nil {
			return false, err
		}
	}
}
