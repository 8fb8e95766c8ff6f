package importrule

// An exerciseRule is one exercise's "allow" and "refuse" in
// .meta/config.json, for the page's grader, which carries no config
// files; TestRulesMatchConfigs keeps the two equal.
type exerciseRule struct {
	// allow lists the packages outside the standard library the learner's
	// file may import: those the exercise is about.
	allow []string
	// refuse lists standard-library packages [Allowed] names that the
	// exercise refuses, because writing their work is what it teaches;
	// each reason is its config's, in both languages, and its statement
	// says so too. No exercise refuses one yet.
	refuse map[string]refusal
}

var exerciseRules = map[string]exerciseRule{
	"catalog":   {allow: []string{"github.com/modelcontextprotocol/go-sdk/mcp", "github.com/modelcontextprotocol/go-sdk/jsonrpc"}},
	"frames":    {},
	"handshake": {},
	"outcomes":  {allow: []string{"github.com/modelcontextprotocol/go-sdk/mcp", "github.com/modelcontextprotocol/go-sdk/jsonrpc"}},
	"stock":     {allow: []string{"github.com/modelcontextprotocol/go-sdk/mcp"}},
	"ttl":       {},
}

// ForExercise returns the rule for the exercise's learner file: the zero
// Rule (the standard library's allowed packages) for an exercise it does
// not know.
func ForExercise(id string) Rule {
	r := exerciseRules[id]
	return Rule{allow: r.allow, refuse: r.refuse}
}
