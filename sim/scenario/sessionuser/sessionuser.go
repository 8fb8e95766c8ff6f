// Package sessionuser is the session-user family: a session id presented
// with another user's bearer token.
package sessionuser

import (
	"context"

	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
)

// Params choose whose token comes with a request that names
// someone else's session.
type Params struct {
	// Token is the bearer token on the request that carries Alice's
	// session id: bob (another user's valid token), alice (a second client
	// of the same user) or none.
	Token string `json:"token"`
}

// Whose token the second request carries.
const (
	tokenBob   = "bob"
	tokenAlice = "alice"
	tokenNone  = "none"
)

// sessionUserChoices are the words the session-user family's enumerated
// parameters accept.
func sessionUserChoices() play.Choices {
	return play.Choices{"token": {tokenBob, tokenAlice, tokenNone}}
}

func (p *Params) Validate() error {
	return sessionUserChoices().Check("token", p.Token)
}

// The session-user family presents a valid session id with another
// user's credentials to go-sdk's authenticated streamable HTTP handler;
// its presets are in presets.go. Only the browser build with
// streamable HTTP runs it.
var sessionUserFamily = &play.Family{
	Name:    "session-user",
	Params:  func() play.Validator { return &Params{} },
	Choices: sessionUserChoices(),
	Runtime: play.RuntimeHTTP,
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runSessionUser(ctx, rec, v.(*Params))
	},
}
