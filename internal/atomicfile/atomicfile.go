// Package atomicfile replaces files so that a reader, or a crash, never sees
// a half-written one: the one way cutec writes a file a user owns.
package atomicfile

import (
	"os"
	"path/filepath"
)

// BeforeRename, when set, is called with the written and synced temporary
// file just before it replaces the original; an error stops the write. The
// script tests set it to inject a failing write.
var BeforeRename func(tmp string) error

// Write replaces the file at path with data so that the path
// always holds either the old or the new text, whole: data goes to a
// temporary file in the same directory with the original's permissions,
// which is synced and then renamed over the original. On any error the
// temporary file is removed and the original is untouched. A symbolic link
// is followed, so the file it points to is replaced, not the link.
func Write(path string, data []byte) (err error) {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := createTemp(path)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = writeSynced(tmp, data, path, fi); err != nil {
		return err
	}
	if BeforeRename != nil {
		if err = BeforeRename(tmp.Name()); err != nil {
			return err
		}
	}
	return os.Rename(tmp.Name(), path)
}

// writeSynced writes data to f, gives it the owner, every mode bit
// (setuid, setgid and sticky included: chown clears them, so the mode comes
// after it) and every extended attribute of the original, whose name is
// origPath and whose FileInfo is orig, flushes it to disk and closes it.
func writeSynced(f *os.File, data []byte, origPath string, orig os.FileInfo) error {
	if _, err := f.Write(data); err != nil {
		return err
	}
	if err := keepOwner(f, orig); err != nil {
		return err
	}
	if err := f.Chmod(orig.Mode() & (os.ModePerm | os.ModeSetuid | os.ModeSetgid | os.ModeSticky)); err != nil {
		return err
	}
	if err := keepAttrs(f, origPath); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	return f.Close()
}
