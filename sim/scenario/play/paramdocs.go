package play

import (
	"reflect"
	"strings"
)

// Document gives every scenario of the catalogue its [Info.ParamDocs]:
// docs holds, per family name, the one-line meaning of each parameter, and
// the JSON type comes from the Go field. Only the registry documents its
// catalogue: a browser build reads the docs from the scenario index the
// site build writes, so its main leaves them, and their text, out.
func (c *Catalogue) Document(docs map[string]map[string]string) {
	for i := range c.presets {
		p := &c.presets[i]
		p.Info.ParamDocs = docsFor(p.Family, docs[p.Family.Name])
	}
}

// docsFor returns the ParamDocs of f: each documented parameter with the
// JSON type of its Go field.
func docsFor(f *Family, docs map[string]string) map[string]ParamDoc {
	if f.Params == nil || len(docs) == 0 {
		return nil
	}
	types := ParamTypes(reflect.TypeOf(f.Params()).Elem())
	out := make(map[string]ParamDoc, len(docs))
	for name, doc := range docs {
		out[name] = ParamDoc{Doc: doc, Type: types[name]}
	}
	return out
}

// ParamTypes maps the JSON names of struct t's fields (embedded structs'
// fields too) to their JSON types.
func ParamTypes(t reflect.Type) map[string]string {
	out := map[string]string{}
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.Anonymous && sf.Type.Kind() == reflect.Struct {
			for k, v := range ParamTypes(sf.Type) {
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
