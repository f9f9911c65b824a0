// Package diag is the one model of positions and diagnostics for all of
// cutec: source files with their line tables, half-open byte spans, the
// Diagnostic value (code, severity, span, message, detail, related notes,
// suggested fix), sortable and de-duplicated lists, and the append-only
// catalogue of stable codes mirrored in docs/diagnostics.md.
//
// Positions have one source of truth, a byte offset; lines and columns
// (1-based, counted in bytes) are derived from a File's line table in one
// place. Detection builds Diagnostics and never formats text; renderers turn
// them into compiler-style text (Text, whose doc gives the exact layout), JSON
// lines (JSON), SARIF 2.1.0 (SARIF) or GitHub annotations (GitHub). Every
// renderer is a Renderer, used as a stream: Begin, one Render per batch of
// diagnostics (for example per file), End.
//
// diag depends on no other package of cutec.
package diag
