package screenshot

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// notebookGrids are the drawings the Python notebook example shows, by the
// text/plain output of their cell, with the grid a person must see: a
// layout of shape (4,8) draws 4 rows (mode 0) and 8 columns.
var notebookGrids = map[string][2]int{
	"Layout('(4,8):(8,1)')":                        {4, 8},
	"Layout('((4,2),(8,2)):((20,80),(2,1))')":      {8, 16},
	"ComposedLayout('S<2,1,2> o 0 o (4,8):(8,1)')": {4, 8},
}

// TestNotebookInBrowser renders each HTML output stored in
// examples/python/layouts.ipynb (what Jupyter shows for a cell whose value
// is a layout: the package's _repr_html_, which python/tests/test_notebook.py
// checks against the package) in headless Chromium, as a notebook page
// would hold it, and checks the grid and the labels a person sees.
func TestNotebookInBrowser(t *testing.T) {
	chromium := browser(t)
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", "python", "layouts.ipynb"))
	require.NoError(t, err)
	var nb struct {
		Cells []struct {
			Outputs []struct {
				Data map[string][]string `json:"data"`
			} `json:"outputs"`
		} `json:"cells"`
	}
	require.NoError(t, json.Unmarshal(data, &nb))
	dir := t.TempDir()
	seen := 0
	for _, c := range nb.Cells {
		for _, o := range c.Outputs {
			html, ok := o.Data["text/html"]
			if !ok {
				continue
			}
			plain := strings.Join(o.Data["text/plain"], "")
			grid, ok := notebookGrids[plain]
			require.True(t, ok, "the notebook draws %s: add its grid to notebookGrids", plain)
			seen++
			page := filepath.Join(dir, "cell.html")
			body := "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>" + strings.Join(html, "") + "</body></html>"
			img := shootPage(t, chromium, page, []byte(body), 1280, 600) // wide enough for 16 columns
			check(t, img, drawing{name: plain, rows: grid[0], cols: grid[1]})
		}
	}
	require.Equal(t, len(notebookGrids), seen, "every drawing of notebookGrids is in the notebook")
}
