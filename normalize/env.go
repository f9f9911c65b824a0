package normalize

import (
	"sort"

	"github.com/cutec/cutec/diag"
)

// Env holds the names a .cute file has defined so far.
type Env struct {
	vars  map[string]binding
	facts map[string]int64 // the facts of symbols declared by `let` (convert_symbol.go)
}

type binding struct {
	v    Value
	site Site
}

// Site is where a name was defined: a span of a file. A streaming reader
// should give a file that outlives its read buffer (see verify's Cute).
type Site struct {
	File *diag.File
	Span diag.Span
}

// NewEnv returns an empty environment.
func NewEnv() *Env { return &Env{vars: map[string]binding{}} }

// Define binds name to v, defined at site. It returns false and the site of
// the first definition when the name is already bound.
func (e *Env) Define(name string, v Value, site Site) (first Site, ok bool) {
	if b, dup := e.vars[name]; dup {
		return b.site, false
	}
	e.vars[name] = binding{v, site}
	return Site{}, true
}

// Lookup returns the value bound to name.
func (e *Env) Lookup(name string) (Value, bool) {
	if e == nil {
		return nil, false
	}
	b, ok := e.vars[name]
	return b.v, ok
}

// Names returns the defined names in order.
func (e *Env) Names() []string {
	if e == nil {
		return nil
	}
	names := make([]string, 0, len(e.vars))
	for n := range e.vars {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
