package syntax

import (
	"fmt"

	"github.com/cutec/cutec/diag"
)

// Error is a syntax error found by the [Lexer] or by a hand-written
// production. It carries data, not wording: package parser turns it into a
// diagnostic with a message.
type Error struct {
	Code     diag.Code
	Span     diag.Span // byte offsets as the lexer reports them (its base included)
	Expected string    // UnexpectedToken: what the grammar allows here, in words
	Found    string    // the offending text; "" at the end of input
	Open     diag.Span // UnclosedGroup: the opening bracket
	Limit    int       // NestingTooDeep: the depth limit that was exceeded
}

// Error returns a terse form for debugging; diagnostics are worded by package
// parser.
func (e *Error) Error() string {
	return fmt.Sprintf("%s at [%d,%d): expected %s, found %q", e.Code, e.Span.Start, e.Span.End, e.Expected, e.Found)
}
