package ttl

import (
	"errors"
	"math"
	"slices"
	"testing"
)

// op is one call in a test script: a touch when ttl > 0 or err expects an
// input error; otherwise an expire.
type op struct {
	expire bool
	id     string
	now    int64
	ttl    int64
	want   []string // for expires
	err    error
}

func touch(id string, now, ttl int64) op { return op{id: id, now: now, ttl: ttl} }
func expire(now int64, want ...string) op {
	return op{expire: true, now: now, want: want}
}

func TestScheduler(t *testing.T) {
	tests := []struct {
		name string
		ops  []op
		live int
	}{
		{"renewal postpones expiry", []op{touch("A", 0, 5), touch("A", 4, 5), expire(5), expire(9, "A")}, 0},
		{"expiry is inclusive (expiry <= now)", []op{touch("A", 0, 5), expire(4), expire(5, "A")}, 0},
		{"reused id gets a fresh generation", []op{touch("A", 0, 5), expire(5, "A"), touch("A", 6, 5), expire(10), expire(11, "A")}, 0},
		{"sessions due together expire in id order", []op{touch("B", 0, 5), touch("A", 0, 5), expire(5, "A", "B")}, 0},
		{"ordered by deadline before id", []op{touch("A", 0, 7), touch("B", 0, 3), expire(10, "B", "A")}, 0},
		{"stale ticket does not expire renewed session", []op{touch("A", 0, 2), touch("A", 1, 10), expire(3), expire(11, "A")}, 0},
		{"empty id", []op{{id: "", now: 0, ttl: 1, err: ErrInvalidInput}}, 0},
		{"zero ttl", []op{{id: "A", now: 0, ttl: 0, err: ErrInvalidInput}}, 0},
		{"negative ttl", []op{{id: "A", now: 0, ttl: -1, err: ErrInvalidInput}}, 0},
		{"time reversed on touch", []op{touch("A", 5, 1), {id: "B", now: 4, ttl: 1, err: ErrTimeReversed}}, 1},
		{"time reversed on expire", []op{touch("A", 5, 10), {expire: true, now: 4, err: ErrTimeReversed}}, 1},
		{"overflow", []op{{id: "A", now: math.MaxInt64 - 1, ttl: 2, err: ErrOverflow}}, 0},
		{"largest deadline is fine", []op{touch("A", math.MaxInt64-2, 2), expire(math.MaxInt64, "A")}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := New()
			for i, o := range tc.ops {
				if o.expire {
					got, err := s.Expire(o.now)
					if !errors.Is(err, o.err) {
						t.Fatalf("op %d: Expire(%d) error = %v, want %v", i, o.now, err, o.err)
					}
					if !slices.Equal(got, o.want) {
						t.Fatalf("op %d: Expire(%d) = %v, want %v", i, o.now, got, o.want)
					}
					continue
				}
				if err := s.Touch(o.id, o.now, o.ttl); !errors.Is(err, o.err) {
					t.Fatalf("op %d: Touch(%q, %d, %d) error = %v, want %v", i, o.id, o.now, o.ttl, err, o.err)
				}
			}
			if s.Live() != tc.live {
				t.Errorf("Live() = %d, want %d", s.Live(), tc.live)
			}
		})
	}
}

func TestStaleTicketsPileUpUntilPopped(t *testing.T) {
	s := New()
	const n = 10000
	for i := range int64(n) {
		if err := s.Touch("A", i, 5); err != nil {
			t.Fatal(err)
		}
	}
	if s.Live() != 1 || s.Tickets() != n {
		t.Fatalf("after %d renewals: S=%d H=%d, want S=1 H=%d", n, s.Live(), s.Tickets(), n)
	}
	got, _ := s.Expire(n - 1 + 5)
	if !slices.Equal(got, []string{"A"}) || s.Tickets() != 0 {
		t.Fatalf("Expire = %v with H=%d, want [A] and H=0", got, s.Tickets())
	}
	snap := s.Snapshot()
	if snap.Live != 0 || snap.Heap != 0 {
		t.Errorf("Snapshot() = %+v, want empty", snap)
	}
}

func TestSnapshotMarksStaleTickets(t *testing.T) {
	s := New()
	s.Touch("A", 0, 5)
	s.Touch("A", 1, 5)
	snap := s.Snapshot()
	if len(snap.Tickets) != 2 || !snap.Tickets[0].Stale || snap.Tickets[1].Stale {
		t.Errorf("Snapshot().Tickets = %+v, want the first stale and the second current", snap.Tickets)
	}
}
