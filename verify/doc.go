// Package verify checks the invariants of CuTe layouts and reports every
// failure as a diagnostic with a stable code, an exact span and the values
// involved.
//
// A Pass is what a toolchain embeds: it parses its input (a value or an
// expression, a .cute file, the payloads of the dialect's MLIR wrappers),
// normalizes and evaluates it, and runs small read-only checks on every
// value written in the input and on every call of the algebra. Checks have
// a name, a doc and their codes (see Checks); Options select the checks
// (this package's, and Options.Extra, an embedder's own: no global
// registry), disable codes and override severities.
//
// On MLIR (Pass.MLIR, Pass.MLIRChunk) the op checker (check op-result,
// E0605) also derives the result type of each `cute` op from its operand
// types and compares it with the one written, and Options.IR leaves out of
// the defaults the checks that would warn on what a compiler emits on
// purpose (OffForIR). Pass.OpAt answers for one op (the derived type, the
// stated one, whether they agree or why the op is skipped), for a reader
// of one op at a time such as the language server's hover; OpContext says
// which op lines need the lines around them. The same scan analyzes each
// cute.tiled.copy.partition_S/partition_D of a shared-memory memref with
// package banks and reports W0901 with its numbers (ir_banks.go; the check
// bank-conflicts, on by default).
//
// The rules of congruence, divisibility and fold legality that decide
// whether a value or a result exists at all are enforced while normalizing
// and evaluating (their diagnostics flow through the Pass unchanged); the
// checks here add the dialect's rules, fold legality and lints.
//
// A symbolic result holds under obligations (docs/symbols.md); evaluation
// reports a refuted one (E0716), and the Pass reports each one the facts
// leave open as W0914, with a value for which it fails and the fact that
// would prove it (check_obligations.go).
//
// verify never prints: rendering is diag's job.
package verify
