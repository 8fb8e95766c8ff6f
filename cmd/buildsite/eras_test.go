package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
)

func TestCompareErasOrdersRevisionsOldestFirst(t *testing.T) {
	got := []string{"go-sdk", "zeta", "2026-07-28", "application", "2025-11-25"}
	slices.SortFunc(got, compareEras)
	want := []string{"2025-11-25", "2026-07-28", "go-sdk", "application", "zeta"}
	if !slices.Equal(got, want) {
		t.Errorf("sorted eras = %v, want %v", got, want)
	}
}

func TestByEraKeepsOrderWithinAnEra(t *testing.T) {
	infos := []scenario.Info{{ID: "d", Era: "2026-07-28"}, {ID: "a", Era: "2025-11-25"}, {ID: "b", Era: "2025-11-25"}}
	var got []string
	for _, g := range byEra(infos) {
		for _, in := range g.Scenarios {
			got = append(got, g.Era+":"+in.ID)
		}
	}
	want := []string{"2025-11-25:a", "2025-11-25:b", "2026-07-28:d"}
	if !slices.Equal(got, want) {
		t.Errorf("byEra = %v, want %v", got, want)
	}
}

// A lesson page's index holds its players' scenarios and their
// counterparts, so the era switch knows the other era without the
// playground's full list.
func TestLessonIndexAddsCounterparts(t *testing.T) {
	s := &site{infos: []scenario.Info{
		{ID: "old", Title: "Old", Era: "2025-11-25", Counterpart: "new", Params: []byte(`{"x":1}`)},
		{ID: "new", Title: "New", Era: "2026-07-28", Counterpart: "old"},
		{ID: "other", Title: "Other <b>", Era: "2025-11-25"},
	}}
	got, err := s.lessonIndex(&lesson{Sims: []string{"old"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`id="scenario-index"`, `"id":"old"`, `"id":"new"`, `"counterpart":"old"`} {
		if !strings.Contains(string(got), want) {
			t.Errorf("lessonIndex = %s, want it to contain %s", got, want)
		}
	}
	if strings.Contains(string(got), "other") || strings.Contains(string(got), "params") {
		t.Errorf("lessonIndex = %s, want only old and new, without params", got)
	}
	if got, _ := s.lessonIndex(&lesson{}); got != "" {
		t.Errorf("lessonIndex of a lesson without players = %q, want none", got)
	}
	tags := s.lessonEras(&lesson{Sims: []string{"new"}, Scenarios: []string{"other"}})
	if len(tags) != 2 || tags[0].Name != "2025-11-25" || tags[1].Name != "2026-07-28" || !strings.Contains(tags[1].Title, "revision") {
		t.Errorf("lessonEras = %+v, want 2025-11-25 then 2026-07-28", tags)
	}
}
