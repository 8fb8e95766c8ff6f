package scenario

import (
	"reflect"
	"strings"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
)

// docsFor returns the ParamDocs of f: each documented parameter with the
// JSON type of its Go field.
func docsFor(f *play.Family) map[string]play.ParamDoc {
	docs := paramDocs()[f.Name]
	if f.Params == nil || len(docs) == 0 {
		return nil
	}
	types := paramTypes(reflect.TypeOf(f.Params()).Elem())
	out := make(map[string]play.ParamDoc, len(docs))
	for name, doc := range docs {
		out[name] = play.ParamDoc{Doc: doc, Type: types[name]}
	}
	return out
}

// paramTypes maps the JSON names of struct t's fields (embedded structs'
// fields too) to their JSON types.
func paramTypes(t reflect.Type) map[string]string {
	out := map[string]string{}
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.Anonymous && sf.Type.Kind() == reflect.Struct {
			for k, v := range paramTypes(sf.Type) {
				out[k] = v
			}
			continue
		}
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if name == "" || name == "-" || !sf.IsExported() {
			continue
		}
		out[name] = jsonType(sf.Type)
	}
	return out
}

func jsonType(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 { // json.RawMessage: any JSON
			return "object"
		}
		return "array"
	default:
		return "object"
	}
}
