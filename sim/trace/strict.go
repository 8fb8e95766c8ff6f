package trace

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// The rules below are the ones the page's parseTrace (site/js/trace.js)
// applies too, and a parity test (e2e) feeds both the same lines. They are
// stricter than encoding/json on purpose, because encoding/json and
// JSON.parse disagree where it would change a verdict:
//
//   - field names match exactly (encoding/json also accepts "SEQ" for "seq");
//   - a number must fit its field as a JavaScript number can hold it: an
//     integer field takes any JSON number with an integral value within
//     ±(2^53-1), so 1.0 and 1e2 are integers here as they are in the page;
//   - null is the zero value of every field, nested ones included;
//   - duplicate names: the last one counts, as in JSON.parse.

// maxSafeInteger is the largest integer a JavaScript number holds exactly.
const maxSafeInteger = 1<<53 - 1

var rawMessageType = reflect.TypeFor[json.RawMessage]()

// decodeStrict decodes raw into v (settable) by the rules above. path names
// the value in errors ("state.catalog[2]").
func decodeStrict(raw json.RawMessage, v reflect.Value, path string) error {
	if string(raw) == "null" {
		v.SetZero()
		return nil
	}
	if v.Type() == rawMessageType {
		v.SetBytes(append(json.RawMessage(nil), raw...))
		return nil
	}
	switch v.Kind() {
	case reflect.String:
		var s string
		if raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
			return fmt.Errorf("%q is not a string", path)
		}
		v.SetString(s)
	case reflect.Bool:
		switch string(raw) {
		case "true", "false":
			v.SetBool(string(raw) == "true")
		default:
			return fmt.Errorf("%q is not a boolean", path)
		}
	case reflect.Int, reflect.Int64, reflect.Uint64:
		n, err := safeInteger(raw, path, v.Kind() == reflect.Uint64)
		if err != nil {
			return err
		}
		if v.Kind() == reflect.Uint64 {
			v.SetUint(uint64(n))
		} else {
			v.SetInt(n)
		}
	case reflect.Slice:
		var items []json.RawMessage
		if raw[0] != '[' || json.Unmarshal(raw, &items) != nil {
			return fmt.Errorf("%q is not a list", path)
		}
		s := reflect.MakeSlice(v.Type(), len(items), len(items))
		for i, it := range items {
			if err := decodeStrict(it, s.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		v.Set(s)
	case reflect.Map:
		fields, err := object(raw, path)
		if err != nil {
			return err
		}
		m := reflect.MakeMapWithSize(v.Type(), len(fields))
		for _, k := range sortedKeys(fields) {
			e := reflect.New(v.Type().Elem()).Elem()
			if err := decodeStrict(fields[k], e, path+"."+k); err != nil {
				return err
			}
			m.SetMapIndex(reflect.ValueOf(k), e)
		}
		v.Set(m)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		if err := decodeStrict(raw, p.Elem(), path); err != nil {
			return err
		}
		v.Set(p)
	case reflect.Struct:
		fields, err := object(raw, path)
		if err != nil {
			return err
		}
		_, err = decodeFields(fields, v, path+".")
		return err
	default:
		panic("trace: no strict decoding for " + v.Type().String())
	}
	return nil
}

// decodeFields fills the JSON-tagged fields of struct v from fields and
// returns the names no field took, sorted. prefix starts each path.
func decodeFields(fields map[string]json.RawMessage, v reflect.Value, prefix string) ([]string, error) {
	known := map[string]bool{}
	t := v.Type()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		known[name] = true
		raw, ok := fields[name]
		if !ok {
			continue
		}
		if err := decodeStrict(raw, v.Field(i), prefix+name); err != nil {
			return nil, err
		}
	}
	var rest []string
	for _, k := range sortedKeys(fields) {
		if !known[k] {
			rest = append(rest, k)
		}
	}
	return rest, nil
}

// object reads a JSON object's members; the last of duplicate names wins.
func object(raw json.RawMessage, path string) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if raw[0] != '{' || json.Unmarshal(raw, &m) != nil {
		return nil, fmt.Errorf("%q is not an object", path)
	}
	return m, nil
}

// safeInteger reads a JSON number with an integral value a JavaScript
// number holds exactly.
func safeInteger(raw json.RawMessage, path string, unsigned bool) (int64, error) {
	if raw[0] != '-' && (raw[0] < '0' || raw[0] > '9') {
		return 0, fmt.Errorf("%q is not a number", path)
	}
	// Overflow gives ±Inf with an error; underflow gives 0, as in JSON.parse.
	f, _ := strconv.ParseFloat(string(raw), 64)
	if math.IsInf(f, 0) || f != math.Trunc(f) {
		return 0, fmt.Errorf("%q is not an integer", path)
	}
	if unsigned && f < 0 {
		return 0, fmt.Errorf("%q is negative", path)
	}
	if math.Abs(f) > maxSafeInteger {
		return 0, fmt.Errorf("%q is too large", path)
	}
	return int64(f), nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
