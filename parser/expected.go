package parser

import "strings"

// describeEBNF words the first term of an EBNF fragment, as participle prints
// the part of a production it expected: `")" Args*` is "`)`",
// `(<nat> | <neg>) ","` is "an integer", `("==" | "~") Expr` is "`==` or `~`".
func describeEBNF(ebnf string) string {
	alts := firstTermAlternatives(strings.TrimSpace(ebnf))
	bothSigns := contains(alts, "<nat>") && contains(alts, "<neg>")
	var words []string
	for _, a := range alts {
		w := wordFor(a)
		if bothSigns && (a == "<nat>" || a == "<neg>") {
			w = "an integer"
		}
		if !contains(words, w) {
			words = append(words, w)
		}
	}
	return joinOr(words)
}

// firstTermAlternatives returns the alternatives of the first term of s,
// each itself reduced to its first term.
func firstTermAlternatives(s string) []string {
	if s == "" {
		return []string{"end of input"}
	}
	if s[0] != '(' {
		return []string{firstToken(s)}
	}
	inner := s[1:matchingParen(s)]
	var out []string
	for _, alt := range splitTopLevel(inner) {
		out = append(out, firstTermAlternatives(strings.TrimSpace(alt))...)
	}
	return out
}

// firstToken returns the leading literal, token reference or production name.
func firstToken(s string) string {
	if s[0] == '"' {
		if j := strings.IndexByte(s[1:], '"'); j >= 0 {
			return s[:j+2]
		}
		return s
	}
	end := strings.IndexAny(s, " ()|*+?!")
	if end < 0 {
		return s
	}
	return s[:end]
}

// matchingParen returns the index of the parenthesis closing s[0], ignoring
// parentheses inside quoted literals.
func matchingParen(s string) int {
	depth, quoted := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '(':
			depth++
		case c == ')':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return len(s)
}

// splitTopLevel splits s at the `|` that are not nested or quoted.
func splitTopLevel(s string) []string {
	var parts []string
	depth, quoted, start := 0, false, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == '|' && depth == 0:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}

// wordFor words one literal, token reference or production.
func wordFor(term string) string {
	if strings.HasPrefix(term, `"`) {
		return "`" + strings.Trim(term, `"`) + "`"
	}
	if w, ok := termWords[term]; ok {
		return w
	}
	return term
}

// termWords words the token references and productions of the grammar.
var termWords = map[string]string{
	"<nat>": "an unsigned integer", "<neg>": "a negative integer", "<ratio>": "a fraction",
	"<static>": "a static integer", "<ident>": "a name", "<underscore>": "`_`",
	"Expr": "an expression", "Simple": "an expression", "Composed": "an expression",
	"Operand": "a value", "Term": "a value", "Primary": "a value", "FastTerm": "a value",
	"Leaf": "a value", "Accessor": "`{`", "ComposePart": "`o`", "Tile": "`[`",
	"Group": "`(`", "GroupItem": "`,`", "Args": "`(`", "Name": "a name",
	"SwizzleParams": "`<`", "Pointer": "`[`", "Arg": "an expression", "Number": "an integer", "Fraction": "a fraction",
	"Dim": "a dimension (an unsigned integer)", "Dynamic": "`?`",
	"DynamicAttrs": "`i32`, `i64` or `div`", "Underscore": "`_`",
	"Descriptor": "`(`", "FastDescriptor": "`(`", "DescGroup": "`(`",
	"DescEntry": "a basis entry `count@dim` or `(`", "DescBasis": "a basis entry `count@dim`",
	"SwizzleForm": "`S` or `Sw`", "Stmt": "a statement", "Assert": "`assert`", "Expect": "`expect`",
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// joinOr joins words as "a, b or c".
func joinOr(words []string) string {
	switch len(words) {
	case 0:
		return "valid syntax"
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
