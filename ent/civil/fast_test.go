package civil

import (
	"fmt"
	"testing"
	"time"
)

// String and Before are written by hand for speed; they must agree with the
// plain definitions: fmt's YYYY-MM-DD and the order of that text.
func TestStringAndBefore_AgreeWithTheText(t *testing.T) {
	dates := []Date{{}, {Year: 1, Month: 1, Day: 1}, {Year: 999, Month: 12, Day: 31}, {Year: 9999, Month: 12, Day: 31}}
	for day := NewDate(2019, time.December, 25); day.Year < 2027; day = day.AddDays(13) {
		dates = append(dates, day)
	}
	for _, d := range dates {
		want := ""
		if !d.IsZero() {
			want = fmt.Sprintf("%04d-%02d-%02d", d.Year, int(d.Month), d.Day)
		}
		if got := d.String(); got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
		for _, e := range dates {
			if got, want := d.Before(e), d.String() < e.String(); got != want {
				t.Errorf("%q.Before(%q) = %v, want %v", d, e, got, want)
			}
		}
	}
}

func BenchmarkBefore(b *testing.B) {
	d, e := NewDate(2025, time.January, 15), NewDate(2025, time.January, 16)
	for b.Loop() {
		d.Before(e)
	}
}
