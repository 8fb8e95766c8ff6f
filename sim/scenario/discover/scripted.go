package discover

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// The discover scripts here need requests the go-sdk client will not send,
// so the client is a scripted peer writing raw frames to the go-sdk server.

// scriptedClientInfo is the clientInfo a scripted 2026-07-28 client sends.
const scriptedClientInfo = `{"name":"scripted-client","version":"0.0.1"}`

// metaRequest is a scripted client's request with params and a _meta
// object (meta is its JSON, or "" for no _meta at all).
func metaRequest(id int, method, params, meta string) []byte {
	var fields []string
	if params != "" {
		fields = append(fields, params)
	}
	if meta != "" {
		fields = append(fields, `"_meta":`+meta)
	}
	return fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"method":%q,"params":{%s}}`, id, method, strings.Join(fields, ","))
}

// modernMeta is a complete 2026-07-28 _meta for version.
func modernMeta(version string) string {
	return fmt.Sprintf(`{"io.modelcontextprotocol/protocolVersion":%q,"io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":%s}`, version, scriptedClientInfo)
}

// discoverBadMeta sends tools/list with _meta missing, incomplete and
// malformed, and once complete, to the go-sdk fixture server.
func discoverBadMeta(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Update(func(s *trace.State) { s.Client = trace.ClientStateless; s.Protocol = p.ClientVersion })
	l, err := play.ConnectServer(ctx, rec, fixture.NewServer(fixture.Options{}))
	if err != nil {
		return err
	}
	defer l.Close()
	rec.Note("A scripted client (the go-sdk client always sends a complete _meta) sends tools/list five times to the go-sdk v1.8.0 server, changing only _meta. Specification 2026-07-28: protocolVersion and clientCapabilities are required on every request; a request missing either is malformed and the server MUST reject it with -32602 (Invalid params).")
	steps := []struct {
		meta, request, answer string
	}{
		{"", "No _meta at all.",
			"go-sdk v1.8.0 behaviour: without io.modelcontextprotocol/protocolVersion the server takes the request for a 2025-11-25 one, and a 2025-11-25 request before initialize gets an error with code %d, not the -32602 the 2026-07-28 text asks for."},
		{fmt.Sprintf(`{"io.modelcontextprotocol/protocolVersion":%q}`, p.ClientVersion), "The protocol version, but no clientCapabilities.",
			"Error %d, Invalid params: what the specification requires for a request missing a required field (2026-07-28); go-sdk v1.8.0's message names the field. A client with no capabilities sends an empty object, never nothing."},
		{fmt.Sprintf(`{"io.modelcontextprotocol/protocolVersion":%q,"io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":"scripted-client"}`, p.ClientVersion), "Both required fields, and clientInfo as a bare string instead of an Implementation object.",
			"Error %d again. clientInfo is optional, but go-sdk v1.8.0 rejects one it cannot read rather than ignore it."},
		{modernMeta(p.ClientVersion), "A complete _meta: protocolVersion, clientCapabilities (empty: this client offers nothing) and clientInfo.",
			"The result, with resultType \"complete\" and the server's own serverInfo in its _meta."},
		{"", "No _meta again, now that one good request has been answered.",
			"go-sdk v1.8.0 behaviour: this time the server answers. It kept the parameters of the good request on its side and serves this one as a 2025-11-25 request (no resultType). Specification 2026-07-28: the server MUST NOT rely on prior requests, and a request without the required fields is malformed. Do not rely on this leniency: another server answers -32602."},
	}
	for i, s := range steps {
		raw := metaRequest(i+1, "tools/list", "", s.meta)
		rec.Update(func(st *trace.State) { st.Error = "" })
		if _, err := l.W.Inject(play.C2s, raw, s.request); err != nil {
			return err
		}
		f, err := l.W.Await(ctx, play.Response(play.S2c, "tools/list"))
		if err != nil {
			return err
		}
		note := s.answer
		if strings.Contains(note, "%d") {
			note = fmt.Sprintf(note, play.ErrorCode(f))
		}
		rec.Update(func(st *trace.State) {
			if strings.Contains(string(f.Raw), `"error":{`) {
				st.Error = play.ErrorText(f)
			} else {
				st.Catalog = play.ToolNames(f)
			}
		})
		l.W.Deliver(f, note)
	}
	return nil
}

// discoverInlineRetry skips server/discover: a scripted client calls a
// tool at a version the server does not implement, reads the supported
// list from the -32022 error and re-issues the call.
func discoverInlineRetry(ctx context.Context, rec *trace.Recorder, p *Params) error {
	rec.Update(func(s *trace.State) { s.Client = trace.ClientStateless; s.Protocol = p.ClientVersion })
	l, err := play.ConnectServer(ctx, rec, fixture.NewServer(fixture.Options{}))
	if err != nil {
		return err
	}
	defer l.Close()
	rec.Note("A scripted client, labelled as such: go-sdk v1.8.0 negotiates only inside Connect, by server/discover, and never re-issues an ordinary request after -32022. Specification 2026-07-28: a client need not call server/discover at all; it may send any request and handle UnsupportedProtocolVersion.")
	const args = `"name":"get_stock","arguments":{"query":{"sku":"PEN-01"}}`
	if _, err := l.W.Inject(play.C2s, metaRequest(1, "tools/call", args, modernMeta(p.ClientVersion)), "The first request is real work: tools/call, at "+p.ClientVersion+", a version newer than the server's."); err != nil {
		return err
	}
	supported, err := l.DeliverUnsupported(ctx, "tools/call", "Error %d, UnsupportedProtocolVersion, with data.supported: %s. The tool did not run.")
	if err != nil {
		return err
	}
	pick := ""
	for _, v := range supported {
		if v >= play.V20260728 {
			pick = v
			break
		}
	}
	if pick == "" {
		return fmt.Errorf("the server lists no 2026-07-28 version: %v", supported)
	}
	rec.Changed("The client picks "+pick+", the newest listed version it speaks. Specification 2026-07-28: the client SHOULD select a mutually supported version from data.supported and retry the request.", func(s *trace.State) { s.Protocol = pick; s.Error = "" })
	if _, err := l.W.Inject(play.C2s, metaRequest(2, "tools/call", args, modernMeta(pick)), "The same call, re-issued as a new request (id 2) at "+pick+"."); err != nil {
		return err
	}
	if _, err := l.W.Step(ctx, play.Response(play.S2c, "tools/call"), "The call runs: resultType \"complete\", the stock, and serverInfo in _meta. No handshake, no discovery: the version travelled with the request."); err != nil {
		return err
	}
	return nil
}
