// Package main does not compile: buildsite must fail when the wasm does.
package main

func main() { undefined() }
