package lsp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/cutec/cutec/diag"
)

// FormatFunc is the "cutec fmt" rewrite of a whole source: the formatted
// text, or the diagnostics (syntax errors) that stop it.
type FormatFunc func(name string, src []byte, isMLIR bool) ([]byte, diag.List, error)

// Options configure a server.
type Options struct {
	Format  FormatFunc // the fmt rewrite; nil: formatting is not offered
	Log     io.Writer  // where the server logs what goes wrong; nil: nowhere
	Version string     // the version the server announces
}

// Server is one language server connection. It handles one message at a
// time, in order; the editor's requests are short.
type Server struct {
	opts    Options
	check   *checker
	out     *writer
	docs    map[string]*document
	found   map[string][]found // the diagnostics last published, per URI
	started bool               // initialize was answered
	stopped bool               // shutdown was answered
}

// Serve runs a server reading messages from in and writing to out until
// the exit notification or the end of in, and returns the process's exit
// status as the protocol asks: 0 when exit comes after shutdown, 1
// otherwise (exit without shutdown, or the input ended).
func Serve(in io.Reader, out io.Writer, opts Options) int {
	s, err := NewServer(out, opts)
	if err != nil {
		s.logf("lsp: %v", err)
		return 1
	}
	rd := newReader(in)
	for {
		body, err := rd.read()
		if errors.Is(err, errFraming) {
			s.logf("lsp: %v", err)
			s.reply(nil, nil, &rpcError{Code: codeParseError, Message: err.Error()})
			continue
		}
		if err != nil {
			if err != io.EOF {
				s.logf("lsp: reading: %v", err)
			}
			return 1
		}
		if status, exit := s.Handle(body); exit {
			return status
		}
	}
}

// NewServer returns a server that writes its messages to out.
func NewServer(out io.Writer, opts Options) (*Server, error) {
	s := &Server{opts: opts, out: &writer{w: out}, docs: map[string]*document{}, found: map[string][]found{}}
	c, err := newChecker()
	s.check = c
	return s, err
}

// logf writes a line to the log.
func (s *Server) logf(format string, args ...any) {
	if s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, format+"\n", args...)
	}
}

// Handle handles one message body. It returns exit true, with the exit
// status, when the message was the exit notification.
func (s *Server) Handle(body []byte) (status int, exit bool) {
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		if json.Valid(body) {
			s.reply(nil, nil, errorf(codeInvalidRequest, "the message is not a JSON-RPC object: %v", err))
		} else {
			s.reply(nil, nil, errorf(codeParseError, "the message is not JSON: %v", err))
		}
		return 0, false
	}
	if m.ID != nil && !validID(*m.ID) {
		// The LSP's ids are integers or strings: an object, an array, a
		// boolean or a fraction is no id, and is not echoed back.
		s.reply(nil, nil, errorf(codeInvalidRequest, "the id %s is neither an integer nor a string", clip(string(*m.ID))))
		return 0, false
	}
	if m.Method == "" {
		if m.ID == nil || (m.Result == nil && m.Error == nil) {
			// Neither a request nor a response (a misspelt "method").
			s.reply(m.ID, nil, errorf(codeInvalidRequest, "the message has no method"))
		}
		return 0, false // a response: the server sends no requests, so it expects none
	}
	if m.Method == "exit" {
		if s.stopped {
			return 0, true
		}
		return 1, true
	}
	result, rerr := s.call(&m)
	if m.ID != nil {
		s.reply(m.ID, result, rerr)
	} else if rerr != nil && rerr.Code != codeMethodNotFound {
		s.logf("lsp: %s: %s", m.Method, rerr.Message)
	}
	return 0, false
}

// validID reports whether raw, the id of a message, is one the LSP allows:
// a string or an integer.
func validID(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return false
	}
	if raw[0] == '"' {
		return true // json.Unmarshal has checked that the string is whole
	}
	var n json.Number
	if json.Unmarshal(raw, &n) != nil {
		return false
	}
	_, err := n.Int64()
	return err == nil
}

// call runs the handler of a message, turning a panic into an internal
// error (logged with its stack) so that the editor's session survives it.
func (s *Server) call(m *message) (result any, rerr *rpcError) {
	defer func() {
		if r := recover(); r != nil {
			s.logf("lsp: %s panicked: %v\n%s", m.Method, r, debug.Stack())
			result, rerr = nil, errorf(codeInternalError, "%s failed: %v", m.Method, r)
		}
	}()
	switch {
	case m.Method == "initialize":
		s.started = true
		return s.initialize(), nil
	case !s.started:
		return nil, errorf(codeNotInitialized, "%s before initialize", m.Method)
	case s.stopped:
		return nil, errorf(codeInvalidRequest, "%s after shutdown", m.Method)
	}
	h, ok := handlers[m.Method]
	if !ok {
		return nil, errorf(codeMethodNotFound, "no method %s", m.Method)
	}
	return h(s, m.Params)
}

// reply writes a response; id nil is the null id of an error about a
// message that could not be read.
func (s *Server) reply(id *json.RawMessage, result any, rerr *rpcError) {
	m := &message{ID: id, Error: rerr}
	if id == nil {
		null := json.RawMessage("null")
		m.ID = &null
	}
	if rerr == nil {
		b, err := json.Marshal(result)
		if err != nil {
			m.Error = errorf(codeInternalError, "encoding the result: %v", err)
		} else {
			m.Result = b
		}
	}
	s.send(m)
}

// notify writes a notification.
func (s *Server) notify(method string, params any) {
	b, err := json.Marshal(params)
	if err != nil {
		s.logf("lsp: encoding %s: %v", method, err)
		return
	}
	s.send(&message{Method: method, Params: b})
}

func (s *Server) send(m *message) {
	if err := s.out.write(m); err != nil {
		s.logf("lsp: writing: %v", err)
	}
}

// handler handles the params of one method.
type handler func(s *Server, params json.RawMessage) (any, *rpcError)

// handlers maps the methods the server answers to their handlers.
var handlers map[string]handler

func init() {
	handlers = map[string]handler{
		"initialized":                      ignore,
		"shutdown":                         (*Server).shutdown,
		"$/cancelRequest":                  ignore,
		"$/setTrace":                       ignore,
		"workspace/didChangeConfiguration": ignore,
		"textDocument/didOpen":             (*Server).didOpen,
		"textDocument/didChange":           (*Server).didChange,
		"textDocument/didClose":            (*Server).didClose,
		"textDocument/didSave":             (*Server).didSave,
		"textDocument/hover":               (*Server).hover,
		"textDocument/definition":          (*Server).definition,
		"textDocument/references":          (*Server).references,
		"textDocument/formatting":          (*Server).formatting,
		"textDocument/codeAction":          (*Server).codeAction,
		"textDocument/completion":          (*Server).completion,
		"textDocument/semanticTokens/full": (*Server).semanticTokens,
	}
}

func ignore(*Server, json.RawMessage) (any, *rpcError) { return nil, nil }

// decode unmarshals params.
func decode(params json.RawMessage, v any) *rpcError {
	if len(params) == 0 {
		return errorf(codeInvalidParams, "missing params")
	}
	if err := json.Unmarshal(params, v); err != nil {
		return errorf(codeInvalidParams, "bad params: %v", err)
	}
	return nil
}

// initialize answers initialize with the server's capabilities.
func (s *Server) initialize() any {
	caps := map[string]any{
		"positionEncoding":   "utf-16",
		"textDocumentSync":   map[string]any{"openClose": true, "change": 2, "save": map[string]any{}}, // 2: incremental
		"hoverProvider":      true,
		"definitionProvider": true,
		"referencesProvider": true,
		"codeActionProvider": map[string]any{"codeActionKinds": []string{"quickfix"}},
		"completionProvider": map[string]any{},
		"semanticTokensProvider": map[string]any{
			"legend": map[string]any{"tokenTypes": semanticTokenTypes, "tokenModifiers": semanticTokenModifiers},
			"full":   true,
		},
	}
	if s.opts.Format != nil {
		caps["documentFormattingProvider"] = true
	}
	return map[string]any{
		"capabilities": caps,
		"serverInfo":   map[string]any{"name": "cutec", "version": s.opts.Version},
	}
}

func (s *Server) shutdown(json.RawMessage) (any, *rpcError) {
	s.stopped = true
	return nil, nil
}

// doc returns the open document of uri.
func (s *Server) doc(uri string) (*document, *rpcError) {
	d, ok := s.docs[uri]
	if !ok {
		return nil, errorf(codeInvalidParams, "document %s is not open", uri)
	}
	return d, nil
}

func (s *Server) didOpen(params json.RawMessage) (any, *rpcError) {
	var p didOpenParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	it := p.TextDocument
	d := newDocument(it.URI, it.LanguageID, it.Version, it.Text)
	d.checkAll = true
	s.docs[it.URI] = d
	s.publish(d)
	return nil, nil
}

// didSave checks a document whole: a .cute document over
// maxLiveCheckBytes is checked when it is opened and saved, not at every
// edit.
func (s *Server) didSave(params json.RawMessage) (any, *rpcError) {
	_, d, err := openDocument[documentParams](s, params)
	if err != nil {
		return nil, err
	}
	if !d.isMLIR && d.bytes > maxLiveCheckBytes {
		d.checkAll = true
		s.publish(d)
	}
	return nil, nil
}

func (s *Server) didChange(params json.RawMessage) (any, *rpcError) {
	p, d, err := openDocument[didChangeParams](s, params)
	if err != nil {
		return nil, err
	}
	for _, ch := range p.ContentChanges {
		d.apply(ch)
	}
	d.version = p.TextDocument.Version
	s.publish(d)
	return nil, nil
}

func (s *Server) didClose(params json.RawMessage) (any, *rpcError) {
	var p didCloseParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	uri := p.TextDocument.URI
	if _, ok := s.docs[uri]; ok {
		delete(s.docs, uri)
		delete(s.found, uri)
		s.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: uri, Diagnostics: []Diagnostic{}})
	}
	return nil, nil
}

// publish checks a document again and publishes its diagnostics.
func (s *Server) publish(d *document) {
	f := s.check.check(d)
	s.found[d.uri] = f
	out := make([]Diagnostic, len(f))
	for i, x := range f {
		out[i] = d.lspDiagnostic(x)
	}
	v := d.version
	s.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: d.uri, Version: &v, Diagnostics: out})
}

// documentRequest is the params of a request about one open document.
type documentRequest interface{ documentURI() string }

func (p positionParams) documentURI() string   { return p.TextDocument.URI }
func (p documentParams) documentURI() string   { return p.TextDocument.URI }
func (p codeActionParams) documentURI() string { return p.TextDocument.URI }
func (p didChangeParams) documentURI() string  { return p.TextDocument.URI }

// openDocument decodes a request's params and finds the open document they
// name: the preamble of every request about a document.
func openDocument[P documentRequest](s *Server, params json.RawMessage) (P, *document, *rpcError) {
	var p P
	if err := decode(params, &p); err != nil {
		return p, nil, err
	}
	d, err := s.doc(p.documentURI())
	return p, d, err
}
