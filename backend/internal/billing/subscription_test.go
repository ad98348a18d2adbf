package billing

import (
	"testing"
	"time"
)

func TestDaysRemaining(t *testing.T) {
	now := time.Date(2026, 3, 2, 6, 0, 0, 0, time.UTC)
	at := func(d time.Duration) *time.Time { t := now.Add(d); return &t }
	for _, tc := range []struct {
		name      string
		paidUntil *time.Time
		want      int32
	}{
		{"never paid", nil, 0},
		{"expired", at(-time.Hour), 0},
		{"expires now", at(0), 0},
		{"one second left is a day", at(time.Second), 1},
		{"exactly one day", at(24 * time.Hour), 1},
		{"a day and a minute", at(24*time.Hour + time.Minute), 2},
		{"thirty days", at(30 * 24 * time.Hour), 30},
	} {
		if got := DaysRemaining(tc.paidUntil, now); got != tc.want {
			t.Errorf("%s: DaysRemaining = %d, want %d", tc.name, got, tc.want)
		}
	}
}
