package remote

import (
	"context"
	"sync"
	"time"
)

// This file lends contexts across the pipe: a check's context ends on the
// learner's side when it ends on the grader's, with the same error.

// exportContext lends ctx: the other side gets a context that ends when
// ctx does, with the same error.
func (c *Conn) exportContext(ctx context.Context) ctxHandle {
	if ctx.Done() == nil {
		return ctxHandle{Never: true} // context.Background and the like
	}
	c.mu.Lock()
	c.next++
	h := ctxHandle{Ctx: c.next}
	if err := ctx.Err(); err != nil {
		c.mu.Unlock()
		h.Done = doneName(err)
		return h
	}
	c.lent[h.Ctx] = ctx
	c.mu.Unlock()
	go func() {
		select {
		case <-ctx.Done():
			_ = c.send(message{})
		case <-c.dead:
		}
	}()
	return h
}

func doneName(err error) string {
	if err == context.DeadlineExceeded {
		return "deadline"
	}
	return "canceled"
}

func (c *Conn) importContext(h ctxHandle) context.Context {
	if h.Never {
		return context.Background()
	}
	pc := &peerContext{done: make(chan struct{})}
	if h.Done != "" {
		pc.end(h.Done)
		return pc
	}
	c.mu.Lock()
	c.peerCtx[h.Ctx] = pc
	c.mu.Unlock()
	return pc
}

// A peerContext is a context the other side owns: it ends when told to.
type peerContext struct {
	once sync.Once
	done chan struct{}
	mu   sync.Mutex
	err  error
}

func (p *peerContext) end(how string) {
	p.once.Do(func() {
		p.mu.Lock()
		p.err = context.Canceled
		if how == "deadline" {
			p.err = context.DeadlineExceeded
		}
		p.mu.Unlock()
		close(p.done)
	})
}

func (p *peerContext) Deadline() (time.Time, bool) { return time.Time{}, false }
func (p *peerContext) Done() <-chan struct{}       { return p.done }
func (p *peerContext) Value(any) any               { return nil }
func (p *peerContext) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}
