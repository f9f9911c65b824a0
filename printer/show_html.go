package printer

import (
	"fmt"
	"html"
)

// htmlStyle is the stylesheet of the HTML page: a bordered grid of fixed
// cells, the eight greys as classes g0 to g7.
const htmlStyle = `table.cute{border-collapse:collapse;font-family:monospace;font-size:14px}
table.cute caption{text-align:left;padding-bottom:6px}
table.cute th{font-weight:normal;color:#555555;padding:0 6px}
table.cute td{border:1px solid #000000;min-width:32px;height:32px;padding:0 4px;text-align:center}
`

// appendHTML appends a standalone HTML page of g: a table with the layout as
// its caption, column indices in the first row, row indices in the first
// column, and each cell shaded with one of CuTe's eight greys.
func (g *Grid) appendHTML(b []byte) []byte {
	title := html.EscapeString(g.Title)
	b = append(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"...)
	b = fmt.Appendf(b, "<title>%s</title>\n<style>\n%s", title, htmlStyle)
	for i := range greys {
		b = fmt.Appendf(b, "td.g%d{background:%s;color:%s}\n", i, fill(i), ink(i))
	}
	b = append(b, "</style>\n</head>\n<body>\n<table class=\"cute\">\n"...)
	b = fmt.Appendf(b, "<caption>%s</caption>\n<tr><th></th>", title)
	for n := range g.Cols {
		b = fmt.Appendf(b, "<th>%d</th>", n)
	}
	b = append(b, "</tr>\n"...)
	for m := range g.Rows {
		b = fmt.Appendf(b, "<tr><th>%d</th>", m)
		for n := range g.Cols {
			v := g.At(m, n)
			b = fmt.Appendf(b, `<td class="g%d">%s</td>`, shade(v), html.EscapeString(v.String()))
		}
		b = append(b, "</tr>\n"...)
	}
	return append(b, "</table>\n</body>\n</html>\n"...)
}
