package verify

import (
	"bytes"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/evalfast"
	"github.com/cutec/cutec/layout"
)

// The fast reader of .cute lines: most lines of a file of layouts are a
// static layout written out in full, `(4,8):(1,4)`, the definition of
// one, `A = (4,8):(1,4)`, or an assertion between such layouts
// (cute_fast_assert.go), and almost all of them are clean. Line reads such
// a line straight into layout.Static values (internal/evalfast's reader),
// without the lexer, the grammar, the AST or normalize, and takes it only
// when it can tell that the full path would report nothing: then the line
// has no diagnostic, and a definition binds what the full path binds. Any
// other line, and any line that could have a diagnostic, is declined and
// goes the full path, which gives its diagnostics. TestCuteFastEqualsFull
// and FuzzCuteFast (cute_fast_test.go) hold the two paths to the same
// diagnostics and the same bindings.

// fastValueChecks are the checks with a Value hook whose verdict on a
// static integer layout fastLine decides (a Call hook never runs: the line
// has no call). A pass running any other check with a Value hook, such as
// the optional redundant-modes check, reads no line fast.
var fastValueChecks = map[string]bool{
	"aliasing":        true, // W0900, W0906: decided by nestedLeaves
	"canonical":       true, // W0903: the text must be the canonical one
	"composed-offset": true, // composed layouts only
	"composed-form":   true, // composed layouts only
	"dialect-strides": true, // integer strides break none of its rules
	"overflow":        true, // E0701: the size must fit
	"swizzle":         true, // swizzles and composed layouts only
}

// minFastDepth is the nesting depth below which a parser option makes the
// full path reject what the fast reader would read (E0105): the reader
// reads at most 8 levels of tuples.
const minFastDepth = 16

// readsFast reports whether a pass with options opts and checks may read
// lines fast.
func readsFast(opts Options, checks []*Check) bool {
	if opts.IR || opts.Parser.MaxDepth != 0 && opts.Parser.MaxDepth < minFastDepth {
		return false
	}
	for _, c := range checks {
		if c.Value != nil && !fastValueChecks[c.Name] || c.Call != nil && !fastCallChecks[c.Name] {
			return false
		}
	}
	return true
}

// fastLine takes the line held in the window f when it is blank or a
// comment, a static layout written out in full, the definition of a name
// that is not yet bound as one, or an assertion that fastAssert takes, and
// the full path would report nothing on it; it binds the name.
// It returns false, having changed nothing, on any other line.
func (c *Cute) fastLine(f *diag.File) bool {
	src := f.Src
	if lineEnds(src, 0) || c.fastAssert(src) {
		return true // a blank line or a comment, or an assertion that holds
	}
	at := skipBlanks(src, 0)
	name, k := readName(src, at)
	if name != nil {
		k = skipBlanks(src, k)
		if k == len(src) || src[k] != '=' || k+1 < len(src) && src[k+1] == '=' {
			return false
		}
		k = skipBlanks(src, k+1)
	}
	var s layout.Static
	end, ok := evalfast.ReadLayout(src, k, &s)
	if !ok || !lineEnds(src, end) || !clean(&s, src[k:end]) {
		return false
	}
	if name == nil {
		return true
	}
	n := string(name) // no allocation: short, and it does not escape
	if keywordName(n) {
		return false // a keyword (E0101) on the full path
	}
	// DefineStatic declines a name already bound (E0803 on the full path).
	return c.env.DefineStatic(n, &s, lineSite(f, diag.Span{Start: at, End: at + len(name)}))
}

// clean reports whether the full path reports nothing on the layout s
// written as text: text is its canonical spelling (W0903), its size fits
// an int64 (E0701), and it is injective by the aliasing check's own
// sufficient rule (W0900, W0906). Its strides are integers, which the
// dialect's rules on strides allow.
func clean(s *layout.Static, text []byte) bool {
	var buf [128]byte
	if !bytes.Equal(text, s.AppendText(buf[:0])) {
		return false
	}
	if _, ok := s.Size(); !ok {
		return false
	}
	return nestedLeaves(s)
}

// nestedLeaves reports whether checkAliasing reports nothing on s, by its
// first two rules: a layout with a zero stride is not checked, and one
// whose modes nest (see nested) is injective.
func nestedLeaves(s *layout.Static) bool {
	var buf [16]mode
	modes := buf[:0]
	for i := range s.Leaves() {
		ext, str := s.Leaf(i)
		if str == 0 {
			return true
		}
		if ext > 1 {
			modes = append(modes, mode{ext, str})
		}
	}
	return nested(modes)
}

// skipBlanks returns the offset of the first byte of src at or after k
// that is not a space or a tab.
func skipBlanks(src []byte, k int) int {
	for k < len(src) && (src[k] == ' ' || src[k] == '\t') {
		k++
	}
	return k
}

// lineEnds reports whether src holds nothing past k but spaces, tabs and
// a comment, `#` and printable ASCII (the lexer's comments may hold any
// UTF-8 text; those are left to the full path).
func lineEnds(src []byte, k int) bool {
	k = skipBlanks(src, k)
	if k == len(src) {
		return true
	}
	if src[k] != '#' {
		return false
	}
	for _, c := range src[k+1:] {
		if c != '\t' && (c < ' ' || c > '~') {
			return false
		}
	}
	return true
}

// readName reads a name, [A-Za-z][A-Za-z0-9_]*, at k; it returns nil and k
// when there is none.
func readName(src []byte, k int) (name []byte, end int) {
	if k == len(src) || src[k]|0x20 < 'a' || src[k]|0x20 > 'z' {
		return nil, k
	}
	end = k + 1
	for end < len(src) && (src[end] == '_' || src[end]|0x20 >= 'a' && src[end]|0x20 <= 'z' || '0' <= src[end] && src[end] <= '9') {
		end++
	}
	return src[k:end], end
}

// keywordName reports whether name is a keyword of statements or
// expressions, which the grammar does not take as a name.
func keywordName(name string) bool {
	switch name {
	case "o", "let", "assert", "expect":
		return true
	}
	return false
}
