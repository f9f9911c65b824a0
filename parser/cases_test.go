package parser

import "github.com/cutec/cutec/diag"

// validExprs are inputs that ParseExpr accepts: every text form of
// docs/semantics.md §Text forms, spelled canonically and leniently.
var validExprs = []string{
	// integers and leaves
	"8", "-3", "_4", "-0", "_-1", "9223372036854775807", "-9223372036854775808",
	"?", "?{i64}", "?{i32}", "?{div=64}", "?{i64 div=128}", "? { i32 div = -8 }", "_",
	// basis entries
	"1@0", "16@0", "1@0@1", "1/2@0", "_1@0", "1/0@0", "-1/-2@3", "1 @ 1 @ 0",
	"?@0", "?@1@0", "? @ 1", // dynamic counts: Types/stride.mlir
	// tuples
	"()", "(4,8)", "(4,(2,2))", "(4,)", "(4)", "(4, 2)", "(1,_)", "(_,(0,_))", "(?,8)",
	"(1@0, 1@1)", "((1@0, 8@1), 1@2)", "(1/2@0, 4@1)", "(1@0@1)", "((4,8))", "(())",
	// layouts
	"8:1", "(4,8):(1,4)", "(4,(2,2)):(1,(4,8))", "(4,8):(1@0,1@1)",
	"((2,3),4):((1@0@0,1@1@0),1@1)", "(_4,_2):(_1,_4)", "(4, 2) : (1, 4)", "(?,8):(1,?)",
	"(4,):(1,)", "?{i64 div=16}:1", "(4,8):(0,1@0)", "(2,3):(?@0,?@1)", "(?,?):(0,?@1@0)",
	// swizzles and composed layouts
	"S<3,4,3>", "Sw<3,4,3>", "S<2,4,-3>", "S<3,4,3> o 0 o (8,64):(64,1)",
	"(4,5):(1,4) o 2 o (2,3):(1,2)", "Sw<3,4,3> o _0 o (8,64):(64,1)", "S<3,4,3> o (8,64):(64,1)",
	"S<3,4,3> o 1@0 o (8,64):(64,1)",
	// accessor
	"{8} o (3,2):(15,100)", "{(1,0)} o 4:1",
	// tiles
	"[(2,3):(1,2);(4,5):(1,4)]", "[4:1;_]", "[A;_]", "[A;tile(B)]", "[_]", "[1:2;1;1:1;7]", "[(1,2):(0,1);4:1;(4):(1)]",
	"[[2:1;_];4]", "[ 4:1 ; _ ]", "[(4,8)]",
	// expressions
	"A", "composition((4,2):(1,4), (2,2):(1,2))", "size((4,8):(1,4))", "swizzle(S<3,4,3>, 24)",
	"slice_and_offset((_,7,0), (6,8,4):(48,2,288))", "coalesce((2,(1,6)):(1,(6,2)), (1,1))",
	"composition(A, composition(B, C))", "A(3)", "((4,8):(1,4))", "((4,8):(1,4))(13)",
	"((4,8):(1,4))((1,3))", "f()", "composition((8,8):(1,8), [4:1])", "size(A)(2)", "(A)",
	"(composition(A, B))", "eval(4:1, 4)", "logical_divide((4,8):(1,4), [2:1;_])",
	"composition(S<3,4,3> o 0 o (8,64):(64,1), 8:1)",
	// dialect wrappers: the payload in its kind's form
	`!cute.layout<"(4,8):(1,4)">`, `#cute.tile<"[4:1;_]">`, `!cute.coord<"(1,_)">`, `!cute.tile<"(2,2)">`,
	`!cute.tile<"_">`, `!cute.stride<"(0,?@0)">`, ` !cute.swizzle< "S<3,4,3>">  `,
	// blanks and comments
	"  (4,8):(1,4)  # trailing comment", "(4,8):(1,4)\n", "\t8:1\t", "8:1\r\n",
}

// invalidCase is an input, the form it is parsed as, and the code and
// 1-based byte column of the first diagnostic.
type invalidCase struct {
	form Form
	src  string
	code diag.Code
	col  int
}

var invalidCases = []invalidCase{
	// E0100 empty input
	{FormExpr, "", diag.EmptyInput, 1},
	{FormExpr, "   ", diag.EmptyInput, 1},
	{FormExpr, "# only a comment", diag.EmptyInput, 1},
	{FormLayout, "\t", diag.EmptyInput, 1},
	{FormDescriptor, "", diag.EmptyInput, 1},

	// E0101 unexpected token                        column of the offending token
	{FormExpr, "(4,8):(1,,4)", diag.UnexpectedToken, 10}, // second comma
	{FormExpr, "(4,8):", diag.UnexpectedToken, 7},        // end of input
	{FormExpr, "1@-1", diag.UnexpectedToken, 3},          // a dimension is unsigned
	{FormExpr, "1@", diag.UnexpectedToken, 3},            // end of input
	{FormExpr, "1/2", diag.UnexpectedToken, 4},           // a fraction is only a count
	{FormExpr, "(,)", diag.UnexpectedToken, 2},           // ,
	{FormExpr, "(4,,8)", diag.UnexpectedToken, 4},        // second comma
	{FormExpr, "f(a,)", diag.UnexpectedToken, 5},         // )
	{FormExpr, "composition((4,2):(1,4),, 2:1)", diag.UnexpectedToken, 25},
	{FormExpr, "S<3,4>", diag.UnexpectedToken, 1},                // a swizzle has three parameters
	{FormExpr, "S<3,4,", diag.UnclosedGroup, 7},                  // <
	{FormExpr, "S<3,4,_3>", diag.UnexpectedToken, 7},             // no static marker in a swizzle
	{FormExpr, "?{}", diag.UnexpectedToken, 3},                   // }
	{FormExpr, "?{i16}", diag.UnexpectedToken, 3},                // i16
	{FormExpr, "?{div 64}", diag.UnexpectedToken, 7},             // 64, `=` expected
	{FormExpr, "(f(x), 4)", diag.UnexpectedToken, 2},             // a tuple holds values (a name there is a symbol)
	{FormExpr, "(4,8):(1,f(x))", diag.UnexpectedToken, 10},       // a call is not a stride
	{FormExpr, "f(x):B", diag.UnexpectedToken, 1},                // a shape is a value
	{FormExpr, "(4,8):(1,4)(2)", diag.UnexpectedToken, 7},        // a stride is a value
	{FormExpr, "A o B o C o D", diag.UnexpectedToken, 11},        // third o
	{FormExpr, "[]", diag.UnexpectedToken, 2},                    // ]
	{FormExpr, "[4:1;]", diag.UnexpectedToken, 6},                // ]
	{FormExpr, "[4:1;S<3,4,3>]", diag.UnexpectedToken, 6},        // a swizzle is no tile mode
	{FormExpr, "[4:1 _]", diag.UnexpectedToken, 6},               // _, `;` or `]` expected
	{FormExpr, "{8} (3,2):(15,100)", diag.UnexpectedToken, 5},    // (, `o` expected
	{FormExpr, ")", diag.UnexpectedToken, 1},                     // )
	{FormExpr, "o", diag.UnexpectedToken, 1},                     // o is reserved
	{FormExpr, "assert", diag.UnexpectedToken, 1},                // a keyword
	{FormExpr, "@", diag.UnexpectedToken, 1},                     // @
	{FormExpr, "-", diag.UnexpectedToken, 1},                     // -
	{FormExpr, "(1@0, 1@)", diag.UnexpectedToken, 9},             // )
	{FormExpr, "S<3,4,3> o", diag.UnexpectedToken, 11},           // end of input
	{FormExpr, "(4 8)", diag.UnexpectedToken, 4},                 // 8
	{FormLayout, "(4,8)", diag.UnexpectedToken, 6},               // end of input, `:` expected
	{FormLayout, "8", diag.UnexpectedToken, 2},                   // end of input
	{FormLayout, "size(A)", diag.UnexpectedToken, 1},             // not a layout
	{FormTuple, "(4,8):(1,4)", diag.UnexpectedToken, 1},          // a layout is no value
	{FormTuple, "A", diag.UnexpectedToken, 1},                    // a name is no value
	{FormTile, "S<3,4,3>", diag.UnexpectedToken, 1},              // a swizzle is no tile
	{FormTile, "size(A)", diag.UnexpectedToken, 1},               // a call is no tile payload
	{FormIntTuple, "(1,_)", diag.UnexpectedToken, 4},             // `_` only in a coordinate
	{FormIntTuple, "(4,8):(1,4)", diag.UnexpectedToken, 1},       // a layout is no int_tuple
	{FormSwizzle, "Q<1,2,3>", diag.UnexpectedToken, 1},           // Q
	{FormSwizzle, "S<1,2>", diag.UnexpectedToken, 6},             // >
	{FormComposed, "(4,8):(1,4)", diag.UnexpectedToken, 1},       // not composed
	{FormDescriptor, "1@0", diag.UnexpectedToken, 1},             // layout ::= group
	{FormDescriptor, "(1@0,)", diag.UnexpectedToken, 6},          // )
	{FormDescriptor, "(_1@0)", diag.UnexpectedToken, 2},          // no static marker
	{FormDescriptor, "(4,8)", diag.UnexpectedToken, 3},           // `@` expected
	{FormDescriptor, "(1 / 2@0)", diag.UnexpectedToken, 4},       // no space inside a count
	{FormDescriptor, "(1@0, ?)", diag.UnexpectedToken, 8},        // ), a dynamic count takes `@`
	{FormDescriptor, "(1@0, ?{i64}@1)", diag.UnexpectedToken, 8}, // {, no attributes on a count
	{FormExpr, "?@", diag.UnexpectedToken, 3},                    // end of input
	{FormExpr, "(?@-1)", diag.UnexpectedToken, 4},                // a dimension is unsigned
	{FormStmt, "A = ", diag.UnexpectedToken, 5},                  // end of input
	{FormStmt, "(4,8) = 3", diag.UnexpectedToken, 1},             // assign to a name only
	{FormStmt, "assert A", diag.UnexpectedToken, 9},              // end of input
	{FormStmt, "assert A = B", diag.UnexpectedToken, 10},         // =
	{FormStmt, "expect composition(A, B)", diag.UnexpectedToken, 8},
	{FormStmt, "expect E0400", diag.UnexpectedToken, 13}, // end of input

	{FormExpr, `!cute.layout<32>`, diag.UnexpectedToken, 14},     // the dialect's "expected string"
	{FormExpr, `!cute.int_tuple<"_">`, diag.UnexpectedToken, 18}, // `_` only in a coordinate
	{FormExpr, `!cute.foo<"x">`, diag.UnexpectedToken, 7},        // no such kind
	{FormExpr, `!cute.layout<"4:1"`, diag.UnexpectedToken, 19},   // `>` expected
	{FormExpr, `!cute.tile<"[4:1;_]"> 4`, diag.TrailingText, 23}, // one wrapper only
	{FormExpr, `!cute.tile<"[4:1;_]`, diag.UnterminatedQuote, 1}, // no closing quote

	// E0102 unclosed group
	{FormExpr, "((1@0, 8@1), 1@2", diag.UnclosedGroup, 17}, // end of input
	{FormExpr, "(4,8]", diag.UnclosedGroup, 5},             // ]
	{FormExpr, "S<3,4,3", diag.UnclosedGroup, 8},           // end of input
	{FormExpr, "((4,8):(1,4)", diag.UnclosedGroup, 13},     // end of input
	{FormExpr, "size(", diag.UnclosedGroup, 6},             // end of input
	{FormExpr, "[4:1;_", diag.UnclosedGroup, 7},            // end of input
	{FormExpr, "?{i64", diag.UnclosedGroup, 6},             // end of input
	{FormDescriptor, "(1@0", diag.UnclosedGroup, 5},        // end of input

	// E0103 trailing text
	{FormExpr, "(1@0, 1@1) x", diag.TrailingText, 12},
	{FormExpr, "(4,8)):(1,4)", diag.TrailingText, 6},
	{FormExpr, "4 5", diag.TrailingText, 3},
	{FormExpr, "1 / 2@0", diag.TrailingText, 6}, // 1 / 2 is a symbolic term's divisor, then @
	{FormExpr, "4:1:2", diag.TrailingText, 4},
	{FormExpr, "?{i64}@0", diag.TrailingText, 7}, // a dynamic leaf with attributes is no count
	{FormExpr, "(4,8):(1,4) = 3", diag.TrailingText, 13},
	{FormLayout, "(4,8):(1,4) o 2", diag.TrailingText, 13},
	{FormDescriptor, "(1@0) x", diag.TrailingText, 7},
	{FormStmt, "A = B = C", diag.TrailingText, 7},
	{FormStmt, "assert A == B == C", diag.TrailingText, 15},

	// E0104 integer out of range
	{FormExpr, "100000000000000000000:1", diag.IntOutOfRange, 1},
	{FormExpr, "(4,9223372036854775808)", diag.IntOutOfRange, 4},
	{FormExpr, "-9223372036854775809", diag.IntOutOfRange, 1},
	{FormExpr, "1@99999999999999999999", diag.IntOutOfRange, 3},
	{FormExpr, "1/99999999999999999999@0", diag.IntOutOfRange, 3},
	{FormDescriptor, "(99999999999999999999@0)", diag.IntOutOfRange, 2},

	// E0106 invalid character
	{FormExpr, "(4,8)$(1,4)", diag.InvalidCharacter, 6},
	{FormExpr, "4\x00", diag.InvalidCharacter, 2},
	{FormExpr, "(4,8):(1,4) + 2", diag.InvalidCharacter, 13},
	{FormExpr, "\ufeff8:1", diag.InvalidCharacter, 1},         // a BOM only starts a file
	{FormDescriptor, "(1@0) # c", diag.InvalidCharacter, 7},   // no comments in a descriptor
	{FormDescriptor, "(1@0,\n1@1)", diag.InvalidCharacter, 6}, // no newlines either

	// E0107 invalid UTF-8
	{FormExpr, "(4,\xff)", diag.InvalidUTF8, 4},
	{FormExpr, "8:1 # \xc3(", diag.InvalidUTF8, 7},
}
