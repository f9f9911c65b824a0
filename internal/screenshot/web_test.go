package screenshot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The playground (web/, built by "python3 web/build.py" into build/web) is
// opened from disk in headless Chromium with its state in the URL, and what
// the page shows is compared with what the cutec command prints for the
// same input: the result with "cutec eval", its derivation with "cutec eval
// -explain", the diagnostics (carets
// included) with "cutec verify", the .cute editor's lint with "cutec lint",
// the bank report with "cutec banks". The drawing's cells are compared with
// the layout's values computed here from the definition.

// page is one URL state of the playground and what to check in it.
type page struct {
	expr      string
	params    url.Values // more of the URL: elem, atom, f
	cells     func(r, c int) int
	rows, col int
}

// stride2 is the offset function of a rank-2 layout with strides s0, s1
// (CuTe paper: the offset of (i, j) is i*s0 + j*s1).
func stride2(s0, s1 int) func(r, c int) int {
	return func(r, c int) int { return r*s0 + c*s1 }
}

// The expressions: the README's examples of eval, verify and show, with
// an error of each kind (an unknown operation, a swizzle where a layout is
// needed, an invariant broken) and a symbolic result.
var pages = []page{
	{expr: "(4,8):(8,1)", cells: stride2(8, 1), rows: 4, col: 8},
	{expr: "(8,2):(1,8)", cells: stride2(1, 8), rows: 8, col: 2},
	{expr: "(4, 2):(1, 4)", cells: stride2(1, 4), rows: 4, col: 2},
	// CuTe's swizzle.hpp: S<B,M,S> maps o to o ^ ((o & yyy) >> S) with
	// yyy = ((1<<B)-1) << (M+S); S<2,1,2>: yyy = 0b11000.
	{expr: "S<2,1,2> o 0 o (4,8):(8,1)", rows: 4, col: 8, cells: func(r, c int) int {
		o := r*8 + c
		return o ^ ((o & 0b11000) >> 2)
	}},
	{expr: "composition((4,6,8,10):(2,3,5,7), 6:12)"},
	{expr: "logical_divide((8,16):(20,1), [4:1;8:2])"},
	{expr: "compositon(8:2, 4:1)"},
	{expr: "size(S<3,4,3>)"},
	{expr: "composition((4,6):(1,5), 6:3)"},
	{expr: "logical_divide((M,K):(1,lda), (128,32))"},
	{expr: "composition((4,6):(1,5), 4:2)"},
	{expr: "make_tiled_mma(UniversalFMA, (2,2,1))"}, // docs/tiled.md: drawn as SVG pictures
	{expr: "(8,8):(8,1)", params: url.Values{"elem": {"f32"}, "atom": {"ld.shared.b32"}}},
	{expr: "(16,64):(64,1)", params: url.Values{"elem": {"f16"}, "atom": {"ldmatrix.x4"}, "suggest": {"1"}}},
	{expr: "8:1", params: url.Values{"f": {"x = (4,8):(8,1)\nexpect size(x) == 31\ny = compositon(x, 2)\n"}}},
}

// playground returns the built page, or skips when it is not built (fails
// with CUTEC_REQUIRE_PLAYGROUND=1, set by .ci/web, which builds it; the
// other stages that run this package's tests do not).
func playground(t *testing.T) string {
	p, err := filepath.Abs(filepath.Join("..", "..", "build", "web", "index.html"))
	require.NoError(t, err)
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CUTEC_REQUIRE_PLAYGROUND") == "1" {
			t.Fatalf("%s is not built: run python3 web/build.py", p)
		}
		t.Skipf("%s is not built (python3 web/build.py): the playground is not checked", p)
	}
	return p
}

var cutecBin struct {
	once sync.Once
	path string
	err  error
}

// cutec runs the cutec command (built once) with args and stdin and returns
// its standard output and error together, as the page shows them.
func cutec(t *testing.T, stdin string, args ...string) string {
	cutecBin.once.Do(func() {
		dir, err := os.MkdirTemp("", "cutec-web")
		if err != nil {
			cutecBin.err = err
			return
		}
		cutecBin.path = filepath.Join(dir, "cutec")
		out, err := exec.Command("go", "build", "-o", cutecBin.path, "github.com/cutec/cutec/cmd/cutec").CombinedOutput()
		if err != nil {
			cutecBin.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	require.NoError(t, cutecBin.err)
	cmd := exec.Command(cutecBin.path, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	_ = cmd.Run() // a finding exits 1: the output is what is compared
	return out.String() + errOut.String()
}

// query is the page's URL query for p.
func (p page) query() string {
	v := url.Values{"e": {p.expr}}
	for k, vs := range p.params {
		v[k] = vs
	}
	return v.Encode()
}

// element returns the text of the element with id in a dumped DOM.
func element(t *testing.T, dom, tag, id string) string {
	m := regexp.MustCompile(`(?s)<` + tag + ` id="` + id + `"[^>]*>(.*?)</` + tag + `>`).FindStringSubmatch(dom)
	require.NotNil(t, m, "no <%s id=%q> in the page", tag, id)
	return html.UnescapeString(m[1])
}

func TestPlaygroundInBrowser(t *testing.T) {
	chromium := browser(t)
	index := playground(t)
	for _, p := range pages {
		t.Run(p.expr, func(t *testing.T) {
			t.Parallel()
			b := openPage(t, chromium, "file://"+index+"?"+p.query())
			dom := b.eval(t, "document.documentElement.outerHTML")
			assert.Equal(t, cutec(t, "", "eval", "--", p.expr), element(t, dom, "pre", "result"), "result")
			assert.Equal(t, cutec(t, "", "eval", "-explain", "--", p.expr), element(t, dom, "pre", "explain"), "derivation")
			diags := element(t, dom, "pre", "diagnostics")
			assert.Equal(t, cutec(t, "", "verify", "--", p.expr), diags, "diagnostics")
			checkCaret(t, p.expr, diags)
			if p.cells != nil {
				checkTableCells(t, p, element(t, dom, "div", "drawing"))
			}
			if strings.HasPrefix(p.expr, "make_tiled_") {
				want := cutec(t, "", "show", "-format", "svg", "--", p.expr)
				require.True(t, strings.HasPrefix(want, "<svg"), want)
				assert.Contains(t, element(t, dom, "div", "drawing"), `<g id="C">`, "the tiled MMA's picture of C")
			}
			if p.params.Has("atom") {
				args := []string{"banks"}
				if p.params.Has("suggest") {
					args = append(args, "-suggest")
				}
				args = append(args, "--", p.expr, p.params.Get("elem"), p.params.Get("atom"))
				assert.Equal(t, cutec(t, "", args...), element(t, dom, "pre", "banks-text"), "banks")
				assert.Contains(t, element(t, dom, "div", "banks"), "<svg", "the bank picture")
			}
			if p.params.Has("f") {
				want := cutec(t, p.params.Get("f"), "lint")
				require.NotEmpty(t, want, "the editor's text has findings")
				assert.Equal(t, want, element(t, dom, "pre", "lint"), "lint")
			}
		})
	}
}

// checkCaret checks that the first diagnostic's caret is under the
// character "cutec eval -json" locates its error at (line 1, col).
func checkCaret(t *testing.T, expr, diags string) {
	var out struct {
		Error *struct{ Col int } `json:"error"`
	}
	require.NoError(t, json.Unmarshal([]byte(cutec(t, "", "eval", "-json", "--", expr)), &out))
	if out.Error == nil {
		return
	}
	lines := strings.Split(diags, "\n")
	require.GreaterOrEqual(t, len(lines), 3, "an error has a message, the source and a caret line: %q", diags)
	head := regexp.MustCompile(`^<arg1>:1:(\d+): `).FindStringSubmatch(lines[0])
	require.NotNil(t, head, "the diagnostic's position: %q", lines[0])
	col, _ := strconv.Atoi(head[1])
	assert.Equal(t, out.Error.Col, col, "verify and eval -json locate the error at the same column")
	assert.Equal(t, "    "+expr, lines[1], "the source line")
	caret := strings.IndexByte(lines[2], '^')
	assert.Equal(t, 4+out.Error.Col-1, caret, "the caret is under column %d:\n%s\n%s", out.Error.Col, lines[1], lines[2])
}

// checkTableCells compares the drawing's cells, row by row, with the layout's
// values.
func checkTableCells(t *testing.T, p page, drawing string) {
	rows := regexp.MustCompile(`(?s)<tr>(.*?)</tr>`).FindAllStringSubmatch(drawing, -1)
	require.Len(t, rows, p.rows+1, "a header row and one row per index of mode 0")
	td := regexp.MustCompile(`<td[^>]*>([^<]*)</td>`)
	for r := range p.rows {
		cells := td.FindAllStringSubmatch(rows[r+1][1], -1)
		require.Len(t, cells, p.col, "row %d", r)
		for c := range p.col {
			assert.Equal(t, strconv.Itoa(p.cells(r, c)), cells[c][1], "cell (%d,%d)", r, c)
		}
	}
}

// TestPlaygroundScreenshot checks what a person sees of a shared link to a
// layout's drawing (view=drawing): a grid of 4x8 cells, a label in each.
func TestPlaygroundScreenshot(t *testing.T) {
	chromium := browser(t)
	index := playground(t)
	q := url.Values{"e": {"(4,8):(8,1)"}, "view": {"drawing"}}.Encode()
	b := openPage(t, chromium, "file://"+index+"?"+q)
	img, err := png.Decode(bytes.NewReader(b.screenshot(t)))
	require.NoError(t, err)
	check(t, img, drawing{name: "playground", rows: 4, cols: 8})
}

// TestPlaygroundTimings measures the playground (web/measure.sh runs it; it
// asserts nothing about time): the first answer, from the navigation's
// start to the result on screen, and a keystroke's answer (the wasm's work
// after the 40 ms debounce) for the expressions of the browser test. It
// runs only with CUTEC_WEB_MEASURE=1.
func TestPlaygroundTimings(t *testing.T) {
	if os.Getenv("CUTEC_WEB_MEASURE") != "1" {
		t.Skip("CUTEC_WEB_MEASURE=1 measures the playground (web/measure.sh)")
	}
	chromium := browser(t)
	index := playground(t)
	// From a web server (the module streamed and compiled as it downloads)
	// and from disk (the module decoded from cutec-wasm.js).
	srv := httptest.NewServer(http.FileServer(http.Dir(filepath.Dir(index))))
	defer srv.Close()
	for _, base := range []string{srv.URL + "/index.html", "file://" + index} {
		for range 3 {
			b := openPage(t, chromium, base+"?e="+url.QueryEscape("(4,8):(8,1)"))
			t.Logf("first answer (ms after navigation start, %s): wasm bytes %s, compiled %s, started %s, first result %s, all panels %s",
				base[:strings.Index(base, ":")], b.eval(t, "document.body.dataset.bytesMs || '-'"), b.eval(t, "document.body.dataset.compiledMs"),
				b.eval(t, "document.body.dataset.loadMs"), b.eval(t, "document.body.dataset.firstResultMs"),
				b.eval(t, "document.body.dataset.readyMs"))
			worst, worstResult := 0.0, 0.0
			for _, p := range pages {
				for range 5 {
					ms := b.eval(t, "($('expr').value = "+strconv.Quote(p.expr)+", timed('update', updateExpr), document.body.dataset.updateMs)")
					v, err := strconv.ParseFloat(ms, 64)
					require.NoError(t, err, ms)
					worst = max(worst, v)
					ms = b.eval(t, "($('expr').value = "+strconv.Quote(p.expr)+", timed('result', updateResult), document.body.dataset.resultMs)")
					v, err = strconv.ParseFloat(ms, 64)
					require.NoError(t, err, ms)
					worstResult = max(worstResult, v)
				}
			}
			src := b.eval(t, "($('source').value = $('source').value + 'z = (8,8):(1,8)\\n', timed('lint', updateLint), document.body.dataset.lintMs)")
			t.Logf("keystroke: the slowest of %d results %.1f ms, of eval+verify+show updates %.1f ms; a lint of the editor %s ms", 5*len(pages), worstResult, worst, src)
		}
	}
}

// TestPlaygroundTyping types into the page as a person does (an input
// event per edit) and checks that the answers follow and that the address
// bar holds the new state, so that a link shares it.
func TestPlaygroundTyping(t *testing.T) {
	chromium := browser(t)
	index := playground(t)
	b := openPage(t, chromium, "file://"+index+"?e=8%3A1")
	typeInto := func(id, text string) {
		b.eval(t, "(() => { const el = $("+strconv.Quote(id)+"); el.value = "+strconv.Quote(text)+"; el.dispatchEvent(new Event('input')); return '' })()")
	}
	waitFor := func(id, want string) {
		deadline := time.Now().Add(30 * time.Second)
		for {
			got := b.eval(t, "$("+strconv.Quote(id)+").textContent")
			if got == want {
				return
			}
			require.True(t, time.Now().Before(deadline), "#%s is still %q, want %q", id, got, want)
			time.Sleep(20 * time.Millisecond)
		}
	}
	for _, e := range []string{"(4,8)", "(4,8):(8", "(4,8):(8,1)", "compositon(8:2, 4:1)", "composition((4,6):(1,5), 6:3)"} {
		typeInto("expr", e)
		waitFor("result", cutec(t, "", "eval", "--", e))
		waitFor("diagnostics", cutec(t, "", "verify", "--", e))
		assert.Equal(t, "?"+url.Values{"e": {e}}.Encode(), b.eval(t, "location.search"), "the address bar")
	}
	src := "x = (4,8):(8,1)\nexpect cosize(x) == 30\n"
	typeInto("source", src)
	waitFor("lint", cutec(t, src, "lint"))
	assert.Contains(t, b.eval(t, "location.search"), "f="+url.QueryEscape(src), "the address bar holds the editor's text")
}
