package mlirscan

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// opNames returns the names Ops finds in src.
func opNames(src string) []string {
	var names []string
	Ops([]byte(src), func(at int) {
		end := at
		for end < len(src) && IsNameByte(src[end]) {
			end++
		}
		names = append(names, src[at:end])
	})
	return names
}

// TestOpsSkipComments: an op written in a `//` comment (an old version
// kept beside the new one) is not handed to the op checker; the op on the
// next line is, and so is an op after a `//` inside a string.
func TestOpsSkipComments(t *testing.T) {
	src := "  // %0 = cute.coalesce(%a) : (!cute.layout<\"4:1\">) -> !cute.layout<\"4:1\">\n" +
		"  %1 = cute.size(%a) : (!cute.layout<\"4:1\">) -> !cute.int_tuple<\"4\">\n" +
		"  %2 = \"x\"() {s = \"a//b\"} : () -> i32 %3 = cute.get_shape(%a)\n"
	assert.Equal(t, []string{"size", "get_shape"}, opNames(src))
}

// TestOpsSkipStrings: `= cute.` inside a string literal (an attribute's
// text) is no op.
func TestOpsSkipStrings(t *testing.T) {
	src := "%0 = \"x\"() {doc = \"%1 = cute.size(%a)\"} : () -> i32\n%2 = cute.rank(%a)\n"
	assert.Equal(t, []string{"rank"}, opNames(src))
}

// TestCommentAt: the comment of each line, `//` in a string (with an
// escaped quote before it) starting none.
func TestCommentAt(t *testing.T) {
	src := []byte("a // b\n\"q\\\"//\" c\nd")
	var l Lines
	c, end := l.CommentAt(src, 0)
	assert.Equal(t, [2]int{2, 6}, [2]int{c, end})
	c, end = l.CommentAt(src, 7)
	assert.Equal(t, [2]int{16, 16}, [2]int{c, end}, "no comment on the second line")
	c, end = l.CommentAt(src, 17)
	assert.Equal(t, [2]int{18, 18}, [2]int{c, end})
}

// BenchmarkOps finds the ops of IR in which most bytes are no op (the
// text of parser's BenchmarkScanMLIR, which finds its payloads): the op
// checker's pass over a window, beside the payload scanner's.
func BenchmarkOps(b *testing.B) {
	src := []byte(strings.Repeat(`    %12 = arith.addi %10, %11 : i32 loc(#loc12)
    %13 = "cute.get_iter"(%arg3) : (!cute.memref<f16, smem, !cute.layout<"((8,8),(8,4)):((64,1),(8,512))">>) -> !cute.ptr<f16, smem>
    scf.yield %12, %13 : i32, !cute.ptr<f16, smem>
    %14 = cute.make_swizzle() {sw = #cute.swizzle<"S<3,4,3>">} : !cute.swizzle<"S<3,4,3>">
    // a comment line about nothing in particular, to pad the file like real IR
`, 2000))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		Ops(src, func(int) { n++ })
	}
}

// TestOpIn: the first op of a line outside a comment and a string.
func TestOpIn(t *testing.T) {
	for line, want := range map[string]int{
		`%0 = cute.size(%a)`:                            len(`%0 = cute.`),
		`  // %0 = cute.size(%a)`:                       -1,
		`%0 = "x"() {s = "%1 = cute.size"} : () -> i32`: -1,
		`%0 = "x"() {s = "//"} %1 = cute.rank(%a)`:      len(`%0 = "x"() {s = "//"} %1 = cute.`),
		`%0 = arith.addi %a, %b : i32`:                  -1,
	} {
		at, ok := OpIn([]byte(line))
		if want < 0 {
			assert.False(t, ok, "%q", line)
		} else {
			assert.Equal(t, [2]any{want, true}, [2]any{at, ok}, "%q", line)
		}
	}
}

// TestOpsOfOneLongLine: a line of 20,000 ops after a string and in a
// comment (a hostile line of lint's limit) is read once: each op is found,
// and none of the commented ones. Asking each op's line from its start
// took a minute here.
func TestOpsOfOneLongLine(t *testing.T) {
	line := `%s = "x" ` + strings.Repeat(`%0 = cute.size(%a) `, 20000)
	n := 0
	Ops([]byte(line+"// "+line), func(int) { n++ })
	assert.Equal(t, 20000, n)
}
