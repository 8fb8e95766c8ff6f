package tape

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestKeyNamesTheCallAndItsHistory(t *testing.T) {
	a := Key("ttl.New")
	for _, tc := range []struct {
		name string
		x, y string
		same bool
	}{
		{"the same call twice", Key(a, "Touch", "s1", 0, 5), Key(a, "Touch", "s1", 0, 5), true},
		{"another argument", Key(a, "Touch", "s1", 0, 5), Key(a, "Touch", "s1", 0, 6), false},
		{"another history", Key(a, "Live"), Key(Key(a, "Touch", "s1", 0, 5), "Live"), false},
		// Each part is length-prefixed: moving a boundary changes the key.
		{"parts that concatenate alike", Key("ab", "c"), Key("a", "bc"), false},
		{"bytes and the string they spell", Key([]byte("x")), Key("x"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if (tc.x == tc.y) != tc.same {
				t.Errorf("keys %s and %s: same = %v, want %v", tc.x, tc.y, tc.x == tc.y, tc.same)
			}
		})
	}
}

// A listerError stands for an error a call is handed (a lister's), which
// callers find with errors.As.
type listerError struct{ code int }

func (e *listerError) Error() string { return fmt.Sprintf("code %d", e.code) }

func TestErrorsSurviveTheTape(t *testing.T) {
	errLimit := errors.New("page limit")
	sentinels := map[string]error{"ErrPageLimit": errLimit, "context.Canceled": context.Canceled}
	handed := &listerError{code: -32602}
	for _, tc := range []struct {
		name   string
		err    error
		handed error
		check  func(t *testing.T, got error)
	}{
		{"nil", nil, nil, func(t *testing.T, got error) {
			if got != nil {
				t.Errorf("got %v, want nil", got)
			}
		}},
		{"a sentinel itself", errLimit, nil, func(t *testing.T, got error) {
			if got != errLimit {
				t.Errorf("got %v, want the sentinel itself", got)
			}
		}},
		{"a wrapped sentinel", fmt.Errorf("%w: 3 pages", errLimit), nil, func(t *testing.T, got error) {
			if !errors.Is(got, errLimit) || got.Error() != "page limit: 3 pages" {
				t.Errorf("got %q (Is %v)", got, errors.Is(got, errLimit))
			}
		}},
		{"the handed error wrapped", fmt.Errorf("catalog: page 2: %w", handed), handed, func(t *testing.T, got error) {
			var le *listerError
			if !errors.As(got, &le) || le.code != -32602 || got.Error() != "catalog: page 2: code -32602" {
				t.Errorf("got %q, errors.As finds %v", got, le)
			}
		}},
		{"the handed error itself", context.Canceled, context.Canceled, func(t *testing.T, got error) {
			if got != context.Canceled {
				t.Errorf("got %v, want context.Canceled itself", got)
			}
		}},
		{"an error that is no sentinel", errors.New("catalog: page 1 holds a null tool"), nil, func(t *testing.T, got error) {
			if got == nil || got.Error() != "catalog: page 1 holds a null tool" || errors.Is(got, errLimit) {
				t.Errorf("got %v", got)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := json.Marshal(EncodeErr(tc.err, sentinels, tc.handed))
			if err != nil {
				t.Fatal(err)
			}
			var e *Err
			if err := json.Unmarshal(b, &e); err != nil {
				t.Fatal(err)
			}
			tc.check(t, e.Decode(sentinels, tc.handed))
		})
	}
}

func TestATapePlaysWhatWasRecorded(t *testing.T) {
	rec := New()
	Record(rec)
	Recording().Put(Key("f", 1), []string{"a"})
	Stop()
	if Recording() != nil {
		t.Fatal("still recording after Stop")
	}
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	played := New()
	if err := json.Unmarshal(b, played); err != nil {
		t.Fatal(err)
	}
	Play(played)
	defer Play(nil)
	var got []string
	Answer(Key("f", 1), &got, "f(1)")
	if len(got) != 1 || got[0] != "a" {
		t.Errorf("played %q, want [a]", got)
	}
	func() {
		defer func() {
			m, ok := recover().(Missing)
			if !ok || !strings.Contains(m.PlainPanic(), "has none for f(2)") {
				t.Errorf("a call not on the tape panicked with %v, want a Missing naming f(2)", m)
			}
		}()
		Answer(Key("f", 2), &got, "f(2)")
	}()
}

func TestTwoAnswersToOneCallAreReported(t *testing.T) {
	tp := New()
	tp.Put("k", 1)
	tp.Put("k", 1)
	if c := tp.Clashes(); len(c) != 0 {
		t.Errorf("the same answer twice is a clash: %v", c)
	}
	tp.Put("k", 2)
	if c := tp.Clashes(); len(c) != 1 {
		t.Errorf("clashes = %v, want one", c)
	}
	var n int
	if !tp.Get("k", &n) || n != 1 {
		t.Errorf("the first answer is kept: got %d", n)
	}
}
