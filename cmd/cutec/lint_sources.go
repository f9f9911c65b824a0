//go:build !js

package main

import (
	"fmt"
	"io"

	"github.com/cutec/cutec/internal/sources"
)

// isSourceFile reports whether lint reads name as a C++ or CuTe DSL
// Python source (sources.Is).
func isSourceFile(name string) bool { return sources.Is(name) }

// checkSource checks the CuTe declarations of a C++ or CuTe DSL Python
// source (package sources), each at its place in the file. A file found by a
// directory walk is read only where it uses CuTe (sources.HasMarker); a file
// with no declaration it can evaluate is clean.
func (c *checker) checkSource(src source, r io.Reader, col *collector) error {
	b, err := io.ReadAll(io.LimitReader(r, maxSourceBytes+1))
	c.bytesRead.Add(int64(len(b)))
	if err != nil {
		return err
	}
	if len(b) > maxSourceBytes {
		return fmt.Errorf("%s: more than %d bytes", src.name, maxSourceBytes)
	}
	if src.walked && !sources.HasMarker(b) {
		return nil
	}
	col.keep(sources.Read(src.name, b, c.cute).Diags)
	return nil
}
