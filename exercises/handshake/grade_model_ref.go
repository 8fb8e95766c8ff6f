//go:build !replay

package handshake

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/mcp-playground/mcp-playground/sim/tape"
)

// gradeModelRef is the model's bookkeeping, and the tape it writes to
// while one is recorded.
type gradeModelRef struct {
	supported  []string
	initID     int64
	discoverID int64 // 0 while a retry of the probe is due
	retried    bool
	fellBack   bool

	rec *tape.Tape
	key string
}

func newGradeModel(supported []string, offer string) *gradeModel {
	m := &gradeModel{state: New, offer: offer, gradeModelRef: gradeModelRef{supported: slices.Clone(supported)}}
	if m.rec = tape.Recording(); m.rec != nil {
		m.key = gradeModelStart(supported, offer)
	}
	return m
}

func (m *gradeModel) send(method string, id int64) string {
	err := m.sendRef(method, id)
	m.record(gradeWant{err: err}, "send", method, id)
	return err
}

func (m *gradeModel) receive(frame []byte) gradeWant {
	w := m.receiveRef(frame)
	m.record(w, "receive", frame)
	return w
}

// close is the client hanging up.
func (m *gradeModel) close() {
	m.state = Closed
	m.record(gradeWant{}, "close")
}

// record writes a call's answer and the state after it to the tape being
// recorded, if any, and moves the model's key on.
func (m *gradeModel) record(w gradeWant, call ...any) {
	if m.rec == nil {
		return
	}
	k := tape.Key(append([]any{m.key}, call...)...)
	m.rec.Put(k, gradeModelTaped{Reply: w.reply, Err: w.err, State: m.state, Agreed: m.agreed, Offer: m.offer})
	m.key = k
}

func (m *gradeModel) sendRef(method string, id int64) string {
	switch {
	case m.state == Closed:
		return "closed"
	case m.state == Discovering:
		if method == "server/discover" && m.discoverID == 0 {
			m.discoverID, m.retried = id, true
			return ""
		}
		return "not allowed while discovering"
	case method == "ping" && m.state != Ready:
		return ""
	case m.state == New && method == "initialize":
		m.state, m.initID = Initializing, id
		return ""
	case m.state == New && method == "server/discover" && !m.fellBack && m.offer >= Modern:
		m.state, m.discoverID = Discovering, id
		return ""
	case m.state == Ready && method != "initialize" && method != "notifications/initialized":
		return ""
	}
	return "not allowed in " + m.state
}

func (m *gradeModel) receiveRef(frame []byte) gradeWant {
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Result *struct {
			ProtocolVersion   string   `json:"protocolVersion"`
			SupportedVersions []string `json:"supportedVersions"`
		} `json:"result"`
		Error *struct {
			Code int64 `json:"code"`
			Data struct {
				Supported []string `json:"supported"`
			} `json:"data"`
		} `json:"error"`
	}
	json.Unmarshal(frame, &msg)
	switch {
	case m.state == Closed:
		return gradeWant{err: "closed"}
	case msg.Method != "":
		return gradeWant{}
	case m.state == Discovering && m.discoverID != 0 && string(msg.ID) == strconv.FormatInt(m.discoverID, 10):
		switch {
		case msg.Result != nil || msg.Error == nil:
			var theirs []string
			if msg.Result != nil {
				theirs = msg.Result.SupportedVersions
			}
			return m.choose(theirs, false)
		case msg.Error.Code == -32022 && m.retried:
			m.state = Closed
			return gradeWant{err: "a second UnsupportedProtocolVersion: the server refused a version it listed"}
		case msg.Error.Code == -32022:
			return m.choose(msg.Error.Data.Supported, true)
		case msg.Error.Code == -32020 || msg.Error.Code == -32021:
			m.state = Closed
			return gradeWant{err: fmt.Sprintf("%d is a 2026-07-28 error: the server is modern, and no other version helps", msg.Error.Code)}
		}
		legacy := gradeNewest(m.supported, func(v string) bool { return v < Modern })
		if legacy == "" {
			m.state = Closed
			return gradeWant{err: "no version before " + Modern + " to fall back to"}
		}
		m.state, m.offer, m.fellBack = New, legacy, true
		return gradeWant{reply: "initialize"}
	case m.state != Initializing:
		return gradeWant{}
	case string(msg.ID) != strconv.FormatInt(m.initID, 10):
		return gradeWant{} // the answer to another request
	case msg.Error != nil:
		m.state = Closed
		return gradeWant{err: "initialize failed"}
	case msg.Result == nil || msg.Result.ProtocolVersion == "":
		m.state = Closed
		return gradeWant{err: "an initialize result without protocolVersion"}
	case !slices.Contains(m.supported, msg.Result.ProtocolVersion):
		m.state = Closed
		return gradeWant{err: "unsupported version " + msg.Result.ProtocolVersion}
	}
	m.state, m.agreed = Ready, msg.Result.ProtocolVersion
	return gradeWant{reply: "notifications/initialized"}
}

// choose settles the probe with the server's list: the newest version both
// speak, used at once (result), asked again (after -32022) or, when it is
// older than 2026-07-28, through initialize.
func (m *gradeModel) choose(theirs []string, retry bool) gradeWant {
	v := gradeNewest(m.supported, func(v string) bool { return slices.Contains(theirs, v) })
	switch {
	case v == "":
		m.state = Closed
		return gradeWant{err: fmt.Sprintf("no version in common with %q", theirs)}
	case v < Modern:
		m.state, m.offer, m.fellBack = New, v, true
		return gradeWant{reply: "initialize"}
	case retry:
		m.offer, m.discoverID = v, 0
		return gradeWant{reply: "server/discover"}
	}
	m.state, m.agreed = Ready, v
	return gradeWant{}
}

// gradeNewest returns the newest version in vs that keep accepts, or "".
func gradeNewest(vs []string, keep func(string) bool) string {
	out := ""
	for _, v := range vs {
		if keep(v) && v > out {
			out = v
		}
	}
	return out
}
