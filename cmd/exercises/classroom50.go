package main

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Classroom 50 (github.com/foundation50/classroom50) grades an assignment
// with declarative tests: `gh teacher assignment add --tests FILE` stores
// them, and the autograde runner (cli/gh-teacher/skeleton/dotgithub/
// scripts/runner.py) runs each one in the student's checkout: `setup`,
// then `run`, each a /bin/sh -c command bounded by `timeout` seconds, with
// $CLASSROOM50_BUNDLE_DIR naming the assignment's bundle (the teacher's
// CLASSROOM/autograders/ASSIGNMENT/ folder). A "run" test passes when
// `run` exits 0.

// c50Schema is the envelope's schema id (schemas/tests-v1.schema.json).
const c50Schema = "classroom50/tests/v1"

// c50Tests is a tests file: the tests-v1 envelope.
type c50Tests struct {
	Schema string    `json:"schema"`
	Tests  []c50Test `json:"tests"`
}

// A c50Test uses only the keys the runner workflow accepts for every test
// type (autograde-runner.yaml's _TEST_KEYS, less the io-only ones; the
// schema's failure-details, show-output and show-command are refused
// there).
type c50Test struct {
	Name    string `json:"name"`
	Type    string `json:"type"`
	Setup   string `json:"setup"`
	Run     string `json:"run"`
	Timeout int    `json:"timeout"` // seconds, 1–600, for setup and run each
	Points  int    `json:"points"`
}

// c50Runtime is runtime.json, the --runtime file: only the go toolchain
// (cli/gh-teacher/internal/assignment/runtime.go's RuntimeRef).
type c50Runtime struct {
	Go string `json:"go"`
}

const (
	// c50GradeDir is where each test's setup assembles the grading copy:
	// the bundle's pristine graders plus the student's one file.
	c50GradeDir = ".grade"
	// The compile test runs first and warms the build cache, so it gets
	// the long bound; a check runs in about a second once the cache is
	// warm, and a cold one recompiles within its own bound.
	c50BuildTimeout = 300
	c50CheckTimeout = 120
	// c50Budget bounds a whole assignment's grading: once it has passed
	// since the first test began, every later test fails at once ("not
	// graded"), so that a submission that hangs in every check still gets
	// its all.json grade inside Classroom 50's 15-minute job. Every check
	// ends within remote.CheckTimeout (60 s; its first hung call ends it
	// after remote.CallTimeout, 5 s), plus a few seconds of go run and go
	// test with a warm cache.
	c50Budget = 10 * time.Minute
	// c50BudgetFile is where the first test notes when grading began: in
	// the checkout, outside the grading copy each setup replaces.
	c50BudgetFile = ".grade-started"
	// c50Manifest lists the sha256 of every file of the bundle's graders;
	// its own hash is in every test's setup.
	c50Manifest = "graders.sha256"
)

// c50Setup restores the graders before a test: a student can edit every
// file in the checkout, so the test grades a fresh copy of the teacher's
// bundle with only the student's file taken from the checkout. A missing
// bundle fails the test rather than grading the checkout's graders.
//
// Before any student code runs, the bundle is checked against the hashes
// fixed at export: the manifest against its hash written here, then every
// file against the manifest, and the list of files against its list; a
// changed, added or missing file fails the test, named.
func c50Setup(ex exercise, manifestHash string) string {
	learner := "exercises/" + ex.ID + "/" + ex.Config.File
	return `b="${CLASSROOM50_BUNDLE_DIR:?is not set: grade through Classroom 50}"; g="$b/graders"; m="$b/` + c50Manifest + `"; ` +
		`[ -f "$g/go.mod" ] || { echo "the assignment's bundle has no graders/ folder: see the teacher README" >&2; exit 1; }; ` +
		`echo "` + manifestHash + `  $m" | sha256sum -c --status || { echo "the bundle's ` + c50Manifest + ` is missing or changed since the export: copy the export's again" >&2; exit 1; }; ` +
		`(cd "$g" && sha256sum -c --quiet "$m") >&2 || { echo "the bundle's graders changed since the export (the file named above): copy the export's graders/ again" >&2; exit 1; }; ` +
		`(cd "$g" && find . -type f | LC_ALL=C sort) > .grade-files && sed 's/^[0-9a-f]*  //' "$m" | diff - .grade-files >&2 || { echo "the bundle's graders hold files the export did not (named above with >): copy the export's graders/ again" >&2; exit 1; }; ` +
		`rm -rf ` + c50GradeDir + ` .grade-files && cp -R "$g" ` + c50GradeDir + ` && cp ` + learner + ` ` + c50GradeDir + `/` + learner
}

// c50Run runs the grader in the grading copy. GOWORK=off: a go.work in
// the student's checkout, above the copy, must not take part.
func c50Run(args string) string {
	return "cd " + c50GradeDir + " && GOWORK=off go run ./grader " + args
}

// c50ExerciseTests are one exercise's tests: a 0-point compile test, then
// one test per check, worth the check's points. first marks the
// assignment's first test, which starts the grading budget.
func c50ExerciseTests(ex exercise, manifestHash string, first bool) []c50Test {
	budget := " -budget " + c50Budget.String() + " -budget-file ../" + c50BudgetFile
	reset := ""
	if first {
		reset = " -budget-reset"
	}
	tests := []c50Test{{
		Name: checkName(ex, "compiles"), Type: "run", Setup: c50Setup(ex, manifestHash),
		Run: c50Run("-build " + ex.ID + budget + reset), Timeout: c50BuildTimeout, Points: 0,
	}}
	for _, c := range ex.Config.Checks {
		tests = append(tests, c50Test{
			Name: checkName(ex, c.Name), Type: "run", Setup: c50Setup(ex, manifestHash),
			Run: c50Run("-check " + checkName(ex, c.Name) + budget), Timeout: c50CheckTimeout, Points: c.Points,
		})
	}
	return tests
}

// writeManifest writes the sha256 of every file under dir/graders, one
// "HASH  ./path" line each in path order (sha256sum -c's format), to
// dir/graders.sha256, and returns the manifest's own hash.
func writeManifest(dir string) (string, error) {
	var lines []string
	root := filepath.Join(dir, "graders")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		lines = append(lines, fmt.Sprintf("%x  ./%s", sha256.Sum256(b), filepath.ToSlash(rel)))
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i][66:] < lines[j][66:] })
	m := strings.Join(lines, "\n") + "\n"
	return fmt.Sprintf("%x", sha256.Sum256([]byte(m))), writeFile(filepath.Join(dir, c50Manifest), m)
}

func writeClassroom50(e *export, dir string) error {
	if err := e.writeTree(filepath.Join(dir, "template"), tree{exs: e.exs, starters: true, readmes: true, recorded: true}); err != nil {
		return err
	}
	how := `## Submitting

Your class runs on Classroom 50. Push your work (or run ` + "`gh student submit`" + `, if your teacher asks
for submissions by tag): Classroom 50 grades the commit and publishes the score as a Release of
your repository, with one row per check, PASS or FAIL and its points, and the failing checks'
messages. The commit's ` + "`classroom50/autograde`" + ` status links to the run.`
	if err := writeFile(filepath.Join(dir, "template", "README.md"), studentREADME(e.exs, how)); err != nil {
		return err
	}
	howZh := `## 提交

你的班级使用 Classroom 50。推送你的代码（如果老师要求按标签提交，就运行 ` + "`gh student submit`" + `）：
Classroom 50 会给这次提交评分，并把分数发布为你仓库的一个 Release，每个检查项一行，写明 PASS 或 FAIL、
分数，以及失败检查项的信息。提交上的 ` + "`classroom50/autograde`" + ` 状态链接到这次运行。`
	if err := writeFile(filepath.Join(dir, "template", "README.zh.md"), studentREADMEzh(e.exs, howZh)); err != nil {
		return err
	}
	if err := e.writeTree(filepath.Join(dir, "graders"), tree{exs: e.exs}); err != nil {
		return err
	}
	hash, err := writeManifest(dir)
	if err != nil {
		return err
	}
	var all []c50Test
	for i, ex := range e.exs {
		all = append(all, c50ExerciseTests(ex, hash, i == 0)...)
		if err := writeJSON(filepath.Join(dir, "tests", ex.ID+".json"), c50Tests{Schema: c50Schema, Tests: c50ExerciseTests(ex, hash, true)}); err != nil {
			return err
		}
	}
	if err := writeJSON(filepath.Join(dir, "tests", "all.json"), c50Tests{Schema: c50Schema, Tests: all}); err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(dir, "runtime.json"), c50Runtime{Go: e.goVersion}); err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, "README.md"), c50TeacherREADME(e, len(all)))
}

// writeJSON writes v indented, with &, < and > as themselves: the
// commands are shell, read by teachers.
func writeJSON(path string, v any) error {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	return writeFile(path, b.String())
}

func c50TeacherREADME(e *export, nAll int) string {
	var rows strings.Builder
	for _, ex := range e.exs {
		fmt.Fprintf(&rows, "| `%s` | %s | %d | %d |\n", ex.ID, ex.Config.Title, len(ex.Config.Checks), ex.Config.MaxScore())
	}
	return "# The mcp-playground exercises on Classroom 50\n\n" +
		"Written by `go run ./cmd/exercises classroom -for classroom50`. Every test runs the\n" +
		"exercise's `grade.go` checks under `go test`, and each check is worth the points the course's\n" +
		"page gives it.\n\n" +
		"| Path | What it is |\n|---|---|\n" +
		"| `template/` | The assignment's template repository: the six exercises' starters, statements and graders, the parts of `sim/` they need, and the `grader` command students run to see their points. No workflow: Classroom 50 adds its own. Its reference implementations (the answers) are a tape of their answers to the checks' fixed cases, not code (`sim/tape`). |\n" +
		"| `graders/` | The pristine graders (no starters), with the live reference: hidden checks draw fresh cases. They go into the assignment's bundle; every test grades a fresh copy of them with only the student's file added. |\n" +
		"| `tests/<id>.json` | One exercise's tests for `--tests`: a 0-point `<id>/compiles`, then one `run` test per check. |\n" +
		fmt.Sprintf("| `tests/all.json` | All six exercises as one assignment (%d tests). |\n", nAll) +
		fmt.Sprintf("| `runtime.json` | For `--runtime`: Go %s, the version of `go.mod`. |\n\n", e.goVersion) +
		"| Exercise | Title | Checks | Points |\n|---|---|---|---|\n" + rows.String() + "\n" +
		"## Setting up an assignment\n\n" +
		"Replace `ORG`, `CLASSROOM` and `SLUG` with your organization, the classroom's short name and the\n" +
		"assignment's slug (one assignment per exercise, say `mcp-catalog`, or one for `all.json`).\n\n" +
		"1. Publish `template/` as a template repository (one serves every assignment):\n\n" +
		"   ```sh\n" +
		"   cd DIR/template\n" +
		"   git init -b main && git add . && git commit -m \"MCP exercises\"\n" +
		"   gh repo create ORG/mcp-exercises --private --source . --push\n" +
		"   gh repo edit ORG/mcp-exercises --template\n" +
		"   ```\n\n" +
		"2. Put the pristine graders in the assignment's bundle, once per assignment, in your clone of\n" +
		"   `ORG/classroom50`: publish-pages packs `CLASSROOM/autograders/SLUG/` into the bundle that\n" +
		"   the runner unpacks as `$CLASSROOM50_BUNDLE_DIR`.\n\n" +
		"   ```sh\n" +
		"   mkdir -p CLASSROOM/autograders/SLUG\n" +
		"   cp -R DIR/graders DIR/graders.sha256 CLASSROOM/autograders/SLUG/\n" +
		"   git add CLASSROOM/autograders/SLUG && git commit -m \"SLUG: graders\" && git push\n" +
		"   ```\n\n" +
		"3. Register the assignment with the exercise's tests and the Go runtime:\n\n" +
		"   ```sh\n" +
		"   gh teacher assignment add ORG CLASSROOM SLUG --name \"MCP: Reading the whole catalog\" \\\n" +
		"       --template ORG/mcp-exercises --tests DIR/tests/catalog.json --runtime DIR/runtime.json\n" +
		"   ```\n\n" +
		"   For every exercise in one assignment, pass `--tests DIR/tests/all.json`.\n\n" +
		"Students accept with `gh student accept ORG CLASSROOM SLUG` (or the web page), edit the\n" +
		"exercise's file and push. Each submission gets a Release with the score, one row per check\n" +
		"(PASS/FAIL and points) and the failing checks' messages; the scores reach the submissions page\n" +
		"and `gh teacher download`'s `scores.csv`.\n\n" +
		"## What a student can change\n\n" +
		"Everything in their repository, graders included, and none of it counts: each test's `setup`\n" +
		"copies `$CLASSROOM50_BUNDLE_DIR/graders` to `" + c50GradeDir + "/` and adds only the student's file\n" +
		"(`exercises/<id>/<id>.go`), and `run` grades that copy. Before that, `setup` checks the bundle's\n" +
		"graders against `" + c50Manifest + "` (whose own hash is in the test) and fails, naming the file, if\n" +
		"one changed, appeared or went missing; a bundle without `graders/` fails every test too. The\n" +
		"student's code never runs in the grading process: its imports are checked against the\n" +
		"exercise's import rule, and it is built into a program of its own whose functions the checks\n" +
		"call through a pipe, one fresh process per check.\n\n" +
		"A cold runner compiles the graders once (the 0-point compile test, up to " + fmt.Sprint(c50BuildTimeout) + " s); each check then\n" +
		"takes a few seconds. A call into the student's code may take 5 s and a check 60 s, and the\n" +
		"assignment has a " + c50Budget.String() + " budget from its first test: once spent, each later test fails\n" +
		"at once as \"not graded\", so even a submission that hangs everywhere is graded inside\n" +
		"Classroom 50's 15-minute job.\n"
}
