package catalog

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// script is a Lister that answers from a list of pages; page i is served to
// the i-th request whatever the cursor, and the cursors sent are recorded.
type script struct {
	pages []Page
	errAt int // 1-based request that fails; 0 for none
	sent  []*string
}

func (s *script) ListTools(_ context.Context, cursor *string) (Page, error) {
	s.sent = append(s.sent, cursor)
	n := len(s.sent)
	if n == s.errAt {
		return Page{}, &jsonrpc.Error{Code: -32602, Message: "stale cursor"}
	}
	if n > len(s.pages) {
		return Page{}, errors.New("script exhausted")
	}
	return s.pages[n-1], nil
}

func page(next *string, names ...string) Page {
	var tools []*mcp.Tool
	for _, n := range names {
		tools = append(tools, &mcp.Tool{Name: n})
	}
	return Page{Tools: tools, NextCursor: next}
}

func ptr(s string) *string { return &s }

func TestEnumerate(t *testing.T) {
	lim := Limits{MaxPages: 10, MaxTools: 10}
	tests := []struct {
		name      string
		pages     []Page
		errAt     int
		lim       Limits
		wantNames []string
		wantSizes []int
		wantErr   error
		wantSent  int
	}{
		{"three pages with an empty one", []Page{page(ptr("a"), "alpha"), page(ptr("b")), page(nil, "beta", "gamma")}, 0, lim, []string{"alpha", "beta", "gamma"}, []int{1, 0, 2}, nil, 3},
		{"empty string cursor continues", []Page{page(ptr(""), "alpha"), page(nil, "beta")}, 0, lim, []string{"alpha", "beta"}, []int{1, 1}, nil, 2},
		{"empty catalog", []Page{page(nil)}, 0, lim, nil, []int{0}, nil, 1},
		{"repeated cursor", []Page{page(ptr("a"), "alpha"), page(ptr("a"))}, 0, lim, nil, nil, ErrCursorRepeated, 2},
		{"cycle back to an earlier cursor", []Page{page(ptr("a"), "x"), page(ptr("b")), page(ptr("a"))}, 0, lim, nil, nil, ErrCursorRepeated, 3},
		{"duplicate name", []Page{page(ptr("a"), "alpha"), page(nil, "alpha")}, 0, lim, nil, nil, ErrDuplicateName, 2},
		{"page limit", []Page{page(ptr("a")), page(ptr("b")), page(ptr("c"))}, 0, Limits{MaxPages: 2, MaxTools: 10}, nil, nil, ErrPageLimit, 2},
		{"exactly max pages is fine", []Page{page(ptr("a")), page(nil, "x")}, 0, Limits{MaxPages: 2, MaxTools: 10}, []string{"x"}, []int{0, 1}, nil, 2},
		// The error order: a page's nextCursor is checked for a repeat when
		// the page arrives; the page limit before the next request is sent.
		{"repeat on the last allowed page is a repeat", []Page{page(ptr("A"), "alpha"), page(ptr("A"))}, 0, Limits{MaxPages: 2, MaxTools: 10}, nil, nil, ErrCursorRepeated, 2},
		{"a fresh cursor on the last allowed page is the page limit", []Page{page(ptr("A"), "alpha"), page(ptr("B"))}, 0, Limits{MaxPages: 2, MaxTools: 10}, nil, nil, ErrPageLimit, 2},
		{"tool limit", []Page{page(nil, "a", "b", "c")}, 0, Limits{MaxPages: 2, MaxTools: 2}, nil, nil, ErrToolLimit, 1},
		{"exactly max tools is fine", []Page{page(nil, "a", "b")}, 0, Limits{MaxPages: 2, MaxTools: 2}, []string{"a", "b"}, []int{2}, nil, 1},
		{"zero pages is invalid", nil, 0, Limits{MaxPages: 0, MaxTools: 1}, nil, nil, ErrInvalidLimits, 0},
		{"negative tools is invalid", nil, 0, Limits{MaxPages: 1, MaxTools: -1}, nil, nil, ErrInvalidLimits, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &script{pages: tc.pages, errAt: tc.errAt}
			tools, sizes, err := Enumerate(context.Background(), s, tc.lim)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("Enumerate error = %v, want %v", err, tc.wantErr)
			}
			var names []string
			for _, tl := range tools {
				names = append(names, tl.Name)
			}
			if !slices.Equal(names, tc.wantNames) || !slices.Equal(sizes, tc.wantSizes) {
				t.Errorf("Enumerate = %v %v, want %v %v", names, sizes, tc.wantNames, tc.wantSizes)
			}
			if err != nil && (tools != nil || sizes != nil) {
				t.Errorf("Enumerate returned a partial catalog with error %v", err)
			}
			if len(s.sent) != tc.wantSent {
				t.Errorf("sent %d requests, want %d", len(s.sent), tc.wantSent)
			}
		})
	}
}

func TestEnumerateSendsEmptyCursorAndPassesErrorsThrough(t *testing.T) {
	s := &script{pages: []Page{page(ptr(""), "alpha")}, errAt: 2}
	_, _, err := Enumerate(context.Background(), s, Limits{MaxPages: 5, MaxTools: 5})
	var werr *jsonrpc.Error
	if !errors.As(err, &werr) || werr.Code != -32602 {
		t.Fatalf("error = %v, want a *jsonrpc.Error with code -32602", err)
	}
	if s.sent[0] != nil || s.sent[1] == nil || *s.sent[1] != "" {
		t.Errorf("cursors sent = %v, want nil then \"\"", s.sent)
	}
}

func TestEnumerateStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := Enumerate(ctx, &script{pages: []Page{page(nil, "a")}}, Limits{MaxPages: 1, MaxTools: 1})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error = %v, want context.Canceled", err)
	}
}
