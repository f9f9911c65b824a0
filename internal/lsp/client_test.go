package lsp

import (
	"encoding/json"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/cutec/cutec/diag"
	"github.com/cutec/cutec/parser"
	"github.com/cutec/cutec/printer"
)

// client drives a server over a pipe as an editor does: it writes framed
// JSON-RPC messages to the server's input and reads its output.
type client struct {
	t      *testing.T
	in     *io.PipeWriter
	rd     *reader
	nextID int
	status chan int
	// diags holds the last diagnostics published for each URI.
	diags map[string][]Diagnostic
}

// testFormat is the fmt rewrite (parse, then print the payloads or the
// statements) as cmd/cutec's formatSource does it; the command gives the
// server its own, which TestLSPMatchesLint in cmd/cutec exercises.
func testFormat(name string, src []byte, isMLIR bool) ([]byte, diag.List, error) {
	f := diag.NewFile(name, src)
	if isMLIR {
		var payloads []printer.Payload
		var diags diag.List
		diags = append(diags, parser.ScanMLIR(f, func(w parser.Wrapper) bool {
			node, more := parser.ParseWrapper(f, w)
			diags = append(diags, more...)
			payloads = append(payloads, printer.Payload{Start: w.PayloadStart, End: w.PayloadStart + len(w.Payload), Node: node})
			return true
		})...)
		if diags.HasErrors() {
			return nil, diags, nil
		}
		out, err := printer.FormatPayloads(f.Src, payloads...)
		return out, nil, err
	}
	file, diags := parser.ParseCuteFile(f)
	if diags.HasErrors() || file == nil {
		return nil, diags, nil
	}
	out, err := printer.FormatCute(file)
	return out, nil, err
}

// startClient starts a server on a pipe and returns its client.
func startClient(t *testing.T) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, in: inW, rd: newReader(outR), status: make(chan int, 1), diags: map[string][]Diagnostic{}}
	go func() {
		c.status <- Serve(inR, outW, Options{Format: testFormat, Log: testLog{t}})
		outW.Close()
	}()
	t.Cleanup(func() { inW.Close(); go io.Copy(io.Discard, outR) })
	return c
}

type testLog struct{ t *testing.T }

func (l testLog) Write(b []byte) (int, error) { l.t.Logf("server: %s", b); return len(b), nil }

// send writes one message.
func (c *client) send(m map[string]any) {
	c.t.Helper()
	m["jsonrpc"] = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		c.t.Fatal(err)
	}
	c.raw(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body))
}

// raw writes bytes to the server as they are.
func (c *client) raw(s string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, s); err != nil {
		c.t.Fatalf("writing to the server: %v", err)
	}
}

// notify sends a notification.
func (c *client) notify(method string, params any) {
	c.send(map[string]any{"method": method, "params": params})
}

// next reads the next message, failing the test after a timeout.
func (c *client) next() *message {
	c.t.Helper()
	type res struct {
		body []byte
		err  error
	}
	ch := make(chan res, 1)
	go func() { b, err := c.rd.read(); ch <- res{b, err} }()
	select {
	case r := <-ch:
		if r.err != nil {
			c.t.Fatalf("reading from the server: %v", r.err)
		}
		var m message
		if err := json.Unmarshal(r.body, &m); err != nil {
			c.t.Fatalf("the server wrote %q: %v", r.body, err)
		}
		if m.Method == "textDocument/publishDiagnostics" {
			var p publishDiagnosticsParams
			if err := json.Unmarshal(m.Params, &p); err != nil {
				c.t.Fatal(err)
			}
			c.diags[p.URI] = p.Diagnostics
		}
		return &m
	case <-time.After(20 * time.Second):
		c.t.Fatal("no message from the server in 20s")
	}
	return nil
}

// call sends a request and returns its response, keeping the
// notifications that come before it.
func (c *client) call(method string, params any) *message {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	c.send(map[string]any{"id": id, "method": method, "params": params})
	for {
		m := c.next()
		if m.Method != "" {
			continue
		}
		var got int
		if m.ID == nil || json.Unmarshal(*m.ID, &got) != nil || got != id {
			c.t.Fatalf("response with id %s to request %d", rawID(m), id)
		}
		return m
	}
}

func rawID(m *message) string {
	if m.ID == nil {
		return "none"
	}
	return string(*m.ID)
}

// result calls and decodes the result into v, failing on an error.
func (c *client) result(method string, params, v any) {
	c.t.Helper()
	m := c.call(method, params)
	if m.Error != nil {
		c.t.Fatalf("%s: %v", method, m.Error)
	}
	if err := json.Unmarshal(m.Result, v); err != nil {
		c.t.Fatalf("%s: result %s: %v", method, m.Result, err)
	}
}

// initialize runs the handshake.
func (c *client) initialize() map[string]any {
	var r struct {
		Capabilities map[string]any `json:"capabilities"`
	}
	c.result("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}}, &r)
	c.notify("initialized", map[string]any{})
	return r.Capabilities
}

// open opens a document and waits for its diagnostics.
func (c *client) open(uri, lang, text string) []Diagnostic {
	c.t.Helper()
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": lang, "version": 1, "text": text}})
	return c.waitDiags(uri)
}

// change sends one incremental change and waits for the diagnostics.
func (c *client) change(uri string, version int, r Range, text string) []Diagnostic {
	c.t.Helper()
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": version},
		"contentChanges": []any{map[string]any{"range": r, "text": text}},
	})
	return c.waitDiags(uri)
}

func (c *client) waitDiags(uri string) []Diagnostic {
	c.t.Helper()
	for {
		m := c.next()
		if m.Method == "textDocument/publishDiagnostics" {
			var p publishDiagnosticsParams
			json.Unmarshal(m.Params, &p)
			if p.URI == uri {
				return p.Diagnostics
			}
		}
	}
}

// stop shuts the server down and returns its exit status.
func (c *client) stop() int {
	c.t.Helper()
	m := c.call("shutdown", nil)
	if m.Error != nil || string(m.Result) != "null" {
		c.t.Fatalf("shutdown: result %s, error %v", m.Result, m.Error)
	}
	c.notify("exit", nil)
	return c.exitStatus()
}

func (c *client) exitStatus() int {
	c.t.Helper()
	select {
	case s := <-c.status:
		return s
	case <-time.After(20 * time.Second):
		c.t.Fatal("the server did not exit")
	}
	return -1
}

func pos(line, char int) Position { return Position{Line: line, Character: char} }

func rng(l1, c1, l2, c2 int) Range { return Range{Start: pos(l1, c1), End: pos(l2, c2)} }

func at(uri string, line, char int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(line, char)}
}
