package civil

import (
	"testing"
	"time"
)

func TestParseDate(t *testing.T) {
	for _, s := range []string{"2025-01-16", "2024-02-29", "1999-12-31"} {
		d, err := ParseDate(s)
		if err != nil || d.String() != s {
			t.Errorf("ParseDate(%q) = %v, %v; want it back unchanged", s, d, err)
		}
	}
	for _, s := range []string{"", "2025-1-16", "16/01/2024", "2023-02-29", "2025-01-16T00:00:00Z", "yesterday"} {
		if _, err := ParseDate(s); err == nil {
			t.Errorf("ParseDate(%q) succeeded, want an error", s)
		}
	}
}

func TestWeekRunsMondayToSunday(t *testing.T) {
	cases := []struct{ day, monday, sunday string }{
		{"2025-01-15", "2025-01-13", "2025-01-19"}, // Wednesday
		{"2025-01-13", "2025-01-13", "2025-01-19"}, // Monday
		{"2025-01-19", "2025-01-13", "2025-01-19"}, // Sunday still belongs to the week before it
		{"2025-01-01", "2024-12-30", "2025-01-05"}, // across the new year
	}
	for _, tc := range cases {
		d, _ := ParseDate(tc.day)
		mon, sun := WeekOf(d)
		if mon.String() != tc.monday || sun.String() != tc.sunday {
			t.Errorf("WeekOf(%s) = %s..%s, want %s..%s", tc.day, mon, sun, tc.monday, tc.sunday)
		}
	}
}

func TestDateArithmetic(t *testing.T) {
	d := NewDate(2024, time.February, 28)
	if got := d.AddDays(1).String(); got != "2024-02-29" {
		t.Errorf("leap day: %s", got)
	}
	if got := d.AddDays(2).String(); got != "2024-03-01" {
		t.Errorf("after the leap day: %s", got)
	}
	if n := d.DaysUntil(NewDate(2024, time.March, 31)); n != 32 {
		t.Errorf("DaysUntil = %d, want 32", n)
	}
	if !d.Before(d.AddDays(1)) || d.After(d) {
		t.Error("Before/After")
	}
}

func TestScanAcceptsBothDialects(t *testing.T) {
	var d Date
	if err := d.Scan(time.Date(2025, 1, 16, 0, 0, 0, 0, time.UTC)); err != nil || d.String() != "2025-01-16" {
		t.Errorf("scan Postgres date: %v %v", d, err)
	}
	if err := d.Scan("2025-01-17"); err != nil || d.String() != "2025-01-17" {
		t.Errorf("scan SQLite text: %v %v", d, err)
	}
	if err := d.Scan([]byte("2025-01-18 00:00:00+00:00")); err != nil || d.String() != "2025-01-18" {
		t.Errorf("scan timestamp text: %v %v", d, err)
	}
	if err := d.Scan(nil); err != nil || !d.IsZero() {
		t.Errorf("scan NULL: %v %v", d, err)
	}
	if v, _ := (Date{}).Value(); v != nil {
		t.Errorf("zero date stores %v, want NULL", v)
	}
}

func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2025-01-16", "0000-00-00", "9999-12-31", "2025-13-01", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDate(s)
		if err != nil {
			return
		}
		again, err := ParseDate(d.String())
		if err != nil || again != d {
			t.Fatalf("%q parsed to %v which does not round-trip: %v %v", s, d, again, err)
		}
	})
}
