package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// maxMessage is the largest message body the server reads: a document of
// tens of megabytes fits, and a hostile Content-Length cannot make the
// server allocate without bound.
const maxMessage = 256 << 20

// maxHeader is the longest header line the server reads.
const maxHeader = 4 << 10

// JSON-RPC 2.0 error codes (and the LSP's own).
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
	codeNotInitialized = -32002
	codeRequestFailed  = -32803
)

// message is any JSON-RPC message: a request (ID and Method), a
// notification (Method only) or a response (ID and Result or Error).
type message struct {
	JSONRPC string           `json:"jsonrpc"`
	ID      *json.RawMessage `json:"id,omitempty"`
	Method  string           `json:"method,omitempty"`
	Params  json.RawMessage  `json:"params,omitempty"`
	Result  json.RawMessage  `json:"result,omitempty"`
	Error   *rpcError        `json:"error,omitempty"`
}

// rpcError is the error of a response.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("%s (%d)", e.Message, e.Code) }

// errorf returns an rpcError with a formatted message.
func errorf(code int, format string, args ...any) *rpcError {
	return &rpcError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// errFraming is a header block the reader cannot make sense of; the next
// block may still be read.
var errFraming = errors.New("bad message header")

// reader reads the base protocol: header lines ending in "\r\n", a blank
// line, then Content-Length bytes of JSON.
type reader struct {
	r *bufio.Reader
}

func newReader(r io.Reader) *reader { return &reader{r: bufio.NewReaderSize(r, 64<<10)} }

// read returns the body of the next message. A header block without a
// valid Content-Length gives an error wrapping errFraming (the block is
// consumed, so reading can go on); io.EOF ends the stream.
func (rd *reader) read() ([]byte, error) {
	length := -1
	var bad string
	lines := 0
	for {
		line, err := rd.line()
		if err != nil {
			if err == io.EOF && lines > 0 {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
		lines++
		if line == "" {
			if lines == 1 {
				lines = 0 // stray blank lines between messages are passed over
				continue
			}
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			bad = fmt.Sprintf("header line %q has no colon", clip(line))
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				bad = fmt.Sprintf("Content-Length %q is not a length", clip(value))
				continue
			}
			length = n
		}
	}
	if bad != "" {
		return nil, fmt.Errorf("%w: %s", errFraming, bad)
	}
	if length < 0 {
		return nil, fmt.Errorf("%w: no Content-Length", errFraming)
	}
	if length > maxMessage {
		if _, err := io.CopyN(io.Discard, rd.r, int64(length)); err != nil {
			return nil, io.ErrUnexpectedEOF
		}
		return nil, fmt.Errorf("%w: Content-Length %d is more than the %d bytes the server reads", errFraming, length, maxMessage)
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(rd.r, body); err != nil {
		return nil, io.ErrUnexpectedEOF
	}
	return body, nil
}

// line reads one header line without its "\r\n" (or "\n"), at most
// maxHeader bytes; the rest of a longer line is read and dropped.
func (rd *reader) line() (string, error) {
	var b []byte
	for {
		frag, err := rd.r.ReadSlice('\n')
		if len(b) < maxHeader {
			b = append(b, frag[:min(len(frag), maxHeader-len(b))]...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return "", err
		}
		break
	}
	return strings.TrimRight(string(b), "\r\n"), nil
}

// clip shortens a string for a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// writer writes framed messages.
type writer struct {
	w   io.Writer
	buf bytes.Buffer
}

// write frames and writes one message.
func (wr *writer) write(m *message) error {
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	wr.buf.Reset()
	fmt.Fprintf(&wr.buf, "Content-Length: %d\r\n\r\n", len(body))
	wr.buf.Write(body)
	_, err = wr.w.Write(wr.buf.Bytes())
	return err
}
