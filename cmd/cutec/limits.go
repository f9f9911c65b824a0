package main

import "github.com/cutec/cutec/diag"

// maxLineLen is the longest line cutec reads: a longer line gets a
// lineTooLongCode diagnostic (or, in eval, an error line) instead of being
// parsed, and is skipped without being held in memory.
const maxLineLen = 1 << 20

// lineTooLongCode is the code of the "line too long" diagnostic.
//
// PROVISIONAL: diag.Catalogue has no code for an over-long input line yet.
// The command uses E0109 (the next free syntax code, "line-too-long")
// until the lead adds it to the catalogue; then this constant becomes
// diag.LineTooLong (or whatever the catalogue names it) and nothing else
// changes. Until then diag.Lookup does not know the code and SARIF output
// gives its results no ruleIndex.
const lineTooLongCode diag.Code = "E0109"

// chunkSize is the initial size of a streaming read buffer: the size of the
// batches of whole lines handed to the verifier.
const chunkSize = 64 << 10

// snippetLen is how much of an over-long line a diagnostic quotes.
const snippetLen = 80
