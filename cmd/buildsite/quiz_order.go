package main

import (
	"fmt"
	"hash/fnv"
	"regexp"
	"strings"
)

// quizID is the shape of a quiz id: lower-case words joined by -, so that
// it reads well in a localStorage key and needs no quoting in a CSS
// selector.
var quizID = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// A quizRef is where a quiz is and where its correct choice is shown.
type quizRef struct {
	ID      string
	File    string
	Line    int // of the id: key
	Correct int // position of the correct choice on the page, from 0
}

// choiceOrder is the order in which a quiz's n choices are shown: order[i]
// is the index in the YAML of the choice shown i-th. Authors write the
// correct choice wherever they like (usually first); the page must not
// give it away by its place.
//
// The order depends only on the id and n, so it is the same on every visit
// and in the HTML (the page reads the same without scripts). It is a
// Fisher–Yates shuffle driven by splitmix64 seeded with the FNV-1a hash of
// the id, written out here rather than taken from math/rand so that no Go
// release can change it: the page stores a learner's answer as the index
// of the button pressed, and a new order would turn a saved right answer
// into a wrong one.
func choiceOrder(id string, n int) []int {
	h := fnv.New64a()
	h.Write([]byte(id))
	state := h.Sum64()
	next := func() uint64 { // splitmix64
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	for i := n - 1; i > 0; i-- {
		j := int(next() % uint64(i+1))
		order[i], order[j] = order[j], order[i]
	}
	return order
}

// minQuizzesForSpread is the smallest course whose answer positions are
// checked: with fewer quizzes, chance alone often puts more than half of
// the correct choices in one place.
const minQuizzesForSpread = 6

// checkQuizSpread fails when more than half of the quizzes show their
// correct choice at the same position: a learner would soon learn to press
// that button without reading.
func checkQuizSpread(quizzes []quizRef) error {
	if len(quizzes) < minQuizzesForSpread {
		return nil
	}
	at := map[int][]quizRef{}
	for _, q := range quizzes {
		if q.Correct >= 0 { // else the quiz has errors of its own
			at[q.Correct] = append(at[q.Correct], q)
		}
	}
	for pos := 0; len(at) > 0; pos++ {
		qs := at[pos]
		delete(at, pos)
		if 2*len(qs) <= len(quizzes) {
			continue
		}
		var where []string
		for _, q := range qs {
			where = append(where, fmt.Sprintf("%s:%d (%s)", q.File, q.Line, q.ID))
		}
		return fmt.Errorf("quizzes: %d of %d show their correct choice in position %d, more than half; "+
			"move the correct choice to another place in the YAML of some of them (the shown order is a fixed shuffle of the YAML order): %s",
			len(qs), len(quizzes), pos+1, strings.Join(where, ", "))
	}
	return nil
}
