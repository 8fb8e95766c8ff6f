package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
)

// staticImport matches a static import or re-export of a sibling module:
// `import x from './a.js'`, `import './a.js'`, `export { y } from './a.js'`,
// spanning lines when the import list does. Dynamic import() and comments
// that mention one are not static imports and do not match, since those
// start with "import(" or not at the start of a line.
var staticImport = regexp.MustCompile(`(?m)^(?:import|export)\s+(?:[^'";]*?\bfrom\s*)?['"]\./([^'"/]+\.js)['"]`)

// moduleGraph returns every module that entry (a file in dir) imports,
// directly or through another module, in name order and without entry.
// The layout preloads exactly these, so the browser fetches them in one
// round instead of discovering them one import level at a time; deriving
// the list from the imports keeps it from drifting when a module is added.
func moduleGraph(dir, entry string) ([]string, error) {
	seen := map[string]bool{entry: true}
	queue := []string{entry}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("module graph: %w", err)
		}
		for _, m := range staticImport.FindAllSubmatch(b, -1) {
			dep := path.Clean(string(m[1]))
			if seen[dep] {
				continue
			}
			if _, err := os.Stat(filepath.Join(dir, dep)); err != nil {
				return nil, fmt.Errorf("%s imports ./%s, which is not in %s", name, dep, dir)
			}
			seen[dep] = true
			queue = append(queue, dep)
		}
	}
	delete(seen, entry)
	var out []string
	for n := range seen {
		out = append(out, n)
	}
	slices.Sort(out)
	return out, nil
}
