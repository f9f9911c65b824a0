package explain

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteText writes a derivation as "cutec eval -explain" prints it: the
// expression, one numbered line a step ("[rule] expr = value", indented by
// depth) with its note below, and "= value". With limit > 0 at most limit
// steps are written, the first ones and the last, and a line says how many
// are left out.
func WriteText(w io.Writer, d Derivation, limit int) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s\n", d.Expr)
	width := len(strconv.Itoa(len(d.Steps)))
	for i, s := range d.Steps {
		if limit > 0 && len(d.Steps) > limit && i >= limit-1 && i < len(d.Steps)-1 {
			if i == limit-1 {
				fmt.Fprintf(bw, "%*s  (%d steps left out: cutec eval -explain shows them)\n", width, "", len(d.Steps)-limit)
			}
			continue
		}
		indent := strings.Repeat("  ", s.Depth)
		fmt.Fprintf(bw, "%*d. %s[%s] %s = %s\n", width, i+1, indent, s.Rule, s.Expr, s.Value)
		if s.Note != "" {
			fmt.Fprintf(bw, "%*s  %s%s\n", width, "", indent, s.Note)
		}
	}
	if d.Elided > 0 {
		fmt.Fprintf(bw, "(%d more steps left out: a derivation shows at most %d)\n", d.Elided, MaxSteps)
	}
	fmt.Fprintf(bw, "= %s\n", d.Value)
	return bw.Flush()
}
