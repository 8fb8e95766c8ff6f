// Package docs holds what the repository's top-level guides show (the
// README's screenshot of a lesson's player, player.png) and the test that
// keeps those guides short and their links working: README.md and
// README.zh.md stay within 100 lines, and every relative link in them and in
// TEACHING.md, PROBE.md, CONTRIBUTING.md and ARCHITECTURE.md names a file
// that exists and, for a #fragment into Markdown, a heading of that file
// (by GitHub's anchor rules). It has no code of its own.
package docs
