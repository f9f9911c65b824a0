package lsp

import "strings"

// An MLIR type or attribute alias is defined at the start of a line,
// `!smem_a = !cute.memref<...>` or `#swz = #cute.swizzle<...>`, and used
// anywhere after as `!smem_a` or `#swz`.

// isAliasByte reports whether c may be part of an alias name (MLIR's
// suffix-id: letters, digits and $._-).
func isAliasByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("$._-", c) >= 0
}

// aliasAt returns the alias name (with its sigil) that covers byte b of a
// line, and its byte range, or "".
func aliasAt(line string, b int) (name string, start, end int) {
	line = lineContent(line)
	if b > len(line) {
		b = len(line)
	}
	start = b
	for start > 0 && isAliasByte(line[start-1]) {
		start--
	}
	if start < len(line) && (line[start] == '!' || line[start] == '#') && start == b {
		// the cursor is on the sigil itself
	} else if start == 0 || (line[start-1] != '!' && line[start-1] != '#') {
		return "", 0, 0
	} else {
		start--
	}
	end = start + 1
	for end < len(line) && isAliasByte(line[end]) {
		end++
	}
	if end == start+1 {
		return "", 0, 0
	}
	return line[start:end], start, end
}

// aliasDef returns the line that defines the alias name for a use on line
// at, or -1: the definition in the module of that line (aliases are scoped
// to their module, see verify.Aliases), the nearest above it, else the
// first below it.
func (d *document) aliasDef(name string, at int) int {
	at = min(max(at, 0), len(d.lines)-1)
	mod := d.aliasesAt(at)
	for i := at; i >= 0 && mod.SameModule(d.aliasesAt(i)); i-- {
		if definesName(d.lines[i], name) {
			return i
		}
	}
	for i := at + 1; i < len(d.lines) && mod.SameModule(d.aliasesAt(i)); i++ {
		if definesName(d.lines[i], name) {
			return i
		}
	}
	return -1
}

// definesName reports whether line defines the alias name: `name = …`.
func definesName(l, name string) bool {
	rest, ok := strings.CutPrefix(strings.TrimLeft(l, " \t"), name)
	if !ok {
		return false
	}
	return strings.HasPrefix(strings.TrimLeft(rest, " \t"), "=")
}
