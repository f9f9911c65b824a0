//go:build !js

package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/atomicfile"
)

// fmtCommand is "cutec fmt [-l] [-w] [-d] [PATH...]".
var fmtCommand = &command{
	name:  "fmt",
	args:  "[-l] [-w] [-d] [PATH...]",
	short: "rewrite layouts in canonical spelling",
	long: `Fmt rewrites the layouts of files in the canonical spelling of the CuTe
dialect, as gofmt does for Go: with no flag it prints the formatted files,
and with no path it formats standard input (as a .cute file) to standard
output.

In .cute files every value (layout, tuple, swizzle, composed layout, tile)
is rewritten and every other byte is kept: comments, blank lines, spacing
around "=" and in calls, line ends. In .mlir files only the payloads of the
dialect's wrappers are rewritten: !cute.layout<"(4, 8) : (1, 4)"> becomes
!cute.layout<"(4,8):(1,4)"> and the wrappers and all other text stay byte
for byte. Other files named on the command line are read as .cute files;
directories are walked as "cutec lint" walks them.

-w writes each changed file in place atomically (a temporary file in the
same directory, with the same permissions and owner, synced, then renamed
over the original), and never touches a file that has a syntax error, a
line longer than 1 MiB (E0109) or could not be read. As gofmt, it refuses a
file it cannot open for writing; it refuses a file with several hard links
(the rename would split them) and one that another process changed while
fmt was reading and rewriting it, leaving that process's text. Files over
256 MiB are refused without being read. -l lists the files whose formatting
differs; -d prints a unified diff.

Syntax errors are reported on standard error with carets. Exit status, as
gofmt's: 0 on success, whether or not a file changed; 2 when a file has a
syntax error or could not be read or written, or on a usage error.`,
	setup: func(fs *flag.FlagSet) runFunc {
		o := &formatter{}
		fs.BoolVar(&o.list, "l", false, "list files whose formatting differs from cutec's")
		fs.BoolVar(&o.write, "w", false, "write the result to the file instead of standard output")
		fs.BoolVar(&o.diff, "d", false, "print a unified diff of each file whose formatting differs")
		return o.run
	},
}

// formatter holds the flags and state of one fmt run.
type formatter struct {
	list, write, diff bool

	e      *env
	failed bool // a syntax, read or write error
}

// run formats the paths, or standard input.
func (o *formatter) run(e *env, args []string) int {
	o.e = e
	srcs := collectSources(args, o.ioError, func(msg string) { e.errorf("fmt: %s", msg) })
	for _, src := range srcs {
		if src.path == "" && o.write {
			return usageError(e, "fmt", "cannot use -w with standard input")
		}
	}
	for _, src := range srcs {
		o.file(src)
	}
	if o.failed {
		return exitUsage
	}
	return exitOK
}

// file formats one source and does what the flags ask with the result.
func (o *formatter) file(src source) {
	in, err := o.read(src)
	var skip *skipError
	if errors.As(err, &skip) {
		o.e.errorf("fmt: %s", skip.msg)
		return
	}
	if err != nil {
		o.ioError(err)
		return
	}
	out, diags, err := format(src.name, in, src.isMLIR)
	if err != nil {
		o.ioError(fmt.Errorf("%s: %v", src.name, err))
		return
	}
	if diags.HasErrors() {
		o.failed = true
		diag.RenderAll(o.e.stderr, diag.Text{}, diags)
		return
	}
	if err := o.emit(src, in, out); err != nil {
		o.ioError(err)
	}
}

// format returns the formatted text of a source, or the diagnostics that
// stop it: lines longer than maxLineLen (E0109, as the streaming commands
// report them: fmt reads a file whole, and a line of many megabytes could
// take gigabytes to parse) or syntax errors. An error is a failure of the
// printer, which should not happen.
func format(name string, in []byte, isMLIR bool) ([]byte, diag.List, error) {
	return formatChunks(name, in, isMLIR, fmtChunk)
}

// formatChunks is format in chunks of about size bytes (the tests give it
// small chunks, to cut a small file into several).
func formatChunks(name string, in []byte, isMLIR bool, size int) ([]byte, diag.List, error) {
	if l := longLines(name, in); len(l) > 0 {
		return nil, l, nil
	}
	// A statement of a .cute file and a payload of an MLIR file are each on
	// one line, so the text is formatted in chunks of whole lines: the
	// memory of the parse is that of one chunk, not of the file.
	out := make([]byte, 0, len(in))
	for off, line := 0, 1; off < len(in); {
		end := chunkEnd(in, off, size)
		chunk := in[off:end]
		formatted, diags, err := formatSource(name, chunk, isMLIR)
		if err != nil {
			return nil, nil, err
		}
		if diags.HasErrors() {
			// Again in a window of the file, for the positions of the file.
			_, diags, _ = formatFile(diag.NewWindow(name, chunk, off, line, 1), isMLIR)
			return nil, diags, nil
		}
		out = append(out, formatted...)
		line += bytes.Count(chunk, []byte("\n"))
		off = end
	}
	return out, nil, nil
}

// fmtChunk is the size of the chunks of whole lines fmt formats at a time.
const fmtChunk = 1 << 20

// chunkEnd returns the end of the chunk of whole lines that starts at off:
// about size bytes, ending after a newline, and never leaving the next
// chunk to start with a byte-order mark (which only the first line may
// hold).
func chunkEnd(in []byte, off, size int) int {
	end := off + size
	for end < len(in) {
		nl := bytes.IndexByte(in[end:], '\n')
		if nl < 0 {
			return len(in)
		}
		end += nl + 1
		if !bytes.HasPrefix(in[end:], []byte("\xef\xbb\xbf")) {
			return end
		}
	}
	return len(in)
}

// maxFmtBytes is the largest file fmt formats. Its size is checked before it
// is read (and the read stops past it, for a file that grows or is not a
// regular file): a larger file is refused without being read.
const maxFmtBytes = 256 << 20

// read returns the whole text of a source, refusing one over maxFmtBytes.
func (o *formatter) read(src source) ([]byte, error) {
	if src.path == "" {
		return readBounded(o.e.stdin, "<stdin>", maxFmtBytes)
	}
	f, fi, err := atomicfile.Open(src.path) // never blocks; judged after the open
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if !fi.Mode().IsRegular() && src.walked {
		return nil, &skipError{fmt.Sprintf("skipping %s: not a regular file (%s)", src.path, kindOf(fi.Mode()))}
	}
	if fi.Mode().IsRegular() && fi.Size() > maxFmtBytes {
		return nil, fmt.Errorf("%s: %d bytes, more than the %d fmt formats; it was not read", src.name, fi.Size(), maxFmtBytes)
	}
	return readBounded(f, src.name, maxFmtBytes)
}

// readBounded reads r whole, failing past limit bytes.
func readBounded(r io.Reader, name string, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: more than %d bytes, the most fmt formats; it was not formatted", name, limit)
	}
	return data, nil
}

// emit lists, writes, diffs or prints the formatted text of a source.
func (o *formatter) emit(src source, in, out []byte) error {
	changed := !bytes.Equal(in, out)
	if o.list && changed {
		fmt.Fprintln(o.e.stdout, diag.Escape(src.name))
	}
	if o.write && changed {
		if err := atomicfile.Replace(src.path, in, out); err != nil {
			return err
		}
	}
	if o.diff && changed {
		name := diag.Escape(src.name)
		o.e.stdout.Write(diff.Diff(name+".orig", in, name, out))
	}
	if !o.list && !o.write && !o.diff {
		_, err := o.e.stdout.Write(out)
		return err
	}
	return nil
}

// ioError reports an I/O error on standard error; fmt will exit 2.
func (o *formatter) ioError(err error) {
	o.failed = true
	o.e.errorf("fmt: %v", err)
}
