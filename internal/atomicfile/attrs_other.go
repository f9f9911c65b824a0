//go:build !linux

package atomicfile

import "os"

// procPath names the file open on f: its name, where there is no /proc.
func procPath(f *os.File) string { return f.Name() }

// keepAttrs keeps extended attributes on Linux only.
func keepAttrs(*os.File, string) error { return nil }

// OpenElsewhere finds other processes holding a file open on Linux only.
func OpenElsewhere(os.FileInfo) (int, bool) { return 0, false }

// appendOnly tells append-only directories on Linux only.
func appendOnly(string) bool { return false }
