package diag

// result converts a diagnostic to a SARIF result.
func (s *SARIF) result(d *Diagnostic) sarifResult {
	r := sarifResult{
		RuleID:  string(d.Code),
		Level:   sarifLevel(d.Severity),
		Message: sarifMessage{d.Message},
	}
	if i, ok := s.ruleIndex[d.Code]; ok {
		r.RuleIndex = &i
	}
	if d.Detail != "" {
		r.Message.Text += "\n" + d.Detail
	}
	if loc := sarifPhysical(d.File, d.Span); loc != nil {
		r.Locations = []sarifLocation{{PhysicalLocation: loc}}
	}
	for i, n := range d.Notes {
		id := i
		r.RelatedLocations = append(r.RelatedLocations, sarifLocation{
			ID:               &id,
			PhysicalLocation: sarifPhysical(n.File, n.Span),
			Message:          &sarifMessage{n.Message},
		})
	}
	if fix := sarifFixOf(d); fix != nil {
		r.Fixes = []sarifFix{*fix}
	}
	return r
}

// sarifFixOf converts a diagnostic's fix. SARIF requires at least one
// artifact change, so a fix without edits, or without a File to apply them
// to, is left out (the rule's help still gives the general fix).
func sarifFixOf(d *Diagnostic) *sarifFix {
	if d.Fix == nil || len(d.Fix.Edits) == 0 || d.File == nil {
		return nil
	}
	change := sarifArtifactChange{ArtifactLocation: sarifArtifactLocation{fileURI(d.File.Name)}}
	for _, e := range d.Fix.Edits {
		change.Replacements = append(change.Replacements, sarifReplacement{
			DeletedRegion:   sarifRegionOf(d.File, e.Span),
			InsertedContent: sarifMessage{e.NewText},
		})
	}
	return &sarifFix{sarifMessage{d.Fix.Message}, []sarifArtifactChange{change}}
}
