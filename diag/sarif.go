package diag

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Addresses written into SARIF output.
const (
	// InformationURI is the home page of cutec.
	InformationURI = "https://github.com/cutec/cutec"
	// DocsURL is the page that documents every code; a code's section is
	// DocsURL + "#" + lower-case code + "-" + name, e.g. "#e0400-stride-divisibility".
	DocsURL = InformationURI + "/blob/main/docs/diagnostics.md"
)

const (
	sarifSchema  = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	sarifVersion = "2.1.0"

	// sarifColumnKind is the unit of every startColumn and endColumn we write.
	// cutec counts columns in bytes, but SARIF 2.1.0 (§3.14.17, run.columnKind)
	// defines only two units, "utf16CodeUnits" and "unicodeCodePoints", and no
	// byte unit. We choose code points, which a UTF-8 reader counts without
	// transcoding, and convert each column from the source line; the exact
	// byte span travels beside it in region.byteOffset and region.byteLength.
	// For ASCII text, the usual case for layouts, both columns are equal.
	sarifColumnKind = "unicodeCodePoints"
)

// SARIF renders diagnostics as one SARIF 2.1.0 log with a single run, for
// code-scanning services. tool.driver is "cutec", its rules are the whole
// Catalogue in order (so results can be streamed before all codes are
// known), and each result has ruleId, ruleIndex, level (error, warning or
// note), message (the message, then the detail on further lines), the
// location of its span, relatedLocations for its notes and fixes for a fix
// with edits. Diagnostics without a File have no locations. The document is
// indented with two spaces and deterministic.
//
// A SARIF value is a stream: Begin writes the head of the document, every
// Render appends results, End closes it. Render before Begin begins the
// document itself; use a new value for each document.
type SARIF struct {
	ToolVersion string // written as tool.driver.version when not empty

	began, ended bool
	results      int
	ruleIndex    map[Code]int
	catalogue    []CodeInfo // the rules; nil means Catalogue (tests narrow it)
}

// Indentation of results in the document: a result is an element of
// "results", in the first element of "runs", in the top object.
const (
	sarifRunIndent    = "      "
	sarifResultIndent = "        "
)

// Begin writes the head of the document, up to the opening of "results".
func (s *SARIF) Begin(w io.Writer) error {
	if s.began {
		return errors.New("diag: SARIF document already begun")
	}
	s.began = true
	if s.catalogue == nil {
		s.catalogue = catalogue
	}
	s.ruleIndex = make(map[Code]int, len(s.catalogue))
	for i, c := range s.catalogue {
		s.ruleIndex[c.Code] = i
	}
	tool := sarifTool{sarifDriver{"cutec", s.ToolVersion, InformationURI, sarifRules(s.catalogue)}}
	toolJSON, err := sarifMarshal(tool, sarifRunIndent)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"$schema\": %q,\n  \"version\": %q,\n  \"runs\": [\n    {\n", sarifSchema, sarifVersion)
	fmt.Fprintf(&b, "%s\"tool\": %s,\n", sarifRunIndent, toolJSON)
	fmt.Fprintf(&b, "%s\"columnKind\": %q,\n", sarifRunIndent, sarifColumnKind)
	fmt.Fprintf(&b, "%s\"results\": [", sarifRunIndent)
	_, err = w.Write(b.Bytes())
	return err
}

// Render appends one result per diagnostic of l, in order.
func (s *SARIF) Render(w io.Writer, l List) error {
	if s.ended {
		return errors.New("diag: SARIF document already ended")
	}
	if !s.began {
		if err := s.Begin(w); err != nil {
			return err
		}
	}
	var b bytes.Buffer
	for _, d := range l {
		item, err := sarifMarshal(s.result(d), sarifResultIndent)
		if err != nil {
			return err
		}
		if s.results > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "\n%s%s", sarifResultIndent, item)
		s.results++
	}
	_, err := w.Write(b.Bytes())
	return err
}

// End closes "results", the run and the document.
func (s *SARIF) End(w io.Writer) error {
	if s.ended {
		return errors.New("diag: SARIF document already ended")
	}
	if !s.began {
		if err := s.Begin(w); err != nil {
			return err
		}
	}
	s.ended = true
	closing := "]\n    }\n  ]\n}\n"
	if s.results > 0 {
		closing = "\n" + sarifRunIndent + closing
	}
	_, err := io.WriteString(w, closing)
	return err
}

// sarifMarshal encodes v as indented JSON whose continuation lines start
// with prefix, without HTML escaping or a trailing newline.
func sarifMarshal(v any, prefix string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
