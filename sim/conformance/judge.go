package conformance

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
)

// Judge reads what the client did and says whether it did what the
// scenario's lesson teaches. Call it once the client has finished.
func (f *Fixture) Judge() FixtureReport {
	f.mu.Lock()
	wire := append([]wireMsg(nil), f.wire...)
	f.mu.Unlock()
	rep := FixtureReport{Scenario: f.Scenario}
	switch {
	case f.catalog != nil:
		f.judgeWalk(wire, &rep)
	case f.Scenario == "handshake-version-counteroffer":
		judgeCounteroffer(wire, &rep)
	case f.Scenario == "discover-legacy-list":
		judgeLegacyList(wire, &rep)
	case f.Scenario == "ttl-session-expired":
		judgeExpiry(wire, &rep)
	}
	return rep
}

// clientRevision is the revision the client spoke on the wire: the
// version its requests name in the 2026-07-28 _meta, else the one its
// initialize offered.
func clientRevision(wire []wireMsg) string {
	offered := ""
	for _, w := range wire {
		if !w.fromClient || w.method == "" {
			continue
		}
		var p versionParams
		_ = json.Unmarshal(w.params, &p)
		if p.Meta.V != "" {
			return p.Meta.V
		}
		if w.method == "initialize" && p.V != "" {
			offered = p.V
		}
	}
	return offered
}

// ruleEmptyCursorCourse is the course's rule for a 2025-11-25 client that
// stops at nextCursor "": that revision is silent, and the course applies
// the 2026-07-28 rule, which is safe in both.
var ruleEmptyCursorCourse = Rule{Rev2025, "Server › Utilities › Pagination (the course's rule; the text is silent)", "course",
	"A response includes \"An optional nextCursor field if more results exist\", and \"Clients SHOULD: Treat a missing nextCursor as the end of results\". The text says nothing of a nextCursor \"\"; the course fails a client that stops at one, since the field is there, and 2026-07-28 says an empty string \"MUST NOT be treated as the end of results\"."}

// ruleRetryOrSurface is what a 2026-07-28 client does with
// UnsupportedProtocolVersionError: retry with a listed version, or
// surface an error when it speaks none of them.
var ruleRetryOrSurface = Rule{Rev2026, "Versioning › Protocol Version Negotiation", "SHOULD",
	"The client SHOULD select a mutually supported version from the supported list and retry the request, or surface an error to the user if no compatible version exists."}

// ruleLegacyListCourse is the course's reading of a case the 2026-07-28
// text leaves open: -32022 is a recognized modern error, after which the
// text has the client retry with a listed version rather than fall back,
// but every listed version here is a handshake-era one, which no request
// with _meta can name. The course reads 2025-11-25, the listed version,
// as spoken the only way it can be, from initialize, as go-sdk v1.8.0's
// client does (lesson 1 shows it, and calls it the SDK's choice for a case
// the text leaves open).
var ruleLegacyListCourse = Rule{Rev2026, "Versioning › Backward Compatibility with Initialization-Based Versions (the course's reading; the text is silent on a list of handshake-era versions only)", "course",
	"\"In both cases, a recognized modern JSON-RPC error (such as UnsupportedProtocolVersionError) identifies a modern server: the client retries with a supported version rather than falling back.\" and \"The client SHOULD select a mutually supported version from the supported list and retry the request, or surface an error to the user if no compatible version exists.\" The text says nothing of a list whose every version is a handshake-era one; the course passes a client that speaks the listed 2025-11-25 the only way it can be spoken, with initialize."}

// listRequest is a tools/list request's cursor: absent, or a string.
func listCursor(w wireMsg) (string, bool) {
	var p struct {
		Cursor *string `json:"cursor"`
	}
	if json.Unmarshal(w.params, &p) != nil || p.Cursor == nil {
		return "", false
	}
	return *p.Cursor, true
}

// judgeWalk follows the client's tools/list requests: every nextCursor
// handed out should be followed, "" included, and no cursor sent twice
// in one walk; a walk that never ends should be cut by the client.
func (f *Fixture) judgeWalk(wire []wireMsg, rep *FixtureReport) {
	sent := map[string]int{} // cursor → times the client sent it
	walks, requests := 0, 0
	var handed []string
	byID := map[string]bool{} // ids of tools/list requests
	for _, w := range wire {
		switch {
		case w.fromClient && w.method == "tools/list":
			requests++
			byID[w.id] = true
			if c, ok := listCursor(w); ok {
				sent[c]++
				rep.Items = append(rep.Items, fmt.Sprintf("cursor %q", quoted(c)))
			} else {
				walks++
				rep.Items = append(rep.Items, "first page")
			}
		case !w.fromClient && byID[w.id] && w.result != nil:
			var r struct {
				NextCursor *string `json:"nextCursor"`
			}
			if json.Unmarshal(w.result, &r) == nil && r.NextCursor != nil {
				handed = append(handed, *r.NextCursor)
			}
		}
	}
	rev := clientRevision(wire)
	rules := rulesFor(rev)
	if requests == 0 {
		rep.Verdict, rep.Message = Fail, "the client never listed the tools"
		return
	}
	for c, n := range sent {
		if n > walks {
			rep.Verdict, rep.Rule, rep.Message = Fail, &rules.walkEnds, fmt.Sprintf("the client sent cursor %q %d times in %d walks: it follows a repeated cursor", quoted(c), n, walks)
			return
		}
	}
	if requests > maxListRequests {
		rep.Verdict, rep.Rule, rep.Message = Fail, &rules.walkEnds, fmt.Sprintf("over %d tools/list requests: the client has no page budget", maxListRequests)
		return
	}
	switch f.catalog.Shape {
	case fixture.ShapeRepeat, fixture.ShapeCycle:
		rep.Verdict, rep.Rule, rep.Message = Pass, &rules.walkEnds, fmt.Sprintf("the client stopped when a cursor came back (%d requests)", requests)
		return
	case fixture.ShapeEndless:
		rep.Verdict, rep.Rule, rep.Message = Pass, &rules.walkEnds, fmt.Sprintf("the client stopped the endless walk after %d requests", requests)
		return
	}
	for _, c := range handed {
		if sent[c] == 0 {
			rep.Verdict, rep.Rule = Fail, &rules.pagesEnd
			what := fmt.Sprintf("%q", quoted(c))
			if c == "" {
				what = `"" (an empty string is a cursor: more pages follow)`
				if rev != Rev2026 {
					// 2025-11-25 is silent on "": failing it is the course's rule.
					rep.Rule = &ruleEmptyCursorCourse
				}
			}
			rep.Message = "the client stopped at nextCursor " + what + " and missed the rest of the catalog"
			return
		}
	}
	rep.Verdict, rep.Rule, rep.Message = Pass, &rules.pagesEnd, fmt.Sprintf("the client followed every nextCursor to the end (%d requests)", requests)
}

// judgeCounteroffer: the server answered initialize with an older version;
// the client either goes on in it (notifications/initialized) or hangs up.
func judgeCounteroffer(wire []wireMsg, rep *FixtureReport) {
	offered, answered := "", ""
	for i, w := range wire {
		if w.fromClient && w.method == "initialize" {
			var p struct {
				V string `json:"protocolVersion"`
			}
			_ = json.Unmarshal(w.params, &p)
			offered = p.V
		}
		if !w.fromClient && w.result != nil && answered == "" && offered != "" {
			var r struct {
				V string `json:"protocolVersion"`
			}
			if json.Unmarshal(w.result, &r) == nil && r.V != "" {
				answered = r.V
				rest := wire[i+1:]
				for _, n := range rest {
					if n.fromClient && n.method != "" {
						if n.method == "notifications/initialized" {
							rep.Verdict, rep.Message = Pass, fmt.Sprintf("offered %s, accepted the server's %s and completed the handshake", offered, answered)
						} else {
							rep.Verdict, rep.Message = Fail, fmt.Sprintf("offered %s, got %s, then sent %s before notifications/initialized", offered, answered, n.method)
						}
						return
					}
				}
				rep.Verdict, rep.Message = Pass, fmt.Sprintf("offered %s, got %s and disconnected, as a client that does not speak it should", offered, answered)
				return
			}
		}
	}
	rep.Verdict, rep.Message = Fail, "the client never completed an initialize"
}

// judgeLegacyList: a 2026-07-28 client gets -32022 listing only
// 2025-11-25. The 2026-07-28 versioning text has it either retry with a
// listed version or surface an error when it speaks none of them: a
// client that hangs up after -32022 passes under that SHOULD. A client
// that also speaks 2025-11-25 and falls back to initialize with it passes
// by the course's reading, labelled as such: the text says a client that
// meets -32022 retries "rather than falling back", and is silent on a list
// of handshake-era versions only. A retry at a version the list does not
// name goes against the text's SHOULD.
func judgeLegacyList(wire []wireMsg, rep *FixtureReport) {
	refused := false
	rep.Rule = &ruleRetryOrSurface
	for _, w := range wire {
		if !w.fromClient && w.err != nil && w.err.Code == -32022 {
			refused = true
			continue
		}
		if !w.fromClient || w.method == "" || strings.HasPrefix(w.method, "notifications/") {
			continue
		}
		rep.Items = append(rep.Items, w.method)
		var p versionParams
		_ = json.Unmarshal(w.params, &p)
		switch {
		case w.method == "initialize" && !refused:
			rep.Verdict, rep.Message = Note, "the client began with initialize at "+p.V+": a 2025-11-25 client never meets -32022"
			return
		case w.method == "initialize" && p.V == Rev2025:
			rep.Verdict, rep.Rule = Pass, &ruleLegacyListCourse
			rep.Message = "after -32022 listing 2025-11-25 the client fell back to initialize at 2025-11-25: a pass by the course's reading, not the text's, which says a client that meets -32022 retries rather than falls back and is silent on a list of handshake-era versions only"
			return
		case w.method == "initialize":
			rep.Verdict, rep.Message = Warn, "after -32022 listing 2025-11-25 the client initialized at "+p.V+", a version the list does not name"
			return
		case refused && p.Meta.V != "" && p.Meta.V != Rev2025:
			rep.Verdict, rep.Message = Warn, fmt.Sprintf("after -32022 listing 2025-11-25 the client sent %s at %s again, a version the list does not name", w.method, p.Meta.V)
			return
		}
	}
	if refused {
		rep.Verdict, rep.Message = Pass, "after -32022 listing only 2025-11-25 the client stopped instead of falling back: a client that speaks no listed version surfaces an error, which the text allows"
		return
	}
	rep.Rule = nil
	rep.Verdict, rep.Message = Fail, "the client sent no request the fixture could judge"
}

// judgeExpiry: after a 404 for its session, the client must start a new
// session with initialize, not resend the dead id or give up.
func judgeExpiry(wire []wireMsg, rep *FixtureReport) {
	got404 := false
	for _, w := range wire {
		if w.status == 404 {
			got404 = true
			rep.Items = append(rep.Items, "404")
			continue
		}
		if !got404 || !w.fromClient || w.method == "" {
			continue
		}
		rep.Items = append(rep.Items, w.method)
		if w.method == "initialize" {
			rep.Verdict, rep.Message = Pass, "after 404 the client started a new session with initialize"
			return
		}
	}
	switch {
	case !got404:
		rep.Verdict, rep.Message = Fail, "the client never used its session after tools/list, so it never met the 404"
	default:
		rep.Verdict, rep.Message = Fail, "after 404 the client did not start a new session"
	}
}

// versionParams is what a client's request says of its protocol version:
// initialize's protocolVersion (2025-11-25) or the _meta key every
// 2026-07-28 request carries.
type versionParams struct {
	V    string `json:"protocolVersion"`
	Meta struct {
		V string `json:"io.modelcontextprotocol/protocolVersion"`
	} `json:"_meta"`
}
