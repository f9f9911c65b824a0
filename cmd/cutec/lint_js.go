//go:build js

package main

import (
	"errors"
	"io"
)

// The playground's module (web_js.go) lints the editor's text, on standard
// input, as a .cute file: it opens no file and walks no directory, and
// reads no C++ or Python source, so that neither the file walk
// (lint_files.go) nor the source readers (internal/sources) are linked.

// collectSources returns standard input; a path is an error.
func collectSources(args []string, ioError func(error), _ func(string)) []source {
	if len(args) == 0 {
		return []source{{name: "<stdin>"}}
	}
	for _, p := range args {
		ioError(errors.New(p + ": the playground reads no file"))
	}
	return nil
}

// openSource is never reached: every source is standard input.
func openSource(source) (io.ReadCloser, error) {
	return nil, errors.New("the playground reads no file")
}

func isSourceFile(string) bool { return false }

func (c *checker) checkSource(source, io.Reader, *collector) error { return nil }
