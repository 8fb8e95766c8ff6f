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
				rep.Items = append(rep.Items, fmt.Sprintf("cursor %q", c))
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
	if requests == 0 {
		rep.Verdict, rep.Message = Fail, "the client never listed the tools"
		return
	}
	for c, n := range sent {
		if n > walks {
			rep.Verdict, rep.Message = Fail, fmt.Sprintf("the client sent cursor %q %d times in %d walks: it follows a repeated cursor", c, n, walks)
			return
		}
	}
	if requests > maxListRequests {
		rep.Verdict, rep.Message = Fail, fmt.Sprintf("over %d tools/list requests: the client has no page budget", maxListRequests)
		return
	}
	switch f.catalog.Shape {
	case fixture.ShapeRepeat, fixture.ShapeCycle:
		rep.Verdict, rep.Message = Pass, fmt.Sprintf("the client stopped when a cursor came back (%d requests)", requests)
		return
	case fixture.ShapeEndless:
		rep.Verdict, rep.Message = Pass, fmt.Sprintf("the client stopped the endless walk after %d requests", requests)
		return
	}
	for _, c := range handed {
		if sent[c] == 0 {
			what := fmt.Sprintf("%q", c)
			if c == "" {
				what = `"" (an empty string is a cursor: more pages follow)`
			}
			rep.Verdict, rep.Message = Fail, "the client stopped at nextCursor "+what+" and missed the rest of the catalog"
			return
		}
	}
	rep.Verdict, rep.Message = Pass, fmt.Sprintf("the client followed every nextCursor to the end (%d requests)", requests)
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
// 2025-11-25 and must fall back to initialize with it.
func judgeLegacyList(wire []wireMsg, rep *FixtureReport) {
	refused := false
	for _, w := range wire {
		if !w.fromClient && w.err != nil && w.err.Code == -32022 {
			refused = true
			continue
		}
		if !w.fromClient || w.method == "" || strings.HasPrefix(w.method, "notifications/") {
			continue
		}
		rep.Items = append(rep.Items, w.method)
		if w.method == "initialize" {
			var p struct {
				V string `json:"protocolVersion"`
			}
			_ = json.Unmarshal(w.params, &p)
			switch {
			case !refused:
				rep.Verdict, rep.Message = Note, "the client began with initialize at "+p.V+": a 2025-11-25 client never meets -32022"
			case p.V == Rev2025:
				rep.Verdict, rep.Message = Pass, "after -32022 listing 2025-11-25 the client fell back to initialize at 2025-11-25"
			default:
				rep.Verdict, rep.Message = Fail, "after -32022 listing 2025-11-25 the client initialized at "+p.V
			}
			return
		}
	}
	if refused {
		rep.Verdict, rep.Message = Fail, "the client got -32022 with a supported list and never retried with a listed version"
		return
	}
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
