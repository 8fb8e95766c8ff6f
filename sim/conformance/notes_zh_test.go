package conformance_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mcp-playground/mcp-playground/sim/conformance"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// noteToken is cmd/buildsite's noteToken (translate.go) and site/js
// i18n.js's NOTE_TOKEN: the Chinese edition matches a note to its row in
// lessons/zh/notes.tsv by the template this split makes.
var noteToken = regexp.MustCompile(`"[^"]*"|-?[A-Za-z0-9_]+(?:[.\-][A-Za-z0-9_]+)*`)

func noteTemplate(note string) string {
	n := 0
	return noteToken.ReplaceAllStringFunc(note, func(tok string) string {
		if tok[0] != '"' && !strings.ContainsAny(tok, "0123456789") {
			return tok
		}
		n++
		return "{" + string(rune('0'+n/10%10)) + string(rune('0'+n%10)) + "}"
	})
}

// placeholderPad undoes noteTemplate's two-digit numbering ({01} → {1}).
var placeholderPad = regexp.MustCompile(`\{0([1-9])\}`)

// translatedNotes reads the English templates of lessons/zh/notes.tsv
// that have a Chinese translation.
func translatedNotes(t *testing.T) map[string]bool {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "lessons", "zh", "notes.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	have := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		if en, zh, ok := strings.Cut(line, "\t"); ok && strings.TrimSpace(zh) != "" {
			have[en] = true
		}
	}
	return have
}

// notesOf lists the words a trace shows a learner: notes and run names.
func notesOf(events []trace.Event) []string {
	var out []string
	for _, e := range events {
		for _, s := range []string{e.Note, e.Run} {
			if s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

// An imported probe trace reads in Chinese on the Chinese edition: every
// note the probe writes (the cases' wire, their verdicts, the HTTP
// fixture's statuses) has a row in lessons/zh/notes.tsv, as the
// simulator's notes do. The probe runs here against every broken server
// of these tests, so that each verdict's message is met.
func TestEveryProbeNoteHasAChineseTemplate(t *testing.T) {
	var notes []string
	for _, flaw := range []string{"none", "banner", "no-server-info", "echoes-version", "version-error-supported",
		"version-error-bare", "request-before-init", "ping-error", "serves-unknown-version", "repeats-cursor",
		"cursor-cycle", "endless", "duplicate-name", "duplicate-keys", "null-next-cursor", "empty-cursor",
		"refuses-own-cursor", "no-tools-array", "ignores-bad-cursor", "unknown-tool-succeeds", "hangs", "ping-hangs", "crash", "floods",
		"discover-method-not-found", "discover-future-only", "discover-bare-32022", "discover-header-mismatch", "discover-refuses-listed"} {
		for _, c := range probeRaw(t, flaw).Cases {
			notes = append(notes, notesOf(c.Events)...)
		}
	}
	for _, tt := range []struct{ flaw, url string }{
		{"none", ""}, {"accepts-foreign-origin", ""}, {"accepts-foreign-origin", "http://mcp.example.test/mcp"}, {"refuses-notifications", ""},
		{"modern-only", ""}, {"modern-only+accepts-foreign-origin", ""},
	} {
		h, f := flawedFixture(t, tt.flaw)
		for _, c := range probeHTTP(t, h, tt.url).Cases {
			notes = append(notes, notesOf(c.Events)...)
		}
		notes = append(notes, notesOf(f.Events())...)
	}
	have := translatedNotes(t)
	var missing []string
	for _, n := range notes {
		tpl := placeholderPad.ReplaceAllString(noteTemplate(n), "{$1}")
		if !have[tpl] && !slices.Contains(missing, tpl) {
			missing = append(missing, tpl)
			b, _ := json.Marshal(n)
			t.Errorf("no Chinese row in lessons/zh/notes.tsv for the probe's note %s; its template:\n%s", b, tpl)
		}
	}
	if len(missing) > 0 {
		t.Logf("rows to translate (append to lessons/zh/notes.tsv):\n%s", strings.Join(missing, "\t\n")+"\t")
	}
	_ = conformance.Pass
}
