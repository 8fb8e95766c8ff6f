package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// takeSubmission copies the learner's file for ex out of dir into the
// exercise folder. A Gradescope upload holds the file at the top; a
// repository (a Gradescope GitHub submission, or a student's clone for a
// regrade) holds it at exercises/<id>/.
func takeSubmission(dir string, ex exercise) error {
	var found string
	for _, p := range []string{filepath.Join(dir, ex.File), filepath.Join(dir, "exercises", ex.ID, ex.File)} {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			found = p
			break
		}
	}
	var seen []string
	if found == "" {
		var matches []string
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // an unreadable corner is not where the file is
			}
			if !d.IsDir() {
				rel, _ := filepath.Rel(dir, p)
				seen = append(seen, filepath.ToSlash(rel))
				if d.Name() == ex.File {
					matches = append(matches, p)
				}
			}
			return nil
		})
		if len(matches) == 1 {
			found = matches[0]
		} else if len(matches) > 1 {
			return fmt.Errorf("the submission holds %d files named %s; submit one", len(matches), ex.File)
		}
	}
	if found == "" {
		list := "nothing"
		if len(seen) > 0 {
			if len(seen) > 10 {
				seen = append(seen[:10], "…")
			}
			list = strings.Join(seen, ", ")
		}
		return fmt.Errorf("the submission has no %s (it holds %s): submit the file named %s", ex.File, list, ex.File)
	}
	b, err := os.ReadFile(found)
	if err != nil {
		return fmt.Errorf("reading the submitted %s: %v", ex.File, err)
	}
	return os.WriteFile(filepath.Join("exercises", ex.ID, ex.File), b, 0o644)
}
