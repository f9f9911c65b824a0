package parser

import (
	"github.com/cutec/cutec/ast"
	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/syntax"
)

// Form names a text form: the production a parse starts from.
type Form uint8

const (
	FormExpr       Form = iota // any expression or value form
	FormLayout                 // `shape:stride`
	FormDescriptor             // the basis descriptor EBNF
	FormTuple                  // a value: integer, `?`, `_`, basis entry or tuple (a coordinate)
	FormTile                   // a tile: `[...]`, or the dialect's bare layout, shape or `_`
	FormSwizzle                // `S<B,M,S>`
	FormComposed               // `outer o offset o inner`
	FormStmt                   // one `.cute` line
	FormValue                  // a literal of any kind: value, layout, composed layout, tile or swizzle; no names
	FormIntTuple               // a value without `_`: integer, `?`, basis entry or tuple (int_tuple, shape, stride)
	// FormComposedLayout is the payload of the dialect's composed_layout (and
	// the layout of a memref or a coord_tensor): a composed layout, or a plain
	// layout, which is how the dialect prints a composed layout whose swizzle
	// is the identity (`S<0,4,3> o 0 o L` is printed `L`).
	FormComposedLayout
	numForms
)

// NumForms is one more than the largest Form: forms index arrays of this
// length.
const NumForms = int(numForms)

// describe returns what a form is, for "expected ..." messages.
func (f Form) describe() string {
	switch f {
	case FormExpr:
		return "an expression"
	case FormLayout:
		return "a layout `shape:stride`"
	case FormDescriptor:
		return "a basis descriptor such as `(1@0,1@1)`"
	case FormTuple:
		return "a value (an integer, `?`, `_`, a basis entry or a tuple)"
	case FormIntTuple:
		return "an integer tuple (an integer, `?`, a basis entry or a tuple)"
	case FormTile:
		return "a tile such as `[4:1;_]`"
	case FormSwizzle:
		return "a swizzle `S<B,M,S>`"
	case FormComposed:
		return "a composed layout `inner o offset o outer`"
	case FormValue:
		return "a layout, composed layout, tile, swizzle or integer tuple"
	case FormComposedLayout:
		return "a composed layout `outer o offset o inner` or a layout `shape:stride`"
	}
	return "a statement"
}

// Default limits of Options.
const (
	DefaultMaxDepth  = 256     // the lexer's own default (a test keeps them equal)
	MaxMaxDepth      = 1024    // larger MaxDepth values are lowered to this
	DefaultCacheSize = 1 << 16 // entries
	maxCachedLen     = 4096    // longer payloads are not cached
)

// Options configures a Parser.
type Options struct {
	// MaxDepth is the deepest bracket nesting accepted (E0105 beyond it).
	// Zero means DefaultMaxDepth; values above MaxMaxDepth are lowered to it,
	// which keeps the parser's recursion bounded.
	MaxDepth int
	// CacheSize bounds the number of cached parses. Zero means
	// DefaultCacheSize; a negative value disables the cache.
	CacheSize int
}

// Parser parses text forms. Its cache maps (form, payload text) to the parsed
// tree and diagnostics, since real IR repeats the same layouts thousands of
// times: a payload is cached from its second occurrence on. Cached trees are
// shared, so callers must treat them as read-only. A Parser is safe for
// concurrent use.
type Parser struct {
	maxDepth int
	cache    *cache
	g        *syntax.Parsers // nil: syntax.Fast(), on first use

	noFastRoot bool // tests: parse everything through the full grammar

	// onFallback, when set (by tests), is called each time the fast path
	// declines a whole input and participle runs instead; valid input must
	// never get there (see TestValidInputTakesTheFastPath).
	onFallback func(form Form, src string)
}

// New returns a Parser with the given options.
func New(opts Options) *Parser {
	p := &Parser{maxDepth: opts.MaxDepth} // the grammar is built on first use (grammar)
	if p.maxDepth <= 0 {
		p.maxDepth = DefaultMaxDepth
	}
	if p.maxDepth > MaxMaxDepth {
		p.maxDepth = MaxMaxDepth
	}
	switch {
	case opts.CacheSize == 0:
		p.cache = newCache(DefaultCacheSize)
	case opts.CacheSize > 0:
		p.cache = newCache(opts.CacheSize)
	}
	return p
}

// defaultParser serves the package-level functions.
var defaultParser = New(Options{})

// Parse parses f as the given form, through the cache for every form but
// FormStmt. It returns a nil node exactly when the list holds an error; for
// FormStmt a blank or comment-only line yields neither node nor diagnostic.
func (p *Parser) Parse(form Form, f *diag.File) (ast.Node, diag.List) {
	return p.parse(form, f.Src, func() *diag.File { return f })
}

// parse parses src as form. The file holding src is made only when needed:
// a cache hit without diagnostics needs none.
func (p *Parser) parse(form Form, src []byte, file func() *diag.File) (ast.Node, diag.List) {
	if form == FormStmt || p.cache == nil || len(src) > maxCachedLen {
		return p.parseSource(form, file(), string(src), 0)
	}
	e, ok, admit := p.cache.Get(int(form), src)
	if ok {
		if len(e.diags) == 0 {
			return e.node, nil
		}
		return e.node, e.diagsFor(file())
	}
	text := string(src)
	n, diags := p.parseSource(form, file(), text, 0)
	if admit {
		p.cache.Put(int(form), text, newEntry(n, diags))
	}
	return n, diags
}
