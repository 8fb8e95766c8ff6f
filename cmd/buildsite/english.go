package main

import (
	"fmt"
	"html"
	"regexp"
	"strings"
)

// A page of an edition in another language must not show an English
// sentence: a learner who reads Chinese meets the course in Chinese. Code,
// identifiers and protocol names stay as they are, so the check reads only
// the page's visible text, outside the elements that hold them, and skips
// quotations (an error message quoted from the wire is the wire's text).

// literalElements hold text that is not the page's prose: code, the editor,
// scripts, and emphasis, which the course keeps for the English names of
// specification sections (*Versioning › Backward Compatibility*).
var literalElements = map[string]bool{
	"code": true, "pre": true, "kbd": true, "samp": true, "var": true,
	"script": true, "style": true, "textarea": true, "svg": true, "em": true, "title": true,
}

// englishWord is one English word; englishRun is five or more in a row,
// separated by spaces (after light punctuation), with nothing Chinese
// between. A path or a host name (go.dev/x/y) has no spaces: it is a name.
const englishWord = `[A-Za-z][A-Za-z'’]*`

var (
	englishRun = regexp.MustCompile(englishWord + `(?:[,;:.!?)]*[ ]+[(]?` + englishWord + `){4,}`)
	quoted     = regexp.MustCompile(`“[^”]*”|"[^"]*"|「[^」]*」`)
)

// visibleText is the text of page a reader sees as prose: tags, attributes
// and literal elements removed, entities decoded, a line break at each
// tag so that text from two elements never joins into one sentence.
func visibleText(page []byte) string {
	var b strings.Builder
	skip := 0
	s := string(page)
	for len(s) > 0 {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			i = len(s)
		}
		if skip == 0 {
			b.WriteString(html.UnescapeString(s[:i]))
		}
		s = s[i:]
		if s == "" {
			break
		}
		end := tagEnd(s)
		tag := s[1:end]
		s = s[end:]
		if s != "" {
			s = s[1:]
		}
		b.WriteByte('\n')
		closing := strings.HasPrefix(tag, "/")
		name := strings.ToLower(strings.TrimPrefix(tag, "/"))
		if j := strings.IndexAny(name, " \t\n/>"); j >= 0 {
			name = name[:j]
		}
		if !literalElements[name] || strings.HasSuffix(tag, "/") {
			continue
		}
		if closing {
			skip = max(0, skip-1)
		} else {
			skip++
		}
	}
	return b.String()
}

// tagEnd returns the index of the '>' that ends the tag s starts with,
// past quoted attribute values, or len(s).
func tagEnd(s string) int {
	var q byte
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			q = c
		case c == '>':
			return i
		}
	}
	return len(s)
}

// englishSentences returns the English sentences in page's visible text.
func englishSentences(page []byte) []string {
	text := quoted.ReplaceAllString(visibleText(page), "")
	return englishRun.FindAllString(text, -1)
}

// checkNoEnglish fails a page of a translated edition that shows an
// English sentence, naming the page and the sentences.
func checkNoEnglish(name string, page []byte) error {
	found := englishSentences(page)
	if len(found) == 0 {
		return nil
	}
	return fmt.Errorf("%s: English on a translated page (translate it, or put code and names in code font): %q", name, found)
}
