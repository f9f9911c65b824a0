// Package screenshot holds the browser test of the drawings of "cutec
// show": the SVG and HTML a person opens are rendered by a real headless
// browser (Chromium), and the screenshots are checked as images: not blank,
// one cell per coordinate (counted from the grid lines), a label in every
// cell. The pictures of "cutec banks -format svg|html" are checked the same
// way (banks_test.go): the conflicting banks in red, where the analysis
// puts them, one red cell per thread. It has no code of its own.
//
// Without Chromium the test skips; with CUTEC_REQUIRE_BROWSER=1 (set by
// .ci/embed) a missing browser fails it. CUTEC_UPDATE_SCREENSHOTS=1 writes
// the screenshots to docs/img/.
package screenshot
