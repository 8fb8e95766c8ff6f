package conformance

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// A listKind is one paginated list method.
type listKind struct {
	name       string // the case suffix
	capability string // the capability that declares it
	method     string
	field      string // the result's array
	key        string // each item's identifying field
}

var listKinds = []listKind{
	{"tools", "tools", "tools/list", "tools", "name"},
	{"prompts", "prompts", "prompts/list", "prompts", "name"},
	{"resources", "resources", "resources/list", "resources", "uri"},
	{"resource-templates", "resources", "resources/templates/list", "resourceTemplates", "uriTemplate"},
}

// neverIssued is a cursor no server issued.
const neverIssued = "mcp-playground-probe-never-issued"

// walk follows every nextCursor, "" included, to the end of the list, and
// returns the items' names in order. The walk stops at a cursor it has
// already followed or past the page budget, and fails under the course's
// rule; items whose key repeats are judged apart, once the walk has
// ended, under what the list's own page says of them. A page that a
// repeated cursor led back to is the loop's, not a duplicate.
func (p *prober) walk(s *session, k listKind) []string {
	rules := rulesFor(s.rev)
	r := p.begin("list-walk:"+k.name, s.rev, "The probe reads the whole "+k.method+" list, following every nextCursor, \"\" included.")
	var names, dups []string
	seen := map[string]bool{}
	cursors := map[string]int{} // cursor → the page that handed it out
	var cursor *string
	emptyFollowed := false
	for page := 1; ; page++ {
		if page > p.opts.MaxPages || len(names) > p.opts.MaxItems {
			p.end(r, Fail, &rules.walkEnds, lessonRepeat, fmt.Sprintf("still not at the end after %d pages and %d items, past the probe's page budget: a client that follows every nextCursor never finishes", page-1, len(names)), names...)
			return names
		}
		params := map[string]any{}
		note := k.method + ", first page."
		if cursor != nil {
			params["cursor"] = *cursor
			note = fmt.Sprintf("%s, page %d, with the cursor of page %d.", k.method, page, page-1)
		}
		rep, err := s.call(p.ctx, k.method, params, note)
		if err != nil {
			p.broken(r, lessonPages, err, &rules.pagesEnd, false)
			return names
		}
		if rep.Error != nil {
			// A cursor the server issued itself and then refuses is not a
			// stable one; a declared list that refuses its first page is
			// something the text does not address.
			if page > 1 {
				p.end(r, Warn, &rules.stableCursors, lessonPages, fmt.Sprintf("page %d, asked for with the server's own cursor, answered with %s", page, rep.Error.String()), names...)
			} else {
				p.end(r, Note, &rules.pagesEnd, lessonPages, "the first page answered with "+rep.Error.String(), names...)
			}
			return names
		}
		var res map[string]json.RawMessage
		_ = json.Unmarshal(rep.Result, &res)
		var items []map[string]any
		if err := json.Unmarshal(res[k.field], &items); err != nil || items == nil && string(res[k.field]) != "[]" {
			p.end(r, Fail, &rules.listSchema, lessonPages, fmt.Sprintf("page %d has no %q array", page, quoted(k.field)), names...)
			return names
		}
		next, more := res["nextCursor"]
		var c string
		if more && json.Unmarshal(next, &c) != nil || string(next) == "null" {
			p.end(r, Fail, &rules.listSchema, lessonPages, fmt.Sprintf("page %d's nextCursor is %q, not a string: to end the list, leave the field out", page, quoted(clip(string(next), 40))), names...)
			return names
		}
		var pageDups []string
		for _, it := range items {
			n, _ := it[k.key].(string)
			if seen[n] {
				pageDups = append(pageDups, n)
			}
			seen[n] = true
			names = append(names, n)
		}
		if at, ok := cursors[c]; more && ok {
			msg := fmt.Sprintf("page %d returned cursor %q again (first handed out by page %d): a client that follows it loops", page, quoted(clip(c, 40)), at)
			if len(pageDups) > 0 {
				msg += fmt.Sprintf("; the page served %q again, the loop's doing rather than duplicate names", quoted(strings.Join(pageDups, ", ")))
			}
			p.end(r, Fail, &rules.walkEnds, lessonRepeat, msg, names...)
			return names
		}
		dups = append(dups, pageDups...)
		if !more {
			msg := fmt.Sprintf("%d items in %d pages", len(names), page)
			if page == 1 {
				msg = fmt.Sprintf("%d items in 1 page", len(names))
			}
			if emptyFollowed {
				msg += `; a nextCursor "" led to more`
			}
			if len(dups) > 0 {
				p.duplicates(r, k, rules, msg, dups, names)
				return names
			}
			p.end(r, Pass, &rules.pagesEnd, lessonPages, msg, names...)
			return names
		}
		cursors[c] = page
		emptyFollowed = emptyFollowed || c == ""
		cursor = &c
	}
}

// duplicates ends a walk that came to its end with keys that repeat: a
// warning where the list's page says SHOULD (tool names), a note where it
// states uniqueness with no keyword or says nothing.
func (p *prober) duplicates(r *Result, k listKind, rules *revRules, walked string, dups, names []string) {
	rule := rules.unique[k.name]
	verdict := Note
	if rule.Level == "SHOULD" {
		verdict = Warn
	}
	p.end(r, verdict, &rule, lessonDuplicate, fmt.Sprintf("%s; %s repeated: %q", walked, k.key, quoted(strings.Join(dups, ", "))), names...)
}

// invalidCursor sends a cursor the server never issued.
func (p *prober) invalidCursor(s *session, k listKind) {
	rule := &rulesFor(s.rev).invalidCursor
	r := p.begin("list-invalid-cursor:"+k.name, s.rev, "")
	rep, err := s.call(p.ctx, k.method, map[string]any{"cursor": neverIssued}, "A cursor this server never issued.")
	switch {
	case err != nil:
		p.broken(r, lessonForeign, err, rule, false)
	case rep.Error == nil:
		p.end(r, Warn, rule, lessonForeign, fmt.Sprintf("cursor %q answered with a page instead of -32602", quoted(neverIssued)))
	case rep.Error.Code != -32602:
		p.end(r, Warn, rule, lessonForeign, "answered with "+rep.Error.String()+", not -32602")
	default:
		p.end(r, Pass, rule, lessonForeign, "answered with -32602")
	}
}

// unknownTool calls a tool no listed tool is named, and says which layer
// answered.
func (p *prober) unknownTool(s *session, listed []string) {
	name := "mcp-playground-probe-no-such-tool"
	for slices.Contains(listed, name) {
		name += "-"
	}
	rule := &rulesFor(s.rev).unknownTool
	r := p.begin("tools-call-unknown", s.rev, "")
	rep, err := s.call(p.ctx, "tools/call", map[string]any{"name": name, "arguments": map[string]any{}}, "A tool no listed tool is named: nothing can run.")
	if err != nil {
		p.broken(r, lessonTwoLayers, err, rule, false)
		return
	}
	if rep.Error != nil {
		p.end(r, Pass, rule, lessonTwoLayers, "the protocol layer answers: "+rep.Error.String())
		return
	}
	var res struct {
		IsError bool `json:"isError"`
	}
	_ = json.Unmarshal(rep.Result, &res)
	if res.IsError {
		p.end(r, Note, rule, lessonTwoLayers, "the tool layer answers: a result with isError, which a model reads as a tool that ran and failed")
		return
	}
	p.end(r, Note, rule, lessonTwoLayers, "a successful result for a tool that does not exist: the text lists unknown tools among the protocol errors")
}

// namedCalls calls the tools the user named with -call, and only those.
func (p *prober) namedCalls(s *session, listed []string) {
	names := make([]string, 0, len(p.opts.Calls))
	for n := range p.opts.Calls {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		r := p.begin("tools-call:"+n, s.rev, "")
		if !slices.Contains(listed, n) {
			p.end(r, Skip, nil, lessonTwoLayers, fmt.Sprintf("%q is not in the tool list", quoted(n)))
			continue
		}
		rep, err := s.call(p.ctx, "tools/call", map[string]any{"name": n, "arguments": p.opts.Calls[n]}, "A call the user asked for with -call.")
		switch {
		case err != nil:
			p.broken(r, lessonTwoLayers, err, nil, false)
		case rep.Error != nil:
			p.end(r, Note, nil, lessonTwoLayers, "the protocol layer answers: "+rep.Error.String())
		default:
			var res struct {
				IsError bool `json:"isError"`
			}
			_ = json.Unmarshal(rep.Result, &res)
			if res.IsError {
				p.end(r, Note, nil, lessonTwoLayers, "a result with isError: the tool ran and failed")
			} else {
				p.end(r, Pass, nil, lessonTwoLayers, fmt.Sprintf("a result: %q", quoted(clip(string(rep.Result), 100))))
			}
		}
	}
}
