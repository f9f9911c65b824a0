package diag

import (
	"net/url"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// The SARIF 2.1.0 objects cutec writes. Field order is output order; only the
// properties cutec fills are declared.

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string             `json:"id"`
	Name                 string             `json:"name"`
	ShortDescription     sarifMessage       `json:"shortDescription"`
	Help                 sarifMessage       `json:"help"`
	HelpURI              string             `json:"helpUri"`
	DefaultConfiguration sarifConfiguration `json:"defaultConfiguration"`
	Properties           sarifRuleProps     `json:"properties"`
}

type sarifRuleProps struct {
	Example string `json:"example"`
	Dialect string `json:"dialect,omitempty"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	RuleIndex        *int            `json:"ruleIndex,omitempty"`
	Level            string          `json:"level"`
	Message          sarifMessage    `json:"message"`
	Locations        []sarifLocation `json:"locations,omitempty"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
	Fixes            []sarifFix      `json:"fixes,omitempty"`
}

type sarifLocation struct {
	ID               *int                   `json:"id,omitempty"`
	PhysicalLocation *sarifPhysicalLocation `json:"physicalLocation,omitempty"`
	Message          *sarifMessage          `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           sarifRegion           `json:"region"`
}

type sarifArtifactLocation struct {
	URI string `json:"uri"`
}

// sarifRegion carries a span twice: as lines and columns (columns in Unicode
// code points, see sarifColumnKind) and as byte offset and length in the
// whole file. Both describe the same bytes.
type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
	ByteOffset  int `json:"byteOffset"`
	ByteLength  int `json:"byteLength"`
}

type sarifFix struct {
	Description     sarifMessage          `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Replacements     []sarifReplacement    `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion  `json:"deletedRegion"`
	InsertedContent sarifMessage `json:"insertedContent"`
}

// sarifLevel maps a severity to a SARIF level.
func sarifLevel(s Severity) string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "note"
}

// sarifRules builds the rules array from a catalogue, in its order.
func sarifRules(cat []CodeInfo) []sarifRule {
	rules := make([]sarifRule, len(cat))
	for i, c := range cat {
		rules[i] = sarifRule{
			ID:                   string(c.Code),
			Name:                 c.Name,
			ShortDescription:     sarifMessage{c.Invariant},
			Help:                 sarifMessage{c.Fix},
			HelpURI:              DocsURL + "#" + strings.ToLower(string(c.Code)) + "-" + c.Name,
			DefaultConfiguration: sarifConfiguration{sarifLevel(c.Severity)},
			Properties:           sarifRuleProps{c.Example, c.Dialect},
		}
	}
	return rules
}

// sarifPhysical locates a span of f, or returns nil for a nil File.
func sarifPhysical(f *File, s Span) *sarifPhysicalLocation {
	if f == nil {
		return nil
	}
	return &sarifPhysicalLocation{sarifArtifactLocation{fileURI(f.Name)}, sarifRegionOf(f, s)}
}

// sarifRegionOf resolves a span of f (clamped to f.Src) to a region.
func sarifRegionOf(f *File, s Span) sarifRegion {
	start := min(max(s.Start, 0), len(f.Src))
	end := min(max(s.End, start), len(f.Src))
	p, q := f.Position(start), f.Position(end)
	return sarifRegion{
		StartLine:   p.Line,
		StartColumn: codePointCol(f, start, p),
		EndLine:     q.Line,
		EndColumn:   codePointCol(f, end, q),
		ByteOffset:  p.Offset,
		ByteLength:  q.Offset - p.Offset,
	}
}

// codePointCol converts the byte column of p, at offset off of f.Src, to a
// 1-based column in Unicode code points. Bytes of the line that lie before a
// window's start are not in Src; they count as one code point each.
func codePointCol(f *File, off int, p Position) int {
	_, ls := f.LineText(off)
	outside := p.Col - 1 - (off - ls)
	return outside + utf8.RuneCount(f.Src[ls:off]) + 1
}

// fileURI turns a file name into a URI reference: a relative path stays
// relative (with '/' separators and percent-encoding), an absolute path
// becomes a file:// URI.
func fileURI(name string) string {
	p := filepath.ToSlash(name)
	if !filepath.IsAbs(name) {
		return (&url.URL{Path: p}).String()
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive: file:///C:/dir/f.cute
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
