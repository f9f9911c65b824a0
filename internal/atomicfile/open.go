package atomicfile

import (
	"fmt"
	"io/fs"
	"os"
)

// Open opens a user's file for reading, the one way cutec opens one: the
// open never blocks (O_NONBLOCK, so a named pipe with no writer, or a file
// that became one between a directory walk and the open, does not hang the
// open), and the file is judged by what was opened, with fstat on the
// descriptor after the open, never by an earlier stat or directory entry
// that a rename can make stale. The caller decides what to do with a file
// that is not regular (fi says what it is; Kind names it).
func Open(path string) (*os.File, fs.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// OpenRegular is Open for a file that must be regular: any other kind is
// an error naming it, and nothing is read from it.
func OpenRegular(path string) (*os.File, fs.FileInfo, error) {
	f, fi, err := Open(path)
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, &NotRegularError{Path: path, Mode: fi.Mode()}
	}
	return f, fi, nil
}

// NotRegularError is the error of OpenRegular for a file that is not a
// regular file.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is not a regular file (%s)", e.Path, Kind(e.Mode))
}

// Kind names the kind of file of a mode: "a regular file", "a named pipe",
// "a directory", ...
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}
