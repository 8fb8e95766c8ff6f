package conformance

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// run2025 opens a 2025-11-25 session: lifecycle-initialize, the messages
// sent before its answer, then lifecycle-version-counteroffer on a second
// connection. It returns the open session when the server speaks
// 2025-11-25, nil when it does not.
func (p *prober) run2025() *session {
	r := p.begin("lifecycle-initialize", Rev2025, "The probe opens a connection and sends initialize, offering 2025-11-25.")
	s, err := p.connect(Rev2025)
	if err != nil {
		p.broken(r, lessonHandshake, err, &ruleInitialize, true)
		return nil
	}
	rep, err := s.initialize(p.ctx, Rev2025)
	before := slices.Clone(s.extra)
	switch {
	case err != nil:
		p.broken(r, lessonHandshake, err, &ruleInitialize, true)
		p.hangUp(s)
		return nil
	case rep.Error != nil:
		p.end(r, Note, &ruleInitialize, lessonHandshake, "initialize answered with "+rep.Error.String()+": the server does not speak 2025-11-25")
		p.hangUp(s)
		return nil
	}
	var res struct {
		ProtocolVersion string          `json:"protocolVersion"`
		Capabilities    json.RawMessage `json:"capabilities"`
		ServerInfo      *struct {
			Name    string `json:"name"`
			Version string `json:"version"`
		} `json:"serverInfo"`
	}
	_ = json.Unmarshal(rep.Result, &res)
	var missing []string
	if res.ProtocolVersion == "" {
		missing = append(missing, "protocolVersion")
	}
	if len(res.Capabilities) == 0 || res.Capabilities[0] != '{' {
		missing = append(missing, "capabilities")
	}
	if res.ServerInfo == nil || res.ServerInfo.Name == "" {
		missing = append(missing, "serverInfo")
	}
	spoken := res.ProtocolVersion == Rev2025
	switch {
	case len(missing) > 0:
		p.end(r, Fail, &ruleInitialize, lessonHandshake, fmt.Sprintf("the initialize result lacks %q", quoted(strings.Join(missing, ", "))))
	case !spoken:
		p.end(r, Note, &ruleCounteroffer, lessonVersion, fmt.Sprintf("the server answered with %q: it does not speak 2025-11-25", quoted(res.ProtocolVersion)))
	default:
		p.end(r, Pass, &ruleInitialize, lessonHandshake, fmt.Sprintf("%q answered with 2025-11-25, capabilities and serverInfo", quoted(res.ServerInfo.Name+" "+res.ServerInfo.Version)))
	}
	if p.rep.Server == "" && res.ServerInfo != nil {
		p.rep.Server = res.ServerInfo.Name + " " + res.ServerInfo.Version
	}
	p.caps[Rev2025] = capabilities(rep.Result)
	p.beforeInitialize(before)
	p.counteroffer()
	if len(missing) > 0 || !spoken {
		p.hangUp(s)
		return nil
	}
	return s
}

// beforeInitialize notes what the server sent before it answered
// initialize: the 2025-11-25 text asks servers not to send requests other
// than ping and logging before the handshake completes, and is silent on
// notifications, which a client not yet initialized may not expect.
func (p *prober) beforeInitialize(before []string) {
	r := p.begin("lifecycle-before-initialize", Rev2025, "What the server sent before its initialize response.")
	var requests []string
	for _, m := range before {
		if !strings.HasPrefix(m, "notifications/") && m != "ping" && !strings.HasPrefix(m, "response") {
			requests = append(requests, m)
		}
	}
	switch {
	case len(requests) > 0:
		p.end(r, Warn, &ruleBeforeInit, lessonOrder, fmt.Sprintf("requests before the initialize response: %q", quoted(strings.Join(requests, ", "))), before...)
	case len(before) > 0:
		p.end(r, Note, &ruleBeforeInit, lessonOrder, fmt.Sprintf("sent before the initialize response: %q; a client still waiting for the handshake may drop or refuse them", quoted(strings.Join(before, ", "))), before...)
	default:
		p.end(r, Pass, &ruleBeforeInit, lessonOrder, "nothing before the initialize response")
	}
}

// counteroffer offers a version no server knows, on a fresh connection.
func (p *prober) counteroffer() {
	r := p.begin("lifecycle-version-counteroffer", Rev2025, "The probe offers "+unknownVersion+", a version no server can know.")
	s, err := p.connect(Rev2025)
	if err != nil {
		p.broken(r, lessonVersion, err, &ruleCounteroffer, true)
		return
	}
	defer p.hangUp(s)
	rep, err := s.initialize(p.ctx, unknownVersion)
	var data struct {
		Supported []string `json:"supported"`
	}
	if err == nil && rep.Error != nil {
		_ = json.Unmarshal(rep.Error.Data, &data)
	}
	switch {
	case err != nil:
		p.broken(r, lessonVersion, err, &ruleCounteroffer, true)
	case rep.Error != nil && len(data.Supported) > 0:
		// The page's Version Negotiation asks for a version in the result,
		// but its own Error Handling example answers a version mismatch
		// with exactly this error: the text is at odds with itself, so the
		// probe notes it and cites the MUST beside the example.
		p.end(r, Note, &ruleVersionError, lessonVersion, fmt.Sprintf("initialize at %s answered with %s listing %q: the lifecycle page's own example initialization error, though its Version Negotiation asks for a result with a version the server supports", unknownVersion, rep.Error.String(), quoted(strings.Join(data.Supported, ", "))), data.Supported...)
	case rep.Error != nil:
		p.end(r, Fail, &ruleCounteroffer, lessonVersion, "initialize at "+unknownVersion+" answered with "+rep.Error.String()+", with no data.supported, instead of a version the server supports")
	case s.version == unknownVersion:
		p.end(r, Fail, &ruleCounteroffer, lessonVersion, "the server echoed "+unknownVersion+", a version it cannot implement")
	case s.version == "":
		p.end(r, Fail, &ruleCounteroffer, lessonVersion, "the result names no protocolVersion")
	default:
		p.end(r, Pass, &ruleCounteroffer, lessonVersion, fmt.Sprintf("answered with %q, a version it supports", quoted(s.version)))
	}
}

// run2026 probes the 2026-07-28 revision: server/discover, a request with
// the 2026-07-28 _meta, and one at a version the server cannot know. It
// returns the session when the server speaks 2026-07-28.
func (p *prober) run2026() *session {
	r := p.begin("era-discover", Rev2026, "The probe opens a connection and sends server/discover with the 2026-07-28 _meta.")
	s, err := p.connect(Rev2026)
	if err != nil {
		p.broken(r, lessonByError, err, &ruleDiscover, false)
		return nil
	}
	rep, err := s.call(p.ctx, "server/discover", nil, "server/discover at 2026-07-28.")
	if errors.Is(err, errNoReply) && p.ctx.Err() == nil {
		// The 2026-07-28 compatibility matrix foresees a legacy server
		// that says nothing to a modern request.
		p.end(r, Note, &ruleLegacySilent, lessonByError, "no answer to server/discover in time: a server that speaks only 2025-11-25 may stay silent, as the 2026-07-28 compatibility matrix says")
		p.hangUp(s)
		return nil
	}
	if err != nil {
		p.broken(r, lessonByError, err, &ruleDiscover, false)
		p.hangUp(s)
		return nil
	}
	if rep.Error != nil {
		p.discoverRefused(r, rep.Error)
		p.hangUp(s)
		return nil
	}
	var res struct {
		Supported []string `json:"supportedVersions"`
	}
	_ = json.Unmarshal(rep.Result, &res)
	if !slices.Contains(res.Supported, Rev2026) {
		p.end(r, Note, &ruleDiscover, lessonByError, fmt.Sprintf("server/discover lists %q, not 2026-07-28: the server does not speak it here", quoted(strings.Join(res.Supported, ", "))), res.Supported...)
		p.hangUp(s)
		return nil
	}
	p.caps[Rev2026] = capabilities(rep.Result)
	// A request at a version the server cannot know.
	s.version = unknownVersion
	bad, err := s.call(p.ctx, "server/discover", nil, "server/discover naming "+unknownVersion+" in _meta: the server must refuse it with -32022 and its supported list.")
	s.version = Rev2026
	if err != nil {
		p.broken(r, lessonByError, err, &ruleDiscover, true)
		p.hangUp(s)
		return nil
	}
	var data struct {
		Supported []string `json:"supported"`
	}
	if bad.Error != nil {
		_ = json.Unmarshal(bad.Error.Data, &data)
	}
	switch {
	case bad.Error == nil:
		p.end(r, Fail, &ruleDiscover, lessonByError, "a request at "+unknownVersion+" was served instead of refused with -32022", res.Supported...)
	case bad.Error.Code != -32022:
		p.end(r, Fail, &ruleDiscover, lessonByError, "a request at "+unknownVersion+" got "+bad.Error.String()+", not -32022", res.Supported...)
	case len(data.Supported) == 0:
		p.end(r, Fail, &ruleDiscover, lessonByError, "-32022 without data.supported: the client cannot tell what to retry with", res.Supported...)
	default:
		p.end(r, Pass, &ruleDiscover, lessonByError, fmt.Sprintf("server/discover lists %q; %s refused with -32022, supported %q", quoted(strings.Join(res.Supported, ", ")), unknownVersion, quoted(strings.Join(data.Supported, ", "))), res.Supported...)
	}
	return s
}

// modernErrors are the error codes 2026-07-28 defines (basic › Error
// Codes): HeaderMismatch, MissingRequiredClientCapability and
// UnsupportedProtocolVersion. Only a server of 2026-07-28 or later sends
// them.
var modernErrors = []int{-32020, -32021, -32022}

// discoverRefused judges an error answering server/discover at
// 2026-07-28. The versioning page reads the server's era from it: a
// recognized modern error identifies a modern server, anything else a
// legacy one. A modern server that refuses 2026-07-28 itself must list
// what it supports.
func (p *prober) discoverRefused(r *Result, e *rpcError) {
	var data struct {
		Supported []string `json:"supported"`
	}
	_ = json.Unmarshal(e.Data, &data)
	switch {
	case e.Code == -32022 && slices.Contains(data.Supported, Rev2026):
		// The list must be the versions it does support: either it is
		// wrong, or the server refused a version it supports.
		p.end(r, Fail, &ruleDiscover, lessonByError, fmt.Sprintf("server/discover at 2026-07-28 refused with -32022, yet lists %q, 2026-07-28 among them", quoted(strings.Join(data.Supported, ", "))), data.Supported...)
	case e.Code == -32022 && len(data.Supported) > 0:
		p.end(r, Note, &ruleDiscover, lessonByError, fmt.Sprintf("server/discover lists %q, not 2026-07-28: the server does not speak it here", quoted(strings.Join(data.Supported, ", "))), data.Supported...)
	case e.Code == -32022:
		p.end(r, Fail, &ruleDiscover, lessonByError, "-32022 without data.supported: the client cannot tell what to retry with")
	case slices.Contains(modernErrors, e.Code):
		p.end(r, Note, &ruleLegacyError, lessonByError, "server/discover answered with "+e.String()+": a recognized 2026-07-28 error, so a 2026-07-28 server, which refused the probe's request")
	default:
		p.end(r, Note, &ruleLegacyError, lessonByError, "server/discover answered with "+e.String()+": a legacy server (2025-11-25 or earlier, as the versioning page names them), not a 2026-07-28 one")
	}
}
