package diag

// docs/diagnostics.md is generated from Catalogue; the test of
// internal/gendocs fails while the two disagree.
//go:generate go run ./internal/gendocs -o ../docs/diagnostics.md
