package parser

import "github.com/cutec/cutec/internal/syntax"

// BlankOrComment reports whether a line holds nothing to parse: spaces,
// tabs, line ends and `#` comments, by the lexer's rules (a comment ends at
// "\n" or at a lone "\r").
func BlankOrComment(line []byte) bool { return syntax.BlankOrComment(line) }
