package screenshot

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// tab is a page open in a headless Chromium driven over the DevTools
// protocol on a pipe (--remote-debugging-pipe: JSON messages ended by a NUL
// byte, Chromium reading fd 3 and writing fd 4). The playground loads its
// WebAssembly asynchronously, which --dump-dom does not wait for; over the
// protocol the test waits until the page says it is ready.
type tab struct {
	w       *os.File
	r       *bufio.Reader
	id      int
	session string
}

// openPage starts Chromium, opens url in a 640x400 (CSS pixels) window at
// the screenshots' scale, and waits until the page's body has
// data-state="ready" (the playground has answered) or "error".
func openPage(t *testing.T, chromium, url string) *tab {
	toChrome, chromeIn, err := os.Pipe()
	require.NoError(t, err)
	chromeOut, fromChrome, err := os.Pipe()
	require.NoError(t, err)
	cmd := exec.Command(chromium, append(headless(t), "--remote-debugging-pipe", "about:blank")...)
	cmd.ExtraFiles = []*os.File{toChrome, fromChrome}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	toChrome.Close()
	fromChrome.Close()
	t.Cleanup(func() {
		chromeIn.Close()
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		chromeOut.Close()
	})
	b := &tab{w: chromeIn, r: bufio.NewReader(chromeOut)}
	var targets struct {
		TargetInfos []struct{ TargetID, Type string }
	}
	b.call(t, "Target.getTargets", nil, &targets)
	target := ""
	for _, ti := range targets.TargetInfos {
		if ti.Type == "page" {
			target = ti.TargetID
		}
	}
	require.NotEmpty(t, target, "no page in Chromium: %s", stderr.Bytes())
	var att struct{ SessionID string }
	b.call(t, "Target.attachToTarget", map[string]any{"targetId": target, "flatten": true}, &att)
	b.session = att.SessionID
	b.call(t, "Emulation.setDeviceMetricsOverride", map[string]any{
		"width": 640, "height": 400, "deviceScaleFactor": scale, "mobile": false}, nil)
	b.call(t, "Page.navigate", map[string]any{"url": url}, nil)
	deadline := time.Now().Add(60 * time.Second)
	for {
		// Until the page has loaded, the window may still be about:blank,
		// or between documents.
		state := b.eval(t, "(location.protocol !== 'about:' && document.readyState === 'complete' && document.body && document.body.dataset.state) || 'navigating'")
		if state == "ready" {
			return b
		}
		require.NotEqual(t, "error", state, "the page failed: %s", b.eval(t, "String(document.getElementById('status').textContent)"))
		require.True(t, time.Now().Before(deadline), "the page is still %q after 60 s", state)
		time.Sleep(50 * time.Millisecond)
	}
}

// call sends one command and decodes its result into out (when not nil).
func (b *tab) call(t *testing.T, method string, params any, out any) {
	b.id++
	msg := map[string]any{"id": b.id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if b.session != "" {
		msg["sessionId"] = b.session
	}
	data, err := json.Marshal(msg)
	require.NoError(t, err)
	_, err = b.w.Write(append(data, 0))
	require.NoError(t, err)
	for {
		line, err := b.r.ReadBytes(0)
		require.NoError(t, err, "reading Chromium's answer to %s", method)
		var reply struct {
			ID     int
			Result json.RawMessage
			Error  *struct{ Message string }
		}
		require.NoError(t, json.Unmarshal(line[:len(line)-1], &reply))
		if reply.ID != b.id {
			continue // an event, or the answer to another command
		}
		require.Nil(t, reply.Error, "%s: %v", method, reply.Error)
		if out != nil {
			require.NoError(t, json.Unmarshal(reply.Result, out))
		}
		return
	}
}

// eval evaluates a JavaScript expression in the page and returns its value
// as a string.
func (b *tab) eval(t *testing.T, expr string) string {
	var r struct {
		Result           struct{ Value any }
		ExceptionDetails *struct{ Text string }
	}
	b.call(t, "Runtime.evaluate", map[string]any{"expression": "(() => { try { return " + expr + " } catch (e) { return 'exception: ' + e } })()", "returnByValue": true}, &r)
	require.Nil(t, r.ExceptionDetails, "%s", expr)
	if s, ok := r.Result.Value.(string); ok {
		return s
	}
	return fmt.Sprint(r.Result.Value)
}

// screenshot returns a PNG of the page's window.
func (b *tab) screenshot(t *testing.T) []byte {
	var r struct{ Data string }
	b.call(t, "Page.captureScreenshot", map[string]any{"format": "png"}, &r)
	data, err := base64.StdEncoding.DecodeString(r.Data)
	require.NoError(t, err)
	return data
}
