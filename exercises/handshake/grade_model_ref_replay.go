//go:build replay

package handshake

import "github.com/mcp-playground/mcp-playground/sim/tape"

// gradeModelRef is a model played back from the tape: the key of the calls
// made of it so far.
type gradeModelRef struct{ key string }

func newGradeModel(supported []string, offer string) *gradeModel {
	return &gradeModel{state: New, offer: offer, gradeModelRef: gradeModelRef{key: gradeModelStart(supported, offer)}}
}

// play reads a call's answer and the state after it from the tape.
func (m *gradeModel) play(call ...any) gradeWant {
	k := tape.Key(append([]any{m.key}, call...)...)
	var t gradeModelTaped
	tape.Answer(k, &t, "the grader's own client after the calls before it")
	m.key, m.state, m.agreed, m.offer = k, t.State, t.Agreed, t.Offer
	return gradeWant{reply: t.Reply, err: t.Err}
}

func (m *gradeModel) send(method string, id int64) string { return m.play("send", method, id).err }

func (m *gradeModel) receive(frame []byte) gradeWant { return m.play("receive", frame) }

// close is the client hanging up.
func (m *gradeModel) close() { m.play("close") }
