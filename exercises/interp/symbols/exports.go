package symbols

import "reflect"

// An adder puts one package's symbols in the table it is given.
type adder = func(map[string]map[string]reflect.Value)

// tables lists, for each exercise this build holds, the adders of the
// packages its interpreted code may use (from z_exports_<id>.go). It is
// written only while the package initializes.
var tables = map[string][]adder{}

// Exports returns a fresh table of the symbols exercise's interpreted code
// may use, keyed as yaegi's Interpreter.Use expects ("import/path/name"),
// or nil for an exercise this build does not hold.
func Exports(exercise string) map[string]map[string]reflect.Value {
	adders, ok := tables[exercise]
	if !ok {
		return nil
	}
	m := map[string]map[string]reflect.Value{}
	for _, add := range adders {
		add(m)
	}
	return m
}
