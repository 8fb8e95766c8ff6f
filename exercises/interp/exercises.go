package interp

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/mcp-playground/mcp-playground/exercises/grading"
)

//go:generate go run gen.go

const modPath = "github.com/mcp-playground/mcp-playground/exercises/"

// An exercise says how to take one exercise's learner code across the
// boundary and grade it. [registry] lists them; each registers itself from
// its generated z_exercise_<id>.go (see gen.go), present in a build unless
// it is the site's grader for another exercise.
type exercise struct {
	id string
	// driver is the exercise's .meta/driver.go after its package clause,
	// appended to the learner's file. It declares func [driverName], which
	// returns the learner's functions and method values as the type the
	// exercise's checks take, built from compiled types alone: yaegi wraps
	// an interpreted function into a compiled one where a compiled func
	// type is expected, so no interface wrapper is involved.
	driver string
	// want describes what the driver needs, for a driver that does not
	// compile because the learner changed a signature.
	want string
	// checks returns the grader's check names, in order.
	checks func() []string
	// grade runs every check against the driver.
	grade func(ctx context.Context, driver reflect.Value, progress func(grading.Result)) ([]grading.Result, error)
}

const driverName = "mcpPlaygroundDriver"

// newExercise returns the exercise id, graded by checks, whose driver
// returns the F they take.
func newExercise[F any](id string, checks func() []grading.Check[F], want, driver string) exercise {
	return exercise{
		id:     id,
		driver: driver,
		want:   want,
		checks: func() []string { return grading.Names(checks()) },
		grade: func(ctx context.Context, v reflect.Value, progress func(grading.Result)) ([]grading.Result, error) {
			d, err := as[func() F](v)
			if err != nil {
				return nil, err
			}
			f := d()
			if alive, ok := ctx.Value(aliveKey{}).(func()); ok {
				f = watched(f, alive)
			}
			// Interpreted calls cost tens of times more than compiled
			// ones: cost checks do a fraction of their work, since the
			// ratio of their small and large runs is what they measure.
			return runAll(grading.WithCostScale(ctx, interpCostScale), checks(), f, progress), nil
		},
	}
}

// registered are the exercises this build holds, in the order their
// files' init functions ran; written only during package initialization.
var registered []exercise

// register adds ex to the build's exercises (from z_exercise_<id>.go).
func register(ex exercise) { registered = append(registered, ex) }

// registry returns the exercises this build holds, in id order: every one
// in a plain build, one in the site's grader for one exercise.
func registry() []exercise {
	return slices.SortedFunc(slices.Values(registered), func(a, b exercise) int { return strings.Compare(a.id, b.id) })
}

// lookup returns the exercise with id.
func lookup(id string) (exercise, bool) {
	for _, ex := range registry() {
		if ex.id == id {
			return ex, true
		}
	}
	return exercise{}, false
}

// as takes the driver across the boundary as the compiled type F.
func as[F any](v reflect.Value) (F, error) {
	var zero F
	if !v.IsValid() || !v.CanInterface() {
		return zero, fmt.Errorf("the driver is not a function value")
	}
	f, ok := v.Interface().(F)
	if !ok {
		return zero, fmt.Errorf("the driver is a %s, want %T", v.Type(), zero)
	}
	return f, nil
}

// runAll plays every check against f, in order, and reports each result
// to progress (when not nil) as soon as it is known.
func runAll[F any](ctx context.Context, checks []grading.Check[F], f F, progress func(grading.Result)) []grading.Result {
	out := make([]grading.Result, 0, len(checks))
	for _, c := range checks {
		r := grading.RunWithin(ctx, c, f, Limit(c.Name))
		r.Message = tidyPanic(r.Message)
		if progress != nil {
			progress(r)
		}
		out = append(out, r)
	}
	return out
}

type aliveKey struct{}

// WithAlive returns a context telling [Grade] to call alive as each call
// into the learner's code starts and returns. The browser's grader uses
// it to tell the page it is alive: a check that calls pure learner
// functions many times (a scheduler, a frame checker) never waits on a
// goroutine, so only the crossings show that the learner's code returns.
// alive is called often: it must be cheap.
func WithAlive(ctx context.Context, alive func()) context.Context {
	return context.WithValue(ctx, aliveKey{}, alive)
}

// watched returns f with every function in it, and every function those
// return, calling alive before and after it runs.
func watched[F any](f F, alive func()) F {
	w, ok := watch(reflect.ValueOf(f), alive).Interface().(F)
	if !ok {
		return f
	}
	return w
}

// watch wraps v when it is a function, or a struct of functions (the
// drivers' Grade types); any other value is returned as it is.
func watch(v reflect.Value, alive func()) reflect.Value {
	switch v.Kind() {
	case reflect.Func:
		if v.IsNil() {
			return v
		}
		variadic := v.Type().IsVariadic()
		return reflect.MakeFunc(v.Type(), func(args []reflect.Value) []reflect.Value {
			alive()
			var out []reflect.Value
			if variadic {
				out = v.CallSlice(args)
			} else {
				out = v.Call(args)
			}
			alive()
			for i := range out {
				out[i] = watch(out[i], alive)
			}
			return out
		})
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		c.Set(v)
		for i := range c.NumField() {
			if fv := c.Field(i); fv.Kind() == reflect.Func && fv.CanSet() {
				// The wrapper calls a copy: the field is about to hold
				// the wrapper itself.
				fv.Set(watch(reflect.ValueOf(fv.Interface()), alive))
			}
		}
		return c
	}
	return v
}
