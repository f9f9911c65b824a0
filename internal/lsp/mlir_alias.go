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

// aliasDef returns the line that defines the alias name, or -1.
func (d *document) aliasDef(name string) int {
	for i, l := range d.lines {
		rest, ok := strings.CutPrefix(strings.TrimLeft(l, " \t"), name)
		if !ok {
			continue
		}
		if rest = strings.TrimLeft(rest, " \t"); strings.HasPrefix(rest, "=") {
			return i
		}
	}
	return -1
}
