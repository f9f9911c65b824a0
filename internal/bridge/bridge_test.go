package bridge

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/driver"
)

// jsonDiag is the part of a diagnostic object the tests look at.
type jsonDiag struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	Offset   int    `json:"offset"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
}

// decode parses the JSON array of a result's diagnostics.
func decode(t *testing.T, r Result) []jsonDiag {
	t.Helper()
	b := DiagnosticsJSON(r.Diags)
	if !json.Valid(b) || !utf8.Valid(b) {
		t.Fatalf("diagnostics are not valid JSON in UTF-8: %q", b)
	}
	var out []jsonDiag
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// wantCode checks that a result failed with code as its first error.
func wantCode(t *testing.T, r Result, code diag.Code) {
	t.Helper()
	if !r.Failed || r.HasValue {
		t.Errorf("want a failure with %s, got value %q (failed %v)", code, r.Value, r.Failed)
	}
	ds := decode(t, r)
	if len(ds) == 0 || ds[0].Code != string(code) {
		t.Errorf("want first code %s, got %+v", code, ds)
	}
}

// wantValue checks that a result succeeded with the value.
func wantValue(t *testing.T, r Result, value, kind string) {
	t.Helper()
	if r.Failed || !r.HasValue || string(r.Value) != value || r.Kind != kind {
		t.Errorf("want %s %q, got %s %q (failed %v, diagnostics %s)", kind, value, r.Kind, r.Value, r.Failed, DiagnosticsJSON(r.Diags))
	}
}

func TestEval(t *testing.T) {
	// Paper, composition: 4:1 read through 8:2 takes every 2nd offset of 4.
	wantValue(t, Eval([]byte("composition(8:2, 4:1)")), "4:2", "layout")
	// (4,8):(1,4) has 32 coordinates.
	wantValue(t, Eval([]byte("size((4,8):(1,4))")), "32", "integer")
	// A value is canonicalized: spaces dropped.
	wantValue(t, Eval([]byte("(4, 2) : (1, 4)")), "(4,2):(1,4)", "layout")
	wantCode(t, Eval([]byte("compositon(8:2, 4:1)")), diag.UnknownName)
	wantCode(t, Eval(nil), diag.EmptyInput)
}

func TestVerify(t *testing.T) {
	// Paper eq. 20: stride 3 and prefix product 4 of (4,6):(1,5) do not
	// divide one another.
	r := Verify([]byte("composition((4,6):(1,5), 6:3)"))
	wantCode(t, r, diag.StrideDivisibility)
	if ds := decode(t, r); ds[0].Offset != 25 || ds[0].Col != 26 {
		t.Errorf("E0400 should point at 6:3 (offset 25, column 26): %+v", ds[0])
	}
	// (3,8):(1,1) maps (1,0) and (0,1) to offset 1: a warning, and a value.
	r = Verify([]byte("(3,8):(1,1)"))
	if r.Failed || string(r.Value) != "(3,8):(1,1)" {
		t.Errorf("a warning fails the call: %+v", r)
	}
	if ds := decode(t, r); len(ds) == 0 || ds[0].Code != string(diag.Aliasing) || ds[0].Severity != "warning" {
		t.Errorf("want W0900, got %+v", ds)
	}
}

func TestLint(t *testing.T) {
	clean := "# a file\nA = (4,2):(1,4)\nassert size(A) == 8\n"
	if r := Lint("t.cute", []byte(clean), Cute); r.Failed || len(r.Diags) != 0 {
		t.Errorf("clean file: %s", DiagnosticsJSON(r.Diags))
	}
	// 8:1 has 8 coordinates, not 9.
	r := Lint("t.cute", []byte("A = 8:1\nassert size(A) == 9\n"), Cute)
	wantCode(t, r, diag.AssertEqualFailed)
	if ds := decode(t, r); ds[0].Line != 2 {
		t.Errorf("the assert is on line 2: %+v", ds[0])
	}
	// A byte-order mark is skipped, and columns count it.
	if r := Lint("t.cute", []byte("\xef\xbb\xbfA = 8:1\n"), Cute); r.Failed {
		t.Errorf("BOM: %s", DiagnosticsJSON(r.Diags))
	}
	mlir := `%0 = cute.make_layout() : !cute.layout<"(4,8):(1,4)">` + "\n" + `%1 = cute.make_layout() : !cute.layout<"(4,8):(1,4,2)">` + "\n"
	r = Lint("t.mlir", []byte(mlir), MLIR)
	wantCode(t, r, diag.ShapeStrideMismatch)
	if ds := decode(t, r); ds[0].Line != 2 || ds[0].Code != "E0300" {
		t.Errorf("the bad payload is on line 2: %+v", ds)
	}
	wantCode(t, Lint("t", []byte("8:1"), Kind(7)), diag.EmbeddingFailure)
}

func TestFormat(t *testing.T) {
	r := Format("t.cute", []byte("A = (4, 2) : (1, 4)   # pycute spelling\n"), Cute)
	wantValue(t, r, "A = (4,2):(1,4)   # pycute spelling\n", "")
	r = Format("t.mlir", []byte(`x : !cute.layout<"(4, 8) : (1, 4)"> // keep`), MLIR)
	wantValue(t, r, `x : !cute.layout<"(4,8):(1,4)"> // keep`, "")
	wantCode(t, Format("t.cute", []byte("A = (4,8):(1,,4)\n"), Cute), diag.UnexpectedToken)
	wantCode(t, Format("t", nil, Kind(-1)), diag.EmbeddingFailure)
}

func TestDraw(t *testing.T) {
	// (2,2):(1,2) puts offsets 0 1 in column 0 and 2 3 in column 1.
	r := Draw([]byte("(2,2):(1,2)"), 0)
	if r.Failed || !strings.Contains(string(r.Value), "| 0 | 2 |") || !strings.Contains(string(r.Value), "| 1 | 3 |") {
		t.Errorf("text drawing:\n%s", r.Value)
	}
	if r := Draw([]byte("(2,2):(1,2)"), 1); r.Failed || !strings.Contains(string(r.Value), "<svg") {
		t.Errorf("SVG drawing: %.80q", r.Value)
	}
	if r := Draw([]byte("(2,2):(1,2)"), 2); r.Failed || !strings.Contains(string(r.Value), "<html") {
		t.Errorf("HTML drawing: %.80q", r.Value)
	}
	wantCode(t, Draw([]byte("8:1"), 99), diag.EmbeddingFailure)
	wantCode(t, Draw([]byte("size(8:1)"), 0), diag.WrongKind)
	wantCode(t, Draw([]byte("(?,2):(1,?)"), 0), diag.DynamicValue)
	// Too large to draw: the code "cutec show" gives (E0705), not a failure of the embedding.
	wantCode(t, Draw([]byte("(1000,1000):(1,1000)"), 0), diag.ValueTooLarge)
}

// TestHostileInput: invalid UTF-8, NUL bytes and unbalanced text give
// diagnostics, and the JSON stays valid UTF-8.
func TestHostileInput(t *testing.T) {
	wantCode(t, Eval([]byte("(4,8):(1,\xff)")), diag.InvalidUTF8)
	wantCode(t, Verify([]byte("(4,8)\x00:(1,4)")), diag.InvalidCharacter)
	wantCode(t, Eval([]byte(strings.Repeat("(", 100000))), diag.NestingTooDeep)
	for _, src := range []string{"\xff\xfe", "((((", "S<", "\x00", "composition(", "8:1\n8:1"} {
		for _, r := range []Result{Eval([]byte(src)), Verify([]byte(src)), Draw([]byte(src), 2),
			Lint("x", []byte(src), Cute), Lint("x", []byte(src), MLIR), Format("x", []byte(src), Cute)} {
			decode(t, r)
		}
	}
}

func TestGuard(t *testing.T) {
	r := Guard("<expr>", func() Result { panic("boom") })
	wantCode(t, r, diag.EmbeddingFailure)
	if ds := decode(t, r); !strings.Contains(ds[0].Message, "panic: boom") || !strings.Contains(ds[0].Message, "bridge.TestGuard") {
		t.Errorf("the message should carry the panic and the stack where it happened: %q", ds[0].Message)
	}
	if got := string(DiagnosticsJSON(nil)); got != "[]" {
		t.Errorf("no diagnostics: %q, want []", got)
	}
}

// TestConcurrent runs every call from many goroutines at once (run with
// -race): results must not depend on what runs beside them.
func TestConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				wantValue(t, Eval([]byte("composition(8:2, 4:1)")), "4:2", "layout")
				wantCode(t, Verify([]byte("composition((4,6):(1,5), 6:3)")), diag.StrideDivisibility)
				if r := Lint("t.mlir", []byte(`!cute.layout<"(4,8):(1,4)">`), MLIR); r.Failed {
					t.Errorf("goroutine %d: %s", g, DiagnosticsJSON(r.Diags))
				}
			}
		}()
	}
	wg.Wait()
}

// TestLongLine: a line over driver.MaxLineLen is reported (E0109) by every call,
// not parsed; a line of exactly MaxLineLen is parsed.
func TestLongLine(t *testing.T) {
	long := []byte("A = (" + strings.Repeat("1,", driver.MaxLineLen/2) + "1):1\n8:1\n")
	for name, r := range map[string]Result{
		"eval": Eval(long), "verify": Verify(long), "draw": Draw(long, 0),
		"lint": Lint("x", long, Cute), "lint mlir": Lint("x", long, MLIR), "format": Format("x", long, Cute),
	} {
		wantCode(t, r, diag.LineTooLong)
		if ds := decode(t, r); len(ds) != 1 || ds[0].Line != 1 {
			t.Errorf("%s: want one E0109 on line 1: %+v", name, ds)
		}
	}
	exact := append([]byte("#"), strings.Repeat("x", driver.MaxLineLen-1)...)
	if r := Lint("x", exact, Cute); r.Failed {
		t.Errorf("a comment line of exactly MaxLineLen bytes: %s", DiagnosticsJSON(r.Diags))
	}
}

// TestEvalKeepsObligations checks that Eval keeps what "cutec eval" prints
// after a symbolic result: the obligations, in the order of driver.Eval
// (the evaluation the command runs), and the notes text; and that at least
// one of the expressions holds under a condition, so that the comparison
// tests something (python/tests/test_front_ends.py compares them with the
// command itself).
func TestEvalKeepsObligations(t *testing.T) {
	withConditions := 0
	for _, expr := range []string{"logical_divide((M,K):(1,lda), (128,32))", "size(logical_divide(M:1, 128))",
		"complement(4:M, 64)", "zipped_divide((M,N):(1,M), (64,32))", "4*M", "(4,2):(1,4)"} {
		r := Eval([]byte(expr))
		e := driver.Eval(diag.NewFile(ExprName, []byte(expr)))
		if e.Value == nil {
			require.True(t, r.Failed, expr)
			continue
		}
		require.False(t, r.Failed, expr)
		assert.Equal(t, e.Obligations, r.Obligations, expr)
		assert.Equal(t, string(driver.AppendNotes(nil, e.Value, e.Obligations)), string(r.Notes), expr)
		assert.Equal(t, string(driver.AppendObligationsJSON(nil, e.Obligations)), string(r.ObligationsJSON()), expr)
		if len(r.Obligations) > 0 {
			withConditions++
			assert.Contains(t, string(r.Notes), "  # if "+r.Obligations[0].Condition, expr)
		}
	}
	assert.Positive(t, withConditions)
	// A failed call has none.
	r := Eval([]byte("compositon(8:2, 4:1)"))
	assert.True(t, r.Failed)
	assert.Nil(t, r.Obligations)
	assert.Equal(t, "[]", string(r.ObligationsJSON()))
}
