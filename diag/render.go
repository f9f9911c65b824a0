package diag

import (
	"fmt"
	"io"
	"slices"
)

// Renderer writes diagnostics in one output format. It is used as a stream so
// that a command can print diagnostics file by file as they are found:
//
//	r.Begin(w)        once, before the first batch
//	r.Render(w, l)    once per batch, in the order the batches should appear
//	r.End(w)          once, after the last batch
//
// Line-oriented formats (text, JSON lines, GitHub annotations) write nothing
// in Begin and End; SARIF opens its one document in Begin and closes it in
// End, so every batch lands in the same run.
//
// Renderers print a List in the order given; call List.Dedup first for sorted,
// de-duplicated output. Each Render call issues a single Write. A Renderer is
// not safe for concurrent use: a command that checks files in parallel
// serializes its calls.
type Renderer interface {
	Begin(w io.Writer) error
	Render(w io.Writer, l List) error
	End(w io.Writer) error
}

// Compile-time checks that every renderer satisfies Renderer.
var (
	_ Renderer = Text{}
	_ Renderer = JSON{}
	_ Renderer = (*SARIF)(nil)
	_ Renderer = GitHub{}
)

// formats lists the format names NewRenderer accepts, in the order the
// command's usage shows them.
var formats = []string{"text", "json", "sarif", "github"}

// Formats returns the format names NewRenderer accepts, in the order the
// command's usage shows them, as a fresh copy.
func Formats() []string { return slices.Clone(formats) }

// NewRenderer returns a fresh renderer with default options for a format
// name of Formats. Build a Text value directly to turn on color.
func NewRenderer(format string) (Renderer, error) {
	switch format {
	case "text":
		return Text{}, nil
	case "json":
		return JSON{}, nil
	case "sarif":
		return &SARIF{}, nil
	case "github":
		return GitHub{}, nil
	}
	return nil, fmt.Errorf("unknown diagnostics format %q (want text, json, sarif or github)", format)
}

// RenderAll writes a whole list as one complete output: Begin, one Render and
// End.
func RenderAll(w io.Writer, r Renderer, l List) error {
	if err := r.Begin(w); err != nil {
		return err
	}
	if err := r.Render(w, l); err != nil {
		return err
	}
	return r.End(w)
}
