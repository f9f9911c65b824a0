package diag

import (
	"sort"
	"sync"
)

// File is a named source text with its line table. It is the one place where
// byte offsets become lines and columns.
//
// A File may be a window onto a larger file: Base is the byte offset of Src[0]
// in the whole file and BaseLine is the 1-based line on which Src[0] sits. A
// streaming reader makes one small window per line or chunk, so memory does not
// grow with the size of the file, and every position still names the line and
// column of the original file.
type File struct {
	Name     string // file name as shown to users ("<arg1>", "-", a path)
	Src      []byte // the text of this window
	Base     int    // offset of Src[0] in the whole file
	BaseLine int    // line of Src[0] in the whole file, 1-based
	BaseCol  int    // column of Src[0] on its line, 1-based

	once  sync.Once
	lines []int // offsets in Src at which each line of the window starts, built on first use
}

// NewFile returns a File for a whole text.
func NewFile(name string, src []byte) *File {
	return NewWindow(name, src, 0, 1, 1)
}

// NewWindow returns a File for a window of a larger text starting at byte
// offset base, which sits on line baseLine at column baseCol (both 1-based).
func NewWindow(name string, src []byte, base, baseLine, baseCol int) *File {
	return &File{Name: name, Src: src, Base: base, BaseLine: baseLine, BaseCol: baseCol}
}

// lineStarts returns the line table, building it the first time: most
// windows of a streamed file are never asked for a position.
func (f *File) lineStarts() []int {
	f.once.Do(func() {
		f.lines = append(f.lines, 0)
		for i, c := range f.Src {
			if c == '\n' {
				f.lines = append(f.lines, i+1)
			}
		}
	})
	return f.lines
}

// Position is a resolved location: a byte offset in the whole file, and a
// 1-based line and 1-based column counted in bytes.
type Position struct {
	Offset int
	Line   int
	Col    int
}

// Position resolves a byte offset in f.Src (0 <= off <= len(f.Src)) to a
// position in the whole file. Offsets outside the window are clamped.
func (f *File) Position(off int) Position {
	if off < 0 {
		off = 0
	}
	if off > len(f.Src) {
		off = len(f.Src)
	}
	lines := f.lineStarts()
	i := sort.Search(len(lines), func(i int) bool { return lines[i] > off }) - 1
	col := off - lines[i] + 1
	if i == 0 {
		col += f.BaseCol - 1
	}
	return Position{Offset: f.Base + off, Line: f.BaseLine + i, Col: col}
}

// LineText returns the text of the line of the window that contains offset
// off, without its line terminator ("\n" or "\r\n"), and the offset in Src at
// which that line starts.
func (f *File) LineText(off int) (text []byte, start int) {
	if off < 0 {
		off = 0
	}
	if off > len(f.Src) {
		off = len(f.Src)
	}
	lines := f.lineStarts()
	i := sort.Search(len(lines), func(i int) bool { return lines[i] > off }) - 1
	start = lines[i]
	end := len(f.Src)
	if i+1 < len(lines) {
		end = lines[i+1] - 1
	}
	if end > start && f.Src[end-1] == '\r' {
		end--
	}
	return f.Src[start:end], start
}
