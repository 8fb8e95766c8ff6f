package paging

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// sdkIteratorWalk reads the catalog with go-sdk's ClientSession.Tools.
func sdkIteratorWalk(ctx context.Context, rec *trace.Recorder, p *Params) error {
	l, err := play.ConnectBoth(ctx, rec, fixture.NewCatalogServer(p.Catalog, p.Seed), play.V20251125, fixture.PreserveCursor)
	if err != nil {
		return err
	}
	defer l.Close()
	done := make(chan struct{})
	walked := play.GoDo(func() ([]string, error) {
		defer close(done)
		var got []string
		for t, err := range l.Cs.Tools(ctx, nil) {
			if err != nil {
				return got, err
			}
			got = append(got, t.Name)
		}
		return got, nil
	})
	for {
		f, err := l.W.AwaitUntil(ctx, play.Request(play.C2s, "tools/list"), done)
		if err != nil {
			return err
		}
		if f == nil {
			break
		}
		note := "ClientSession.Tools asks for the first page."
		if c := play.RequestCursor(f); c != nil {
			note = fmt.Sprintf("The iterator sends cursor %s.", Quote(*c))
			rec.Update(func(s *trace.State) { s.Cursors = append(s.Cursors, *c) })
		}
		l.W.Deliver(f, note)
		f, err = l.W.Await(ctx, play.Response(play.S2c, "tools/list"))
		if err != nil {
			return err
		}
		rec.Update(func(s *trace.State) { s.Catalog = append(s.Catalog, play.ToolNames(f)...) })
		note = "A page."
		if strings.Contains(string(f.Raw), `"nextCursor":""`) {
			note = `"nextCursor":"" is on the wire, but ListToolsResult.NextCursor is a string with omitempty: Go sees "", which the iterator takes as the end.`
		}
		l.W.Deliver(f, note)
	}
	got, err := play.Wait(ctx, walked)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		rec.Changed(fmt.Sprintf("go-sdk v1.8.0 behaviour: the iterator yielded %d tool(s), then the error: %v", len(got), err), func(s *trace.State) {
			s.Catalog = got
			s.Error = err.Error()
		})
		return nil
	}
	rec.Changed(fmt.Sprintf("go-sdk v1.8.0 behaviour: the iterator finished with %d tool(s): %s.", len(got), strings.Join(got, ", ")), func(s *trace.State) {
		s.Catalog = got
	})
	return nil
}
