package main

import (
	"encoding/json"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// knownPages lists every page and data file the site will have, by path
// from the site's top, so that links in lessons can be checked before any
// page is written.
func (s *site) knownPages() (map[string]bool, error) {
	pages := map[string]bool{
		"index.html": true, "playground.html": true, "404.html": true,
		"scenarios.json": true,
	}
	// site/static is copied to the top of the site.
	filepath.WalkDir(s.cfg.Static, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			rel, _ := filepath.Rel(s.cfg.Static, p)
			pages[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	names, err := sortedNames(s.cfg.Lessons, ".md")
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		pages[strings.TrimSuffix(name, ".md")+".html"] = true
	}
	entries, err := os.ReadDir(s.cfg.Exercises)
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(s.cfg.Exercises, e.Name(), "README.md")); err == nil && e.IsDir() {
			pages["exercises/"+e.Name()+".html"] = true
		}
	}
	for _, info := range s.infos {
		pages["traces/"+info.ID+".jsonl"] = true
	}
	return pages, nil
}

var (
	// lessonLink is a link to a lesson's Markdown file, as written for
	// reading on GitHub: 02-x.md, ./02-x.md, ../../lessons/02-x.md.
	lessonLink = regexp.MustCompile(`^(?:\./|(?:\.\./)*lessons/)?([0-9]{2}-[a-z0-9-]+)\.md(#.*)?$`)
	hasScheme  = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// fixLink points a link to a lesson's .md file at the lesson's page, and
// checks that a relative link goes to a page the site has: a lesson that
// links to a renamed exercise or a scenario that no longer exists fails
// the build instead of sending learners to the 404 page.
func (rc *renderCtx) fixLink(n *ast.Link, src []byte) {
	dest := string(n.Destination)
	if sm := lessonLink.FindStringSubmatch(dest); sm != nil {
		n.Destination = []byte(rc.root + sm[1] + ".html" + sm[2])
		dest = sm[1] + ".html" + sm[2]
		if rc.dir != "" {
			dest = "../" + dest
		}
	}
	if dest == "" || strings.HasPrefix(dest, "#") || strings.HasPrefix(dest, "/") || hasScheme.MatchString(dest) {
		return
	}
	u, err := url.Parse(dest)
	if err != nil {
		rc.errorf(linkLine(n, src), "link %q: %v", dest, err)
		return
	}
	target := path.Join(rc.dir, u.Path)
	if strings.HasPrefix(target, "../") || strings.HasPrefix(target, "assets/") {
		return
	}
	if !rc.site.pages[target] {
		rc.errorf(linkLine(n, src), "link to %q: the site has no %s", dest, target)
		return
	}
	if target == "playground.html" && u.Fragment != "" {
		q, _ := url.ParseQuery(u.Fragment)
		if id := q.Get("scenario"); id != "" {
			if _, ok := rc.site.scenarioInfo(id); !ok {
				rc.errorf(linkLine(n, src), "link to %q: unknown scenario %q (%s)", dest, id, rc.site.knownScenarios(id))
				return
			}
			// The playground runs a link's parameters as they are; a
			// value the family refuses would greet the learner with an
			// error instead of the run the lesson describes.
			if params, ok := q["params"]; ok {
				if err := rc.site.cfg.Catalog.Check(id, json.RawMessage(params[0])); err != nil {
					rc.errorf(linkLine(n, src), "link to playground scenario %q: params %s: %v", id, params[0], err)
				} else if k := unoffered(rc.site, id, params[0]); k != "" {
					rc.errorf(linkLine(n, src), "link to playground scenario %q: params %s: the playground has no field %q for this scenario and would drop it (its form offers the preset's parameters and the enumerated ones)", id, params[0], k)
				} else if presetValues(rc.site, id, params[0]) {
					rc.errorf(linkLine(n, src), "link to playground scenario %q: params %s are the preset's own values, so the playground shows the recording and runs nothing; link without params, or change one", id, params[0])
				}
			}
		} else {
			rc.errorf(linkLine(n, src), "link to %q: a playground link names its scenario (#scenario=ID)", dest)
		}
	}
}

// unoffered returns the first key of params, in sorted order, that the
// playground's form for scenario id does not offer, or "". The form
// (site/js/playground.js) has a field for each of the preset's parameters
// and for each enumerated parameter that may be left out; it drops any
// other key of a link's params.
func unoffered(s *site, id, params string) string {
	info, _ := s.scenarioInfo(id)
	var preset, link map[string]json.RawMessage
	json.Unmarshal(info.Params, &preset)
	if json.Unmarshal([]byte(params), &link) != nil {
		return ""
	}
	keys := slices.Sorted(maps.Keys(link))
	for _, k := range keys {
		if _, ok := preset[k]; ok || slices.Contains(info.Choices[k], "") {
			continue
		}
		return k
	}
	return ""
}

// presetValues reports whether every key of params has the value scenario
// id's preset already gives it.
func presetValues(s *site, id, params string) bool {
	info, _ := s.scenarioInfo(id)
	var preset, link map[string]any
	if json.Unmarshal(info.Params, &preset) != nil || json.Unmarshal([]byte(params), &link) != nil {
		return false
	}
	for k, v := range link {
		if pv, ok := preset[k]; !ok || !reflect.DeepEqual(pv, v) {
			return false
		}
	}
	return true
}

// linkLine finds the line of a link from the text inside it, or the block
// around it.
func linkLine(n ast.Node, src []byte) int {
	for c := n.FirstChild(); c != nil; c = c.FirstChild() {
		if t, ok := c.(*ast.Text); ok {
			return lineAt(src, t.Segment.Start)
		}
	}
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
			return lineAt(src, p.Lines().At(0).Start)
		}
	}
	return 1
}
