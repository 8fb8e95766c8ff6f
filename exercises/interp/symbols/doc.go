// Package symbols holds the compiled symbols that learner code interpreted
// by [github.com/mcp-playground/mcp-playground/exercises/interp] may use:
// a small stdlib subset, the tool-related parts of the go-sdk and, for each
// exercise folder, its fixed API and Grade types, each exercise's
// interpreter getting only the tables its own code needs ([Exports]).
// Everything but this file, exports.go and the generator (gen.go, which
// finds what to extract, and gen_rewrite.go, which turns yaegi's extracted
// tables into this package's form) is generated, tables.sum included: the hash
// of what the tables were made from (package tablesum), which spares the
// up-to-date test a regeneration when nothing changed.
package symbols

//go:generate go run gen.go gen_rewrite.go
