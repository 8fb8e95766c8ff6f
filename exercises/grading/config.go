package grading

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
)

// A Config is an exercise's .meta/config.json: what the site shows around
// the statement, what each check is worth, and which check catches which
// mutant.
type Config struct {
	Title string `json:"title"`
	// File is the learner's file, relative to the exercise folder.
	File string `json:"file"`
	// Test is the go test function that runs the checks as subtests.
	Test   string        `json:"test"`
	Checks []CheckConfig `json:"checks"`
	// Hints are shown one at a time, in order.
	Hints []string `json:"hints"`
	// Mutants maps a file in .meta/mutants to the check that must fail on it.
	Mutants map[string]string `json:"mutants"`
	// Imports are packages the statement or hints suggest that neither the
	// starter, the solution nor a mutant imports and that the page's grader
	// does not carry for every exercise already (exercises/interp/symbols'
	// always): its symbol tables weigh on the grader's download, so a
	// package suggested to the learner must be named here to be offered.
	Imports []string `json:"imports,omitempty"`
	// Allow lists the packages outside the standard library the learner's
	// file may import, those the exercise is about (the go-sdk's). The
	// standard library's allowed packages (exercises/importrule) need no
	// listing: the classroom grader refuses any other import before
	// compiling, and the page does the same.
	Allow []string `json:"allow,omitempty"`
	// Refuse names standard-library packages every other exercise allows
	// that this one refuses, each with why (in English; importrule holds
	// the Chinese too): writing their work is what the exercise teaches,
	// and its statement says so.
	Refuse map[string]string `json:"refuse,omitempty"`
}

// A CheckConfig is what a check is worth.
type CheckConfig struct {
	Name   string `json:"name"`
	Points int    `json:"points"`
	// Summary says in one line what the check asks, for the page and the
	// classroom exports' reports.
	Summary string `json:"summary"`
}

var checkName = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)

// ReadConfig reads and validates a config file.
func ReadConfig(path string) (*Config, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var c Config
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if err := c.validate(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &c, nil
}

func (c *Config) validate() error {
	if c.Title == "" || c.File == "" || c.Test == "" {
		return fmt.Errorf("title, file and test are required")
	}
	if len(c.Checks) == 0 {
		return fmt.Errorf("no checks")
	}
	var names []string
	for _, ch := range c.Checks {
		if !checkName.MatchString(ch.Name) {
			return fmt.Errorf("check name %q: want lower-case letters, digits and single hyphens", ch.Name)
		}
		if slices.Contains(names, ch.Name) {
			return fmt.Errorf("check %q listed twice", ch.Name)
		}
		if ch.Points < 1 {
			return fmt.Errorf("check %q: points %d, want at least 1", ch.Name, ch.Points)
		}
		names = append(names, ch.Name)
	}
	for m, ch := range c.Mutants {
		if !slices.Contains(names, ch) {
			return fmt.Errorf("mutant %s names check %q, which is not in checks", m, ch)
		}
	}
	return nil
}

// CheckNames returns the configured check names, in order.
func (c *Config) CheckNames() []string {
	var out []string
	for _, ch := range c.Checks {
		out = append(out, ch.Name)
	}
	return out
}

// MaxScore is the sum of the checks' points.
func (c *Config) MaxScore() int {
	n := 0
	for _, ch := range c.Checks {
		n += ch.Points
	}
	return n
}
