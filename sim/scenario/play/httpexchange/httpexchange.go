// Package httpexchange holds what the families that run streamable HTTP in
// process share: a response writer that buffers the whole answer, serving
// a handler without sockets (so it runs in WebAssembly too), and the
// readers of a request's protocol headers and body for the trace.
package httpexchange

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// ProtocolHeaders returns the MCP headers of h other than the session id,
// which has a field of its own: Mcp-Protocol-Version in 2025-11-25, and in
// 2026-07-28 also Mcp-Method and Mcp-Name. Other headers (Accept,
// Content-Length) say nothing about the protocol and stay out of the trace.
func ProtocolHeaders(h http.Header) map[string]string {
	var out map[string]string
	for name, vs := range h {
		if !strings.HasPrefix(name, "Mcp-") || name == "Mcp-Session-Id" || len(vs) == 0 {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[name] = strings.Join(vs, ", ")
	}
	return out
}

// TakeBody reads and closes req's body, so that a tap can record it and
// hand the handler a fresh copy.
func TakeBody(req *http.Request) []byte {
	if req.Body == nil {
		return nil
	}
	body, _ := io.ReadAll(req.Body)
	req.Body.Close()
	return body
}

// ServeBuffered runs h on a copy of req carrying body and returns the
// whole response, as the client's transport would have received it, and
// its body's bytes.
func ServeBuffered(h http.Handler, req *http.Request, body []byte) (*http.Response, []byte) {
	in := req.Clone(req.Context())
	in.Body = io.NopCloser(bytes.NewReader(body))
	w := NewResponseBuffer()
	h.ServeHTTP(w, in)
	out := w.Body()
	return &http.Response{
		Status: fmt.Sprintf("%d %s", w.Status(), http.StatusText(w.Status())), StatusCode: w.Status(),
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: w.header, Body: io.NopCloser(bytes.NewReader(out)), ContentLength: int64(len(out)), Request: req,
	}, out
}

// ResponseBuffer is the smallest http.ResponseWriter that serves here. It
// stands in for httptest.ResponseRecorder, whose package would add a flag
// parser and a test certificate to the browser's download.
type ResponseBuffer struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

// NewResponseBuffer returns an empty ResponseBuffer.
func NewResponseBuffer() *ResponseBuffer { return &ResponseBuffer{header: http.Header{}} }

// Body returns what the handler wrote.
func (b *ResponseBuffer) Body() []byte { return b.body.Bytes() }

func (b *ResponseBuffer) Header() http.Header { return b.header }
func (b *ResponseBuffer) WriteHeader(code int) {
	if b.code == 0 {
		b.code = code
	}
}
func (b *ResponseBuffer) Write(p []byte) (int, error) {
	b.WriteHeader(http.StatusOK)
	return b.body.Write(p)
}
func (b *ResponseBuffer) Flush() {}

// Status returns the status the handler wrote, 200 if none.
func (b *ResponseBuffer) Status() int {
	if b.code == 0 {
		return http.StatusOK
	}
	return b.code
}

// JSONOrNil returns b if it is a JSON object or array, else nil, so that a
// trace payload carries only a body that is JSON.
func JSONOrNil(b []byte) []byte {
	if len(b) == 0 || (b[0] != '{' && b[0] != '[') {
		return nil
	}
	return b
}
