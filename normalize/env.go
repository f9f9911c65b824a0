package normalize

import (
	"fmt"
	"sort"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/internal/suggest"
	"github.com/cutec/cutec/layout"
)

// Env holds the names a .cute file has defined so far.
type Env struct {
	vars        map[string]binding
	nodes       int64 // the nodes of the values bound, up to MaxEnvNodes
	suggestWork int64 // what is left of maxSuggestWork
}

// MaxEnvNodes bounds the nodes of all the values the names of one file hold
// together (eight values of layout.MaxNodes), so that a file of many large
// definitions does not hold memory in proportion to a multiple of its size:
// Room refuses a definition past it (E0705).
const MaxEnvNodes = 8 * layout.MaxNodes

// Room returns an error with layout.CodeValueTooLarge when binding v would
// take the values of the environment past MaxEnvNodes. Define does not
// check it; a caller that defines names from input calls Room first.
func (e *Env) Room(v Value) error {
	left := MaxEnvNodes - e.nodes
	if n := valueNodes(v, left); n > left {
		err := layout.ErrValueTooLarge("define", e.nodes+n)
		err.Msg = fmt.Sprintf("the names of this file would hold at least %d nodes (leaves and tuples) with this one, more than the bound of %d on what a file defines", e.nodes+n, int64(MaxEnvNodes))
		return err
	}
	return nil
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
func NewEnv() *Env { return &Env{vars: map[string]binding{}, suggestWork: maxSuggestWork} }

// maxSuggestWork bounds the work of suggesting names for the unknown names
// of one file (the cells of the edit distances and the names visited),
// which would otherwise grow with the product of the names a file defines
// and the unknown names it uses: past it, unknown names get suggestions
// among the operations only.
const maxSuggestWork = 1 << 24

// suggest returns the defined name or the operation closest to name, or ""
// (see the package's suggest). The defined names are searched while the
// file's budget of work lasts, and only those whose length could be close.
func (e *Env) suggest(name string) string {
	var known []string
	if e != nil && e.suggestWork > 0 {
		limit := len(name)/3 + 2
		var close []string
		e.suggestWork -= int64(len(e.vars))
		for k := range e.vars {
			if d := len(k) - len(name); d < limit && -d < limit {
				close = append(close, k)
			}
		}
		sort.Strings(close)
		for _, k := range close {
			if e.suggestWork -= int64((len(k) + 1) * (len(name) + 1)); e.suggestWork < 0 {
				break
			}
			known = append(known, k)
		}
	}
	return suggest.Closest(name, append(known, operationNames()...))
}

// Define binds name to v, defined at site. It returns false and the site of
// the first definition when the name is already bound.
func (e *Env) Define(name string, v Value, site Site) (first Site, ok bool) {
	if b, dup := e.vars[name]; dup {
		return b.site, false
	}
	e.vars[name] = binding{v, site}
	e.nodes += valueNodes(v, MaxEnvNodes)
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
