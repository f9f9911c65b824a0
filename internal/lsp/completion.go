package lsp

import (
	"encoding/json"
	"strings"

	"github.com/cutec/cutec/normalize"
)

// isNameByte reports whether c may be part of a .cute name or operation.
func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func (s *Server) completion(params json.RawMessage) (any, *rpcError) {
	p, d, err := openDocument[positionParams](s, params)
	if err != nil {
		return nil, err
	}
	list := completionList{Items: []completionItem{}}
	if d.isMLIR || d.isSource {
		return list, nil
	}
	line, b := d.offset(p.Position)
	l := d.lines[line]
	start := b
	for start > 0 && isNameByte(l[start-1]) {
		start--
	}
	prefix := l[start:b]
	for _, op := range normalize.Operations() {
		if !strings.HasPrefix(op, prefix) {
			continue
		}
		doc, _ := normalize.OperationDoc(op)
		list.Items = append(list.Items, completionItem{
			Label: op, Kind: completionFunction, Detail: firstLine(doc),
			Documentation: &markupContent{Kind: "markdown", Value: doc},
		})
	}
	a := d.analysis()
	if a == nil {
		return list, nil // a document over maxAnalysisBytes: the operations only
	}
	for _, name := range sortedKeys(a.defs) {
		if strings.HasPrefix(name, prefix) {
			list.Items = append(list.Items, completionItem{Label: name, Kind: completionVariable, Detail: "name defined on line " + itoa(d.lineOfSpan(a, a.defs[name])+1)})
		}
	}
	return list, nil
}

func firstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}
