// Package disconnect is the disconnect family: a tool call whose connection
// drops, and what a retry does to the stock ledger.
package disconnect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"

	"github.com/mcp-playground/mcp-playground/sim/fixture"
	"github.com/mcp-playground/mcp-playground/sim/scenario/play"
	"github.com/mcp-playground/mcp-playground/sim/trace"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Params choose where a write call's link fails and what the
// client does next.
type Params struct {
	// Cut is after-execute (the handler ran, its response is lost),
	// before-deliver (the request is lost), or none.
	Cut string `json:"cut"`
	// Retry is none, blind (re-send the same call on a new session) or
	// idempotent (re-send it with the same idempotency key).
	Retry string `json:"retry"`
	// Key is the idempotency key sent with every attempt when not empty.
	Key string `json:"key,omitempty"`
	// CancelLate makes the client cancel the call after the server has
	// answered but before the answer arrives (Cut must be none).
	CancelLate bool   `json:"cancel_late,omitempty"`
	SKU        string `json:"sku"`
	Quantity   int    `json:"quantity"`
}

// Where the link is cut.
const (
	cutAfterExecute  = "after-execute"
	cutBeforeDeliver = "before-deliver"
	cutNone          = "none"
)

// What the client does after a cut.
const (
	retryNone       = "none"
	retryBlind      = "blind"
	retryIdempotent = "idempotent"
)

// disconnectChoices are the words the disconnect family's enumerated
// parameters accept.
func disconnectChoices() play.Choices {
	return play.Choices{
		"cut":   {cutAfterExecute, cutBeforeDeliver, cutNone},
		"retry": {retryNone, retryBlind, retryIdempotent},
	}
}

func (p *Params) Validate() error {
	c := disconnectChoices()
	if err := c.Check("cut", p.Cut); err != nil {
		return err
	}
	if err := c.Check("retry", p.Retry); err != nil {
		return err
	}
	if p.Retry == retryIdempotent && p.Key == "" {
		return errors.New("retry idempotent needs a key")
	}
	if p.Retry == retryBlind && p.Key != "" {
		return errors.New("retry blind sends no key; use retry idempotent to send one")
	}
	if p.Retry != retryNone && p.Cut == cutNone {
		return errors.New("a retry needs a cut to retry after")
	}
	if p.CancelLate && p.Cut != cutNone {
		return errors.New("cancel_late needs cut none")
	}
	if p.Quantity < 1 || p.Quantity > 1000 {
		return fmt.Errorf("quantity %d: want 1 to 1000", p.Quantity)
	}
	if !regexp.MustCompile(fixture.SKUPattern).MatchString(p.SKU) {
		return fmt.Errorf("sku %q: want a match for %s", p.SKU, fixture.SKUPattern)
	}
	return nil
}

// The disconnect family cuts the link around a write call; its presets
// are in presets.go.
var disconnectFamily = &play.Family{
	Name:    "disconnect",
	Params:  func() play.Validator { return &Params{} },
	Choices: disconnectChoices(),
	Run: func(ctx context.Context, rec *trace.Recorder, v play.Validator) error {
		return runDisconnect(ctx, rec, v.(*Params))
	},
}

func runDisconnect(ctx context.Context, rec *trace.Recorder, p *Params) error {
	ledger := &fixture.Ledger{}
	server := fixture.NewServer(fixture.Options{Ledger: ledger})
	syncLedger := func(s *trace.State) { s.Ledger = ledger.Entries() }
	l, err := play.ConnectBoth(ctx, rec, server, play.V20251125)
	if err != nil {
		return err
	}
	defer l.Close()
	args := ReserveArgs(p.SKU, p.Quantity, p.Key)
	callCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	rec.Update(func(s *trace.State) {
		s.Outcomes = append(s.Outcomes, trace.Outcome{Call: "call 1", Tool: "reserve_stock", Key: p.Key, Status: trace.OutcomePending})
	})
	session := l.Cs
	called := play.GoDo(func() (*mcp.CallToolResult, error) {
		return session.CallTool(callCtx, &mcp.CallToolParams{Name: "reserve_stock", Arguments: args})
	})
	req, err := l.W.Await(ctx, play.Request(play.C2s, "tools/call"))
	if err != nil {
		return err
	}
	if p.Cut == cutBeforeDeliver {
		rec.Update(func(s *trace.State) { s.Client = trace.ClientClosed })
		l.W.Cut("The link breaks while the request is on its way. The server never sees it.")
	} else {
		l.W.Deliver(req, "reserve_stock has a side effect: it changes the server's ledger.")
		resp, err := l.W.Await(ctx, play.Response(play.S2c, "tools/call"))
		if err != nil {
			return err
		}
		rec.Update(syncLedger)
		switch {
		case p.Cut == cutAfterExecute:
			rec.Update(func(s *trace.State) { s.Client = trace.ClientClosed })
			l.W.Cut("The handler ran and wrote its answer, then the link broke before the answer was delivered.")
		case p.CancelLate:
			rec.Changed("The server has executed the call; its answer is on the wire. Now the client gives up waiting and cancels.", syncLedger)
			cancel()
			n, err := l.W.Await(ctx, play.Request(play.C2s, "notifications/cancelled"))
			if err != nil {
				return err
			}
			rec.Update(func(s *trace.State) {
				s.Outcomes[0].Status = trace.OutcomeUnknown
				s.Outcomes[0].Detail = "cancelled by the client; the server may have run it"
			})
			l.W.Deliver(n, "notifications/cancelled names the request id. Specification 2025-11-25: the receiver may ignore it, for example when it has already finished. This one had.")
			l.W.Deliver(resp, "The late response arrives. go-sdk v1.8.0 behaviour: the client already returned context.Canceled to the caller and drops this response. The reservation stands.")
			_, callErr := play.Wait(ctx, called)
			if !errors.Is(callErr, context.Canceled) {
				return fmt.Errorf("cancelled call returned %v", callErr)
			}
			rec.Changed("The caller saw context.Canceled, yet the ledger shows the reservation: cancelling does not undo.", syncLedger)
			return nil
		default:
			rec.Update(func(s *trace.State) { s.Outcomes[0].Status = trace.OutcomeSucceeded })
			l.W.Deliver(resp, "The reservation succeeded.")
			_, err := play.Wait(ctx, called)
			return err
		}
	}
	_, callErr := play.Wait(ctx, called)
	if callErr == nil {
		return errors.New("the call succeeded across a cut link")
	}
	// The error's text depends on which SDK goroutine noticed the cut
	// first, so the trace names only what is stable: that it wraps EOF.
	what := "an error"
	if errors.Is(callErr, io.EOF) {
		what = "an error wrapping io.EOF"
	}
	rec.Changed("The client's call returns "+what+". Did the reservation happen? From here it cannot tell: the outcome is UNKNOWN.", func(s *trace.State) {
		s.Outcomes[0].Status = trace.OutcomeUnknown
		s.Outcomes[0].Detail = "connection lost before a response"
		s.Ledger = ledger.Entries()
	})
	// The first session is over: end it, server side included, before the
	// client reconnects.
	l.Close()
	if p.Retry == retryNone {
		what := "The ledger, which only the server can see, shows one reservation: the tool ran."
		if p.Cut == cutBeforeDeliver {
			what = "The ledger, which only the server can see, is empty: the tool never ran. The client saw exactly the same error as when it did."
		}
		rec.Note(what + " Reconnecting restores the protocol, not the result.")
		return nil
	}
	return retryCall(ctx, rec, server, ledger, p, args)
}

// retryCall reconnects to the same server (a new session) and sends the
// reservation again.
func retryCall(ctx context.Context, rec *trace.Recorder, server *mcp.Server, ledger *fixture.Ledger, p *Params, args map[string]any) error {
	rec.Run = "retry"
	rec.Note("The client reconnects: a new session, a new handshake. The server process, and its ledger, are the same.")
	l, err := play.ConnectBoth(ctx, rec, server, play.V20251125)
	if err != nil {
		return err
	}
	defer l.Close()
	rec.Update(func(s *trace.State) {
		s.Outcomes = append(s.Outcomes, trace.Outcome{Call: "call 2 (retry)", Tool: "reserve_stock", Key: p.Key, Status: trace.OutcomePending})
	})
	session := l.Cs
	called := play.GoDo(func() (*mcp.CallToolResult, error) {
		return session.CallTool(ctx, &mcp.CallToolParams{Name: "reserve_stock", Arguments: args})
	})
	note := "The same reservation again, with no idempotency key: the server cannot know it is a retry."
	if p.Retry == retryIdempotent {
		note = "The same reservation with the same idempotency_key " + p.Key + ": the server can recognise it."
	}
	if _, err := l.W.Step(ctx, play.Request(play.C2s, "tools/call"), note); err != nil {
		return err
	}
	resp, err := l.W.Await(ctx, play.Response(play.S2c, "tools/call"))
	if err != nil {
		return err
	}
	var r struct {
		Result struct {
			StructuredContent fixture.Reservation `json:"structuredContent"`
		} `json:"result"`
	}
	json.Unmarshal(resp.Raw, &r)
	res := r.Result.StructuredContent
	entries := ledger.Entries()
	rec.Update(func(s *trace.State) {
		s.Ledger = entries
		s.Outcomes[1].Status = trace.OutcomeSucceeded
		s.Outcomes[1].Detail = fmt.Sprintf("reservation %d", res.Reservation)
	})
	switch {
	case res.Replayed:
		l.W.Deliver(resp, fmt.Sprintf("replayed: true — the server found the key and returned reservation %d instead of reserving again.", res.Reservation))
	case len(entries) > 1:
		l.W.Deliver(resp, fmt.Sprintf("A new reservation, number %d. The first one was real too: the ledger now holds two.", res.Reservation))
	default:
		l.W.Deliver(resp, fmt.Sprintf("A new reservation, number %d, and the only one: the first request never reached the server. The client could not have known that.", res.Reservation))
	}
	if _, err := play.Wait(ctx, called); err != nil {
		return err
	}
	switch {
	case res.Replayed:
		rec.Changed("The client reconciles call 1: the key proves it ran once, as reservation "+fmt.Sprint(res.Reservation)+". Outcome SUCCEEDED, one reservation in the ledger.", func(s *trace.State) {
			s.Outcomes[0].Status = trace.OutcomeSucceeded
			s.Outcomes[0].Detail = fmt.Sprintf("reconciled by key %s: reservation %d", p.Key, res.Reservation)
		})
	case p.Key != "":
		rec.Changed("The key was new to the server, so call 1 never ran: the client reconciles it as FAILED (not executed), and the retry executed the intent exactly once.", func(s *trace.State) {
			s.Outcomes[0].Status = trace.OutcomeFailed
			s.Outcomes[0].Detail = "never reached the server (the key was unknown)"
		})
	case len(entries) > 1:
		rec.Changed("Two reservations for one intent. A blind retry of a write turns an unknown outcome into a known double.", func(s *trace.State) {
			s.Outcomes[0].Detail = "still unknown to the client; the ledger shows it ran"
		})
	default:
		rec.Changed("One reservation: the blind retry was harmless this time only because the first request was lost. The client could not tell which case it was in.", func(s *trace.State) {
			s.Outcomes[0].Detail = "still unknown to the client; the ledger shows it never ran"
		})
	}
	return nil
}

// ReserveArgs are reserve_stock's arguments; the idempotency key only when
// there is one, so that a keyless call looks like one on the wire.
func ReserveArgs(sku string, quantity int, key string) map[string]any {
	args := map[string]any{"sku": sku, "quantity": quantity}
	if key != "" {
		args["idempotency_key"] = key
	}
	return args
}
