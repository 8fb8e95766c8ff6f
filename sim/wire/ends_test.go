package wire

import (
	"context"
	"errors"
	"io"
	"testing"
)

func TestCloseEndsBothSidesQuietly(t *testing.T) {
	ctx := context.Background()
	w, rec, c, s := newPair(t)
	if err := c.Write(ctx, call(1, "tools/list")); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatalf("Close() = %v", err)
	}
	for name, e := range map[string]*end{"client": c, "server": s} {
		if _, err := e.Read(ctx); !errors.Is(err, io.EOF) {
			t.Errorf("%s Read after Close = %v, want EOF", name, err)
		}
		if err := e.Write(ctx, call(2, "ping")); !errors.Is(err, ErrCut) {
			t.Errorf("%s Write after Close = %v, want ErrCut", name, err)
		}
	}
	if w.Held() != 0 {
		t.Errorf("after Close %d frames held, want 0 (discarded)", w.Held())
	}
	if n := len(rec.Events()); n != 0 {
		t.Errorf("Close recorded %d events, want none: a clean shutdown is not a fault", n)
	}
}
