package diag

import (
	"cmp"
	"slices"
	"strings"
)

// List is a list of diagnostics. Stages return a List next to their result;
// an empty List means success.
type List []*Diagnostic

// Add appends d to the list.
func (l *List) Add(d *Diagnostic) { *l = append(*l, d) }

// Append appends all of m to the list.
func (l *List) Append(m List) { *l = append(*l, m...) }

// HasErrors reports whether any diagnostic has severity Error.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// HasCode reports whether any diagnostic has the given code.
func (l List) HasCode(c Code) bool {
	for _, d := range l {
		if d.Code == c {
			return true
		}
	}
	return false
}

// Err returns nil for a list without errors, and the list itself otherwise.
func (l List) Err() error {
	if !l.HasErrors() {
		return nil
	}
	return l
}

// Error joins the first lines of all diagnostics.
func (l List) Error() string {
	var lines []string
	for _, d := range l {
		lines = append(lines, d.Error())
	}
	return strings.Join(lines, "\n")
}

// compare orders diagnostics by file, position, severity, code and message.
func compare(a, b *Diagnostic) int {
	if c := cmp.Compare(a.FileName(), b.FileName()); c != 0 {
		return c
	}
	pa, pb := a.Start(), b.Start()
	if c := cmp.Compare(pa.Offset, pb.Offset); c != 0 {
		return c
	}
	if c := cmp.Compare(a.End().Offset, b.End().Offset); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Severity, b.Severity); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Code, b.Code); c != 0 {
		return c
	}
	return cmp.Compare(a.Message, b.Message)
}

// Sort orders the list by file and position, stably.
func (l List) Sort() { slices.SortStableFunc(l, compare) }

// Dedup sorts the list and removes diagnostics that repeat an earlier one
// (same file, span, code and message).
func (l List) Dedup() List {
	l.Sort()
	return slices.CompactFunc(l, func(a, b *Diagnostic) bool { return compare(a, b) == 0 })
}

// Cap returns at most n diagnostics (all of them when n <= 0) and the number
// left off.
func (l List) Cap(n int) (List, int) {
	if n <= 0 || len(l) <= n {
		return l, 0
	}
	return l[:n], len(l) - n
}

// Retarget returns copies of the diagnostics of l, and of their notes, with
// f as their file; the spans stay, so f must hold the same text at the same
// offsets (nil detaches them from any file, for a cache). The list is always
// new and the diagnostics of l are not modified: callers sort lists in
// place, and caches share theirs.
func (l List) Retarget(f *File) List {
	if len(l) == 0 {
		return nil
	}
	out := make(List, len(l))
	for i, d := range l {
		cp := *d
		cp.File = f
		cp.Notes = append([]Note(nil), d.Notes...)
		for j := range cp.Notes {
			cp.Notes[j].File = f
		}
		out[i] = &cp
	}
	return out
}
