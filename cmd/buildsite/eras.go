package main

import (
	"html/template"
	"regexp"
	"slices"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/scenario"
)

// eraOrder lists the protocol eras oldest first; site/js/eras.js orders
// them the same way. An era not listed sorts after these, by name.
var eraOrder = []string{"2025-11-25", "2026-07-28", "go-sdk"}

// compareEras orders two era names as eraOrder does.
func compareEras(a, b string) int {
	ia, ib := slices.Index(eraOrder, a), slices.Index(eraOrder, b)
	switch {
	case ia >= 0 && ib >= 0:
		return ia - ib
	case ia >= 0:
		return -1
	case ib >= 0:
		return 1
	}
	return strings.Compare(a, b)
}

// revisionName is the shape of a specification revision's name.
var revisionName = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`)

// eraTitle explains an era name in a tooltip; site/js/eras.js says the same.
func (s *site) eraTitle(era string) string {
	switch {
	case era == "go-sdk":
		return s.t("go-sdk behaviour, not a version of the specification")
	case revisionName.MatchString(era):
		return fillTemplate(s.t("MCP specification revision {1}"), []string{era})
	}
	return fillTemplate(s.t("{1}: no protocol version, the application's own logic"), []string{era})
}

// An eraTag is one era on a lesson card.
type eraTag struct{ Name, Title string }

// An eraGroup is the scenarios of one era within a playground group.
type eraGroup struct {
	Era       string
	Scenarios []scenario.Info
}

// byEra splits infos by era, eras in order, each keeping infos' order.
func byEra(infos []scenario.Info) []eraGroup {
	var groups []eraGroup
	for _, in := range infos {
		i := slices.IndexFunc(groups, func(g eraGroup) bool { return g.Era == in.Era })
		if i < 0 {
			groups = append(groups, eraGroup{Era: in.Era})
			i = len(groups) - 1
		}
		groups[i].Scenarios = append(groups[i].Scenarios, in)
	}
	slices.SortStableFunc(groups, func(a, b eraGroup) int { return compareEras(a.Era, b.Era) })
	return groups
}

// lessonEras lists the eras of the scenarios l plays or names, in order:
// the index shows them on the lesson's card.
func (s *site) lessonEras(l *lesson) []eraTag {
	var eras []string
	for _, id := range append(slices.Clone(l.Sims), l.Scenarios...) {
		if in, ok := s.scenarioInfo(id); ok && in.Era != "" && !slices.Contains(eras, in.Era) {
			eras = append(eras, in.Era)
		}
	}
	slices.SortFunc(eras, compareEras)
	var tags []eraTag
	for _, e := range eras {
		tags = append(tags, eraTag{e, s.eraTitle(e)})
	}
	return tags
}

// An indexEntry is what a lesson page's player needs to know about a
// scenario to offer its other era: the playground's index without the
// parameters.
type indexEntry struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Summary     string `json:"summary"`
	Lesson      string `json:"lesson"`
	Era         string `json:"era"`
	Counterpart string `json:"counterpart,omitempty"`
	Runtime     string `json:"runtime,omitempty"`
}

// lessonIndex is the scenario index of a lesson page: the scenarios its
// players show and their counterparts, in catalog order, in the element
// the playground uses (#scenario-index). Empty when the page has no
// player.
func (s *site) lessonIndex(l *lesson) (template.HTML, error) {
	want := map[string]bool{}
	for _, id := range l.Sims {
		want[id] = true
		if in, ok := s.scenarioInfo(id); ok && in.Counterpart != "" {
			want[in.Counterpart] = true
		}
	}
	if len(want) == 0 {
		return "", nil
	}
	var entries []indexEntry
	for _, in := range s.infos {
		if want[in.ID] {
			entries = append(entries, indexEntry{in.ID, in.Title, in.Summary, in.Lesson, in.Era, in.Counterpart, in.Runtime})
		}
	}
	return indexScript(entries)
}
