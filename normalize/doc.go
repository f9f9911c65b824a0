// Package normalize turns AST into values of the algebra and evaluates
// expressions.
//
// Normalization is the third stage of the pipeline (parser, ast, normalize,
// verify, printer). It converts value forms (integers, tuples, basis
// descriptors, layouts, swizzles, composed layouts, tiles) into Values of the
// layout algebra, with every failure reported at the span of the node it is
// about; it folds expressions (calls of the algebra's operations, names
// defined earlier in a .cute file, layouts applied to coordinates) into
// their values. The Value it returns is the normalized form that
// verification and callers consume (a descriptor's Value keeps its basis
// counts as exact rationals); the package keeps no state that grows: a
// process may use it for days.
//
// Basis counts are exact rationals in lowest terms, with a positive
// denominator; a zero denominator (E0200) and a non-integral count that can
// reach a non-integral offset (E0201) are rejected at their span, and a
// basis on a mode of extent 1, which contributes nothing, is dropped.
//
// Symbols (docs/symbols.md): a name in a leaf position of a value form is
// a symbol, unless a variable of that name holds an integer; facts written
// on any occurrence (M{div=128}) or declared for the file (Env.DeclareFact,
// `let`) hold for every occurrence. An operation with a symbolic argument
// computes with layout.Symbolic and reports the obligations of its result
// through Evaluator.OnObligation; a refuted one is E0716.
//
// normalize owns no text: it never parses (the parser does) and never prints
// beyond a Value's canonical String (the printer owns canonical text).
package normalize
