package lsp

import (
	"sort"
	"strings"
)

// The protocol ends a line at "\n", "\r\n" or a lone "\r"; lint (and so
// every diagnostic span) ends lines at "\n" only. The document keeps lint's
// lines, and the two functions here convert between a byte on one of them
// and a protocol position when the document holds a lone "\r": the part of
// a line after a lone "\r" is the next line for the protocol. A document
// without one (nearly every file) takes the direct path of
// document.position and document.offset.

// loneCRs counts the lone "\r" of a line (split at "\n"): every "\r" but
// one that ends a line that is not the last (the "\r" of "\r\n").
func loneCRs(line string, last bool) int {
	n := strings.Count(line, "\r")
	if n > 0 && !last && strings.HasSuffix(line, "\r") {
		n--
	}
	return n
}

// loneCRsIn counts the lone "\r" of lines, of which the last is the
// document's last line when last is set.
func loneCRsIn(lines []string, last bool) int {
	n := 0
	for i, l := range lines {
		n += loneCRs(l, last && i == len(lines)-1)
	}
	return n
}

// segments returns where the protocol lines of document line i start in
// it: 0, and the byte after each lone "\r". The last line's are kept
// (document.segLine, segStarts) until the next edit: publishing the
// diagnostics or the tokens of a line of millions of lone "\r" converts a
// position on it for each, which made them quadratic in its length.
func (d *document) segments(i int) []int {
	if d.segStarts != nil && d.segLine == i {
		return d.segStarts
	}
	d.segLine, d.segStarts = i, d.findSegments(i)
	return d.segStarts
}

// findSegments is segments without the cache.
func (d *document) findSegments(i int) []int {
	l := d.lines[i]
	starts := []int{0}
	end := len(l)
	if i < len(d.lines)-1 && strings.HasSuffix(l, "\r") {
		end-- // the "\r" of "\r\n"
	}
	for j := 0; j < end; j++ {
		if l[j] == '\r' {
			starts = append(starts, j+1)
		}
	}
	return starts
}

// segmentEnd returns where the protocol line that starts at byte start of
// document line i ends, before its line break.
func (d *document) segmentEnd(i, start int) int {
	l := d.lines[i]
	if k := strings.IndexByte(l[start:], '\r'); k >= 0 {
		return start + k
	}
	return len(l)
}

// lonesBefore returns the number of lone "\r" on the lines before line i.
func (d *document) lonesBefore(i int) int {
	if d.loneBefore == nil {
		d.loneBefore = make([]int, len(d.lines)+1)
		for j, l := range d.lines {
			d.loneBefore[j+1] = d.loneBefore[j] + loneCRs(l, j == len(d.lines)-1)
		}
	}
	return d.loneBefore[i]
}

// positionLone is document.position in a document with a lone "\r".
func (d *document) positionLone(line, b int) Position {
	segs := d.segments(line)
	k := sort.SearchInts(segs, b+1) - 1 // the last segment that starts at or before b
	start := segs[k]
	end := d.segmentEnd(line, start)
	b = min(b, end)
	return Position{Line: line + d.lonesBefore(line) + k, Character: utf16Col(d.lines[line][start:end], b-start)}
}

// offsetLone is document.offset in a document with a lone "\r".
func (d *document) offsetLone(p Position) (line, b int) {
	last := len(d.lines) - 1
	if p.Line < 0 {
		return 0, 0
	}
	// The document line of protocol line p.Line: the last line i whose
	// first protocol line, i + lonesBefore(i), is at or before it.
	i := sort.Search(len(d.lines), func(i int) bool { return i+d.lonesBefore(i) > p.Line }) - 1
	segs := d.segments(i)
	k := p.Line - (i + d.lonesBefore(i))
	if k >= len(segs) { // past the end of the document
		return last, len(d.lines[last])
	}
	start := segs[k]
	end := d.segmentEnd(i, start)
	return i, start + byteCol(d.lines[i][start:end], p.Character)
}
