package lsp

import (
	"encoding/json"
	"strings"
)

// definition answers textDocument/definition: where a .cute name or an
// MLIR type alias is defined.
func (s *Server) definition(params json.RawMessage) (any, *rpcError) {
	p, d, err := openDocument[positionParams](s, params)
	if err != nil {
		return nil, err
	}
	line, b := d.offset(p.Position)
	if d.isSource {
		return nil, nil
	}
	if !d.isMLIR {
		return d.cuteDefinition(line, b), nil
	}
	name, _, _ := aliasAt(d.lines[line], b)
	if name == "" {
		return nil, nil
	}
	def := d.aliasDef(name, line)
	if def < 0 {
		return nil, nil
	}
	col := strings.Index(d.lines[def], name)
	return []Location{{URI: d.uri, Range: Range{Start: d.position(def, col), End: d.position(def, col+len(name))}}}, nil
}

// cuteDefinition returns where the name at a byte of a .cute document is
// defined.
func (d *document) cuteDefinition(line, b int) any {
	a := d.analysis()
	if a == nil {
		return nil
	}
	id := a.identAt(a.offsetOf(line, b))
	if id == nil {
		return nil
	}
	span, ok := a.defs[id.Name]
	if !ok {
		return nil
	}
	return []Location{{URI: d.uri, Range: d.rangeOf(a, span)}}
}

func (s *Server) references(params json.RawMessage) (any, *rpcError) {
	p, d, err := openDocument[referenceParams](s, params)
	if err != nil {
		return nil, err
	}
	if d.isSource {
		return []Location{}, nil
	}
	if d.isMLIR {
		return d.aliasReferences(p.Position, p.Context.IncludeDeclaration), nil
	}
	line, b := d.offset(p.Position)
	a := d.analysis()
	if a == nil {
		return []Location{}, nil
	}
	id := a.identAt(a.offsetOf(line, b))
	if id == nil {
		return []Location{}, nil
	}
	def, hasDef := a.defs[id.Name]
	out := []Location{}
	for _, span := range a.refs[id.Name] {
		if hasDef && span == def && !p.Context.IncludeDeclaration {
			continue
		}
		out = append(out, Location{URI: d.uri, Range: d.rangeOf(a, span)})
	}
	return out, nil
}

// aliasReferences returns every use of the MLIR alias at a position, in
// its module.
func (d *document) aliasReferences(p Position, withDecl bool) []Location {
	line, b := d.offset(p)
	name, _, _ := aliasAt(d.lines[line], b)
	out := []Location{}
	if name == "" {
		return out
	}
	def := d.aliasDef(name, line)
	mod := d.aliasesAt(line)
	for i, l := range d.lines {
		if !strings.Contains(l, name) || !mod.SameModule(d.aliasesAt(i)) {
			continue // another module's alias of the same name is another alias
		}
		for from := 0; ; {
			j := indexFrom(l, name, from)
			if j < 0 {
				break
			}
			end := j + len(name)
			from = end
			if end < len(l) && isAliasByte(l[end]) {
				continue // a longer name
			}
			if i == def && !withDecl && j == firstNonBlank(l) {
				continue
			}
			out = append(out, Location{URI: d.uri, Range: Range{Start: d.position(i, j), End: d.position(i, end)}})
		}
	}
	return out
}

func indexFrom(s, sub string, from int) int {
	if from > len(s) {
		return -1
	}
	i := strings.Index(s[from:], sub)
	if i < 0 {
		return -1
	}
	return from + i
}

func firstNonBlank(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' && s[i] != '\t' {
			return i
		}
	}
	return len(s)
}
