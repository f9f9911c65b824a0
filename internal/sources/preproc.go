package sources

import "bytes"

// A conditional of the preprocessor: the reader reads every branch of
// `#if`/`#ifdef`/`#ifndef` ... `#elif` ... `#else` ... `#endif` but one
// written `#if 0` (or `#elif 0`), code that no build compiles. The
// branches are alternatives (a declaration for each configuration, a body
// for each compiler): each is read with the scopes open at its `#if`, so
// that braces opened or closed in one branch do not shift the scopes of
// the next, and after `#endif` the scopes are those the first branch left.
// A name declared in two branches takes, below them, the value of the
// last.

// condEvent is a conditional directive the scopes follow: 'i' (#if), 'e'
// (#elif, #else) or 'n' (#endif), at its offset.
type condEvent struct {
	at   int
	kind byte
}

// maxCondEvents bounds the conditionals the scopes follow in one file:
// past it, braces are read as if there were no directive.
const maxCondEvents = 1 << 14

// blankDirectives blanks, in C++ text without comments or literals, the
// preprocessor's directive lines (a #define's body among them) and the
// branches written `#if 0`, keeping offsets and line breaks, and returns
// the conditionals of the text read, in order.
func blankDirectives(clean []byte) []condEvent {
	type frame struct{ parent, active bool }
	var stack []frame
	var events []condEvent
	active := true
	inactiveFrom := -1 // where the text not read began
	for i := 0; i < len(clean); {
		k := bytes.IndexByte(clean[i:], '#')
		if k < 0 {
			break
		}
		at := i + k
		ls := at // the line's start
		for ls > 0 && (clean[ls-1] == ' ' || clean[ls-1] == '\t') {
			ls--
		}
		if ls > 0 && clean[ls-1] != '\n' {
			i = at + 1 // a # inside a line (##, a stringizing #)
			continue
		}
		end := directiveEnd(clean, at)
		w0 := hspaceEnd(clean, at+1)
		w1 := identEnd(clean, w0)
		rest := bytes.TrimSpace(clean[w1:end])
		zero := len(rest) == 1 && rest[0] == '0'
		was := active
		var ev byte
		switch word := string(clean[w0:w1]); word {
		case "if", "ifdef", "ifndef":
			f := frame{parent: active, active: active && !(word == "if" && zero)}
			stack = append(stack, f)
			active, ev = f.active, 'i'
		case "elif", "elifdef", "elifndef", "else":
			if n := len(stack); n > 0 {
				f := &stack[n-1]
				f.active = f.parent && !(word == "elif" && zero)
				active, ev = f.active, 'e'
			}
		case "endif":
			if n := len(stack); n > 0 {
				active, ev = stack[n-1].parent, 'n'
				stack = stack[:n-1]
			}
		}
		if ev != 0 && len(events) < maxCondEvents && (len(stack) == 0 || ev == 'n' && active || ev != 'n' && stack[len(stack)-1].parent) {
			events = append(events, condEvent{at: ls, kind: ev})
		}
		if !was && inactiveFrom >= 0 {
			blankRange(clean, inactiveFrom, ls)
			inactiveFrom = -1
		}
		blankRange(clean, ls, end)
		if !active {
			inactiveFrom = end
		}
		i = max(end, at+1)
	}
	if !active && inactiveFrom >= 0 {
		blankRange(clean, inactiveFrom, len(clean))
	}
	if len(events) == maxCondEvents {
		return nil // too many to follow: none followed, so none half followed
	}
	return events
}

// directiveEnd is the end of the directive that starts at #: its line's
// end, past the lines it continues with a backslash.
func directiveEnd(b []byte, at int) int {
	for i := at; ; {
		k := bytes.IndexByte(b[i:], '\n')
		if k < 0 {
			return len(b)
		}
		e := i + k
		j := e
		if j > 0 && b[j-1] == '\r' {
			j--
		}
		if j == 0 || b[j-1] != '\\' {
			return e
		}
		i = e + 1
	}
}
