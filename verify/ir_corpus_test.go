package verify

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/cutec/cutec/diag"
)

// irPass is the Pass `cutec lint` runs on MLIR.
func irPass(t testing.TB) *Pass {
	t.Helper()
	p, err := NewPass(Options{IR: true, Lowerable: true})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// deliberateFindings are the diagnostics the corpus holds on purpose, by
// file and the text of the line: ampere_copy_banks.mlir reads one operand
// without its swizzle, an 8-way ldmatrix read (TestIRBanksFindings).
var deliberateFindings = map[string]struct {
	code diag.Code
	line string
}{
	"ampere_copy_banks.mlir": {diag.BankConflicts, "%src_partitioned_3 = cute.tiled.copy.partition_S("},
}

// deliberate reports whether d is the finding name holds on purpose.
func deliberate(name string, src []byte, d *diag.Diagnostic) bool {
	f, ok := deliberateFindings[filepath.Base(name)]
	if !ok || d.Code != f.code {
		return false
	}
	at := bytes.Index(src, []byte(f.line))
	return at >= 0 && d.Start().Line == 1+bytes.Count(src[:at], []byte("\n"))
}

// withoutDeliberate returns l without the findings name holds on purpose.
func withoutDeliberate(name string, src []byte, l diag.List) diag.List {
	var out diag.List
	for _, d := range l {
		if !deliberate(name, src, d) {
			out = append(out, d)
		}
	}
	return out
}

// TestIRCorpus lints the realistic IR of testdata/mlir (see its README):
// it must be clean but for its deliberate findings, each reported exactly
// once. Then every op the checker checks gets a wrong result
// type, one at a time, and that op must be reported (E0605), with nothing
// else but the ops below it that take its result as an operand.
func TestIRCorpus(t *testing.T) {
	files, _ := filepath.Glob("../testdata/mlir/*.mlir")
	if len(files) < 3 {
		t.Fatalf("want the corpus of testdata/mlir, found %v", files)
	}
	checkedNames := map[string]int{}
	skippedNames := map[string]bool{}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		p := irPass(t)
		aliases := (*Aliases)(nil).Scan(src)
		var total OpStats
		l := p.MLIRChunk(diag.NewFile(name, src), aliases, &total)
		if rest := withoutDeliberate(name, src, l); len(rest) != 0 || len(l)-len(rest) != len(deliberateFindingsIn(name)) {
			t.Errorf("%s is not clean but for its deliberate findings:\n%s", name, describe(l))
			continue
		}
		lines := strings.SplitAfter(string(src), "\n")
		checkedBefore := 0
		for i, line := range lines {
			op := opName(line)
			if op == "" {
				continue
			}
			// The op's type may be written on the lines below (`: (…)`, `-> R`).
			last := i
			for last+1 < len(lines) && (strings.HasPrefix(strings.TrimSpace(lines[last+1]), ": ") ||
				strings.HasPrefix(strings.TrimSpace(lines[last+1]), "-> ")) {
				last++
			}
			// Whether the op is checked, with the lines above it (where the
			// operands of an op printed with its result type only are defined).
			var st OpStats
			p.MLIRChunk(diag.NewFile(name, []byte(strings.Join(lines[:last+1], ""))), aliases, &st)
			checked := st.Checked > checkedBefore
			checkedBefore = st.Checked
			if !checked {
				skippedNames[op] = true
				continue
			}
			checkedNames[op]++
			if last > i {
				checkedNames["(over several lines)"]++
			}
			wrong, ok := wrongResult(lines[last], aliases)
			if !ok {
				t.Errorf("%s:%d: cannot make a wrong result type for %q", name, last+1, lines[last])
				continue
			}
			mutated := strings.Join(append(append(append([]string{}, lines[:last]...), wrong), lines[last+1:]...), "")
			// The op is reported; so may be the ops below that take its
			// result as an operand, and nothing else.
			l := withoutDeliberate(name, []byte(mutated), irPass(t).MLIR(diag.NewFile(name, []byte(mutated))))
			onLine := false
			for _, d := range l {
				onLine = onLine || d.Start().Line == last+1
				if d.Code != diag.OpResultMismatch || d.Start().Line < last+1 {
					onLine = false
					break
				}
			}
			if !onLine {
				t.Errorf("%s:%d: with the wrong result\n%s\nwant E0605 on that line (and on no line above), got:\n%s", name, last+1, wrong, describe(l))
			}
		}
	}
	// The ops the corpus must exercise (each checked at least once).
	for _, op := range []string{"get_shape", "get_stride", "get", "size", "cosize", "composed_get_inner",
		"composed_get_outer", "composed_get_offset", "make_composed_layout", "make_layout", "composition",
		"logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "coalesce", "complement",
		"left_inverse", "right_inverse", "logical_product", "blocked_product", "raked_product", "tile_to_shape",
		"slice", "dice", "crd2idx", "layout_eval", "idx2crd", "group_modes", "add_offset", "to_int_tuple",
		"tuple_sub", "product_each", "shape_div", "flatten", "make_identity_layout", "make_ordered_layout",
		"recast_layout", "local_tile", "make_identity_tensor", "(over several lines)"} {
		if checkedNames[op] == 0 {
			t.Errorf("no op %s is checked in the corpus", op)
		}
	}
	var names []string
	for op := range skippedNames {
		if checkedNames[op] == 0 {
			names = append(names, op)
		}
	}
	sort.Strings(names)
	// What the checker passes over, by design: ops whose printed form does not write both
	// operand and result types, ops on pointers, atoms and builtin integers, and ops whose
	// result is not a layout type. The tiled copy partitions (tiled.copy.partition_S and _D, cut
	// by the pattern at the capital) are read by the bank check (ir_banks.go), not derived.
	want := "assume elem_less get_iter get_layout get_leaves get_scalars inttoptr make_atom make_coord " +
		"make_int_tuple make_shape make_stride make_tile make_view memref.alloca ptrtoint static " +
		"tiled.copy.partition_"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("ops never checked in the corpus:\n got %s\nwant %s", got, want)
	}
}

var opNameRE = regexp.MustCompile(`= cute\.([a-z_.0-9]+)`)

// opName returns the name of the cute op a line defines, or "".
func opName(line string) string {
	if m := opNameRE.FindStringSubmatch(line); m != nil {
		return m[1]
	}
	return ""
}

// wrongResult returns line with its op's result type replaced by a
// different one of the same kind: a layout gets an extra mode (S,2):(D,0),
// a tuple an extra element, a tile an extra mode, a swizzle other bits.
// An alias is replaced by its definition, changed.
func wrongResult(line string, aliases *Aliases) (string, bool) {
	at := strings.LastIndex(line, " -> ")
	sep := len(" -> ")
	if to := strings.LastIndex(line, " to "); to > at {
		at, sep = to, len(" to ")
	}
	if at < 0 { // the result type alone: `cute.make_layout(%s) : !cute.layout<"…">`
		at, sep = strings.LastIndex(line, ") : !"), len(") : ")
	}
	if at < 0 {
		return "", false
	}
	start := at + sep
	end := start + strings.IndexAny(line[start:]+"\n", " \n")
	if strings.HasPrefix(line[start:], "!cute.") {
		end = strings.LastIndex(line, `">`) + 2
	}
	typ := line[start:end]
	if !strings.HasPrefix(typ, "!cute.") {
		def, ok := aliases.Lookup([]byte(typ))
		if !ok {
			return "", false
		}
		typ = string(def)
	}
	q1 := strings.LastIndexByte(typ[:len(typ)-2], '"')
	if q1 < 0 || !strings.HasSuffix(typ, `">`) {
		return "", false
	}
	payload := typ[q1+1 : len(typ)-2]
	kind := typ[len("!cute."):strings.IndexByte(typ, '<')]
	var wrong string
	switch {
	case kind == "swizzle":
		var b, m, s int
		if n, _ := fmtSscanf(payload, &b, &m, &s); n != 3 {
			return "", false
		}
		wrong = swizzleText(b+1, m, s+1)
	case kind == "tile":
		wrong = payload[:len(payload)-1] + ";2:1]"
	case strings.Contains(payload, ":"):
		prefix := ""
		if o := strings.LastIndex(payload, " o "); o >= 0 {
			prefix, payload = payload[:o+3], payload[o+3:]
		}
		c := topColon([]byte(payload))
		wrong = prefix + "(" + payload[:c] + ",2):(" + payload[c+1:] + ",0)"
	case kind == "stride":
		wrong = "(" + payload + ",0)" // 0 may stand beside basis strides
	default:
		wrong = "(" + payload + ",2)"
	}
	return line[:start] + typ[:q1+1] + wrong + `">` + line[end:], true
}

func describe(l diag.List) string {
	var b bytes.Buffer
	for _, d := range l {
		b.WriteString(d.Error() + "\n")
	}
	return b.String()
}

// fmtSscanf reads S<b,m,s>.
func fmtSscanf(s string, b, m, sh *int) (int, error) {
	return fmt.Sscanf(s, "S<%d,%d,%d>", b, m, sh)
}

func swizzleText(b, m, s int) string { return fmt.Sprintf("S<%d,%d,%d>", b, m, s) }

// deliberateFindingsIn returns the deliberate findings of the file name.
func deliberateFindingsIn(name string) []diag.Code {
	if f, ok := deliberateFindings[filepath.Base(name)]; ok {
		return []diag.Code{f.code}
	}
	return nil
}
