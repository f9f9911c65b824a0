package printer

import (
	"fmt"
	"io"

	"github.com/cutec/cutec/layout"
)

// ShowFormat is a rendering of a [Grid].
type ShowFormat uint8

const (
	ShowText  ShowFormat = iota // CuTe's print_layout table
	ShowSVG                     // a standalone SVG image
	ShowHTML                    // a standalone HTML page
	ShowLatex                   // CuTe's print_latex: a TikZ picture in a standalone LaTeX document
)

var showFormatNames = [...]string{ShowText: "text", ShowSVG: "svg", ShowHTML: "html", ShowLatex: "latex"}

// String returns the format's name as `cutec show -format` takes it.
func (f ShowFormat) String() string {
	if int(f) < len(showFormatNames) {
		return showFormatNames[f]
	}
	return fmt.Sprintf("ShowFormat(%d)", uint8(f))
}

// ParseShowFormat returns the format named "text", "svg", "html" or "latex".
func ParseShowFormat(name string) (ShowFormat, error) {
	for f, n := range showFormatNames {
		if n == name {
			return ShowFormat(f), nil
		}
	}
	return 0, fmt.Errorf("unknown show format %q (want text, svg, html or latex)", name)
}

// Write draws g to w in format f.
func (g *Grid) Write(w io.Writer, f ShowFormat) error {
	var out []byte
	switch f {
	case ShowText:
		out = g.appendText(nil)
	case ShowSVG:
		out = g.appendSVG(nil)
	case ShowHTML:
		out = g.appendHTML(nil)
	case ShowLatex:
		out = g.appendLatex(nil)
	default:
		return fmt.Errorf("printer: unknown show format %v", f)
	}
	_, err := w.Write(out)
	return err
}

// ShowLayout draws l to w in format f; see [LayoutGrid] for its errors.
func ShowLayout(w io.Writer, l layout.Layout, f ShowFormat) error {
	g, err := LayoutGrid(l)
	if err != nil {
		return err
	}
	return g.Write(w, f)
}

// ShowComposed draws c to w in format f; see [ComposedGrid].
func ShowComposed(w io.Writer, c layout.ComposedLayout, f ShowFormat) error {
	g, err := ComposedGrid(c)
	if err != nil {
		return err
	}
	return g.Write(w, f)
}
