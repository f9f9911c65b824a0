package syntax

// MatchWholeSwizzle is MatchWholeExpr for the SwizzleForm production, the
// root of a swizzle on its own: `S<B,M,S>` or `Sw<B,M,S>`.
func MatchWholeSwizzle(t *Tokens) *SwizzleForm {
	p := rootParser{t}
	if tok := t.Peek(); tok.Type != TokIdent || (tok.Value != "S" && tok.Value != "Sw") {
		return nil
	}
	s := &SwizzleForm{Pos: p.pos(), Name: p.next()}
	if !p.is(TokLAngle, "") {
		return nil
	}
	var ok bool
	if s.Params, ok = p.swizzleParams(); !ok || !t.Peek().EOF() {
		return nil
	}
	s.EndPos = p.end()
	return s
}
