package grading

import (
	"fmt"
	"regexp"
	"strings"
)

// SelectsCheck reports, as an error, a go test -run pattern that selects
// no check of the test named test. go test passes when -run matches nothing
// (it only warns "no tests to run"), so a classroom test whose pattern has a
// typo would award its points to every student; each exercise's TestMain
// calls this and fails the run instead. An empty pattern selects everything.
//
// The pattern is split on "/" into one regular expression per level, as
// the testing package does: the first must match test, the second (if any)
// at least one name in checks.
func SelectsCheck(pattern, test string, checks []string) error {
	if pattern == "" {
		return nil
	}
	levels := splitLevels(pattern)
	top, err := regexp.Compile(levels[0])
	if err != nil {
		return fmt.Errorf("-run %q: %v", pattern, err)
	}
	if !top.MatchString(test) {
		return fmt.Errorf("-run %q selects no test: the test is %s", pattern, test)
	}
	if len(levels) < 2 {
		return nil
	}
	sub, err := regexp.Compile(levels[1])
	if err != nil {
		return fmt.Errorf("-run %q: %v", pattern, err)
	}
	for _, c := range checks {
		if sub.MatchString(c) {
			return nil
		}
	}
	return fmt.Errorf("-run %q selects no check of %s; the checks are %s", pattern, test, strings.Join(checks, ", "))
}

// splitLevels splits a -run pattern on slashes outside brackets and
// parentheses, as the testing package does.
func splitLevels(p string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '[', '(':
			depth++
		case ']', ')':
			if depth > 0 {
				depth--
			}
		case '\\':
			i++
		case '/':
			if depth == 0 {
				out = append(out, p[start:i])
				start = i + 1
			}
		}
	}
	return append(out, p[start:])
}
