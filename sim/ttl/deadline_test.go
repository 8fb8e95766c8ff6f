package ttl

import "testing"

func TestDeadline(t *testing.T) {
	s := New()
	if _, ok := s.Deadline("h"); ok {
		t.Fatal("Deadline(h) on an empty scheduler: ok, want not live")
	}
	s.Touch("h", 0, 5)
	s.Touch("h", 3, 5)
	if d, ok := s.Deadline("h"); !ok || d != 8 {
		t.Errorf("Deadline(h) = %d, %v, want 8, true", d, ok)
	}
	s.Expire(8)
	if _, ok := s.Deadline("h"); ok {
		t.Error("Deadline(h) after Expire(8): ok, want not live")
	}
}
