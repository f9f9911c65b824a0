/*
 * cutec.h: the C ABI of cutec, a checker for CuTe layouts.
 *
 * Build the shared library with
 *
 *     go build -buildmode=c-shared -o libcutec.so ./capi
 *
 * (python3 python/build.py does it and more), then compile against this
 * header and link with -lcutec. This header is written by hand and is the
 * stable interface; ignore the libcutec.h that go build writes beside the
 * library.
 *
 * Every call takes its input as a pointer and a length in bytes (the text
 * need not end in NUL and may hold any bytes: invalid UTF-8, NUL and other
 * bad input give diagnostics), and returns a newly allocated cutec_result
 * that the caller frees with cutec_result_free. Nothing else is ever
 * returned to free, and no call keeps a pointer to its input.
 *
 * Thread safety: every function may be called from any number of threads
 * at once. Calls share no state that can change a result; the library keeps
 * only caches that speed up repeated inputs.
 *
 * Fork: a call in a process forked from the one that loaded the library
 * (where the Go runtime's threads are gone) is refused at once with an E0808
 * diagnostic instead of entering Go, which could hang; load the library
 * after the fork (exec). cutec_result_free works in a child too.
 *
 * Failure: a call never aborts the process on bad input. Errors in the input
 * and misuse (an unknown kind or format, NULL with a non-zero length) are
 * diagnostics; a failure inside the library (a Go panic) is caught before
 * it reaches the caller and reported as a diagnostic with code E0808.
 * The calls return NULL only when memory for the result cannot be
 * allocated. (Exhausting the Go heap still ends the process.)
 *
 * See docs/embedding.md for the reference and examples.
 */
#ifndef CUTEC_H
#define CUTEC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this interface. A library whose cutec_version() differs in
 * the major number is not compatible with this header. */
#define CUTEC_VERSION_MAJOR 0
#define CUTEC_VERSION_MINOR 2
#define CUTEC_VERSION "0.2.0"

/* cutec_result.status */
#define CUTEC_OK 0     /* no error: value is set (for eval, verify, format, draw) */
#define CUTEC_FAILED 1 /* an error diagnostic: value is NULL */

/* Kinds of a buffer for cutec_lint and cutec_format. */
#define CUTEC_CUTE 0 /* a .cute file: statements, assert, expect */
#define CUTEC_MLIR 1 /* MLIR text: the payloads of !cute.layout<"..."> and kin */

/* Formats of cutec_draw. */
#define CUTEC_DRAW_TEXT 0 /* the table of CuTe's print_layout */
#define CUTEC_DRAW_SVG 1  /* a standalone SVG image */
#define CUTEC_DRAW_HTML 2 /* a standalone HTML page */
#define CUTEC_DRAW_LATEX 3 /* the TikZ picture of CuTe's print_latex */

/* The result of a call. All of it belongs to the caller until passed to
 * cutec_result_free, which frees the struct and every string in it. */
typedef struct cutec_result {
	int status;             /* CUTEC_OK or CUTEC_FAILED */
	char *value;            /* the result text, NUL-terminated; NULL when there is none */
	size_t value_len;       /* length of value in bytes, without the NUL (value may hold NUL
	                           bytes only for cutec_format of input that holds them) */
	char *kind;             /* what eval and verify computed: "layout", "integer", "tuple",
	                           "swizzle", "composed layout", "tiler", "offset layout",
	                           "basis descriptor" or "boolean"; NULL for other calls */
	char *diagnostics;      /* never NULL: a JSON array of the objects of
	                           "cutec lint -format json" (file, line, col, end_line,
	                           end_col, offset, end_offset, severity, code, message,
	                           detail, notes, fix), sorted by position; "[]" when none */
	size_t diagnostics_len; /* length of diagnostics in bytes, without the NUL */
	/* Since 0.2.0. What a symbolic result of cutec_eval holds under, as
	 * "cutec eval" prints it; for other calls and results without
	 * conditions, obligations is "[]" and notes "". */
	char *obligations;      /* never NULL: the JSON array "cutec eval -json" prints as its
	                           field "obligations", such as
	                           [{"condition":"128 | M","proved":false}] */
	size_t obligations_len; /* length of obligations in bytes, without the NUL */
	char *notes;            /* never NULL: the text "cutec eval" prints after the value, such
	                           as "  # if 128 | M" or "  # div=32; M{div=8}" */
} cutec_result;

/* The version of the library, "MAJOR.MINOR.PATCH". Static: do not free. */
const char *cutec_version(void);

#ifndef CUTEC_NO_PROTOTYPES
/* cutec_eval evaluates a value or an expression, as "cutec eval" does:
 * value is the canonical text of the result, such as "(2,3):(9,5)" for
 * "composition((4,6,8,10):(2,3,5,7), 6:12)", and a symbolic result comes
 * with its conditions in obligations and notes (value followed by notes is
 * the line "cutec eval" prints). On failure the first error of diagnostics
 * is the one "cutec eval" prints. Positions name "<expr>". */
cutec_result *cutec_eval(const char *expr, size_t len);

/* cutec_verify evaluates a value or an expression and runs every default
 * check, as "cutec verify" does. value is set when the input evaluates and
 * no diagnostic is an error; warnings leave status CUTEC_OK. */
cutec_result *cutec_verify(const char *expr, size_t len);

/* cutec_lint checks a whole buffer as a .cute file (CUTEC_CUTE) or as MLIR
 * (CUTEC_MLIR), as "cutec lint" checks a file. value is always NULL.
 * name (NULL for "<input>") names the buffer in diagnostics. */
cutec_result *cutec_lint(const char *name, const char *src, size_t len, int kind);

/* cutec_format rewrites the values of a .cute buffer, or the payloads of an
 * MLIR buffer, in canonical spelling and keeps every other byte, as
 * "cutec fmt" does. value is the formatted text; a syntax error fails. */
cutec_result *cutec_format(const char *name, const char *src, size_t len, int kind);

/* cutec_draw evaluates an expression that gives a layout, a composed
 * layout, a tiled MMA or a tiled copy and draws it as "cutec show" does, in
 * CUTEC_DRAW_TEXT, CUTEC_DRAW_SVG, CUTEC_DRAW_HTML or CUTEC_DRAW_LATEX
 * (CuTe's print_latex; "cutec show -format latex"). A dynamic layout (E0700), another kind
 * of value (E0205) or one larger than 256 x 256 cells (E0705, as from
 * "cutec show") fails. */
cutec_result *cutec_draw(const char *expr, size_t len, int format);

/* cutec_explain derives a value or an expression step by step, as "cutec
 * eval -explain -json" does (docs/explain.md): value is the derivation's JSON
 * object {"expr","value","failed","steps"}, each step {"rule","expr",
 * "value","note","depth"}; the last step's value is the result. It is set
 * also when the expression fails: the derivation then ends with the error. */
cutec_result *cutec_explain(const char *expr, size_t len);

/* cutec_inspect evaluates a value or an expression as cutec_eval does and
 * gives it as structured JSON for bindings: value is the object {"value",
 * "kind", "obligations", "symbols", ...} with the parts of the value
 * ("shape" and "stride" of a layout, "a", "offset", "b" and "elem_bits" of
 * a composed layout A o offset o B (elem_bits N > 0 for a byte swizzle
 * S o smem_ptr[Nb](unset) o B, 0 otherwise), "bits", "base" and "shift" of a swizzle, "tiles"
 * of a tiler, "tuple" of a tuple; a static integer leaf is a number, any
 * other leaf its text) and, for a call of banks, wavefronts or bank_check,
 * "banks": the analysis of "cutec banks -format json". An empty input
 * (len 0) gives {"operations":[{"name","doc"}...]}, every operation an
 * expression may call. Errors are those of cutec_eval. */
cutec_result *cutec_inspect(const char *expr, size_t len);

/* cutec_result_free frees a result and all its strings. NULL is allowed. */
void cutec_result_free(cutec_result *result);
#endif /* CUTEC_NO_PROTOTYPES */

#ifdef __cplusplus
}
#endif

#endif /* CUTEC_H */
