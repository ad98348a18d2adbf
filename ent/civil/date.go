// Package civil holds the calendar date used across Kesi: a day with no time and no zone.
package civil

import (
	"database/sql/driver"
	"errors"
	"fmt"
	"time"
)

// Date is a calendar day with no time of day and no zone: a hearing on
// 2025-01-16 is on that day in Nairobi whatever the server's clock says.
// The zero Date means "no date".
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// ErrBadDate is wrapped by ParseDate's errors.
var ErrBadDate = errors.New("date must be YYYY-MM-DD")

// ParseDate reads a date written YYYY-MM-DD.
func ParseDate(s string) (Date, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return Date{}, fmt.Errorf("%w: %q", ErrBadDate, s)
	}
	return DateOf(t), nil
}

// DateOf is the calendar day of t in t's location.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{Year: y, Month: m, Day: d}
}

// NewDate builds a date, normalising an out-of-range day or month as time.Date does.
func NewDate(year int, month time.Month, day int) Date {
	return DateOf(time.Date(year, month, day, 12, 0, 0, 0, time.UTC))
}

// IsZero reports whether d is the zero Date.
func (d Date) IsZero() bool { return d == Date{} }

// String formats d as YYYY-MM-DD, or "" for the zero Date.
func (d Date) String() string {
	if d.IsZero() {
		return ""
	}
	if d.Year < 0 || d.Year > 9999 || d.Month < 1 || d.Month > 12 || d.Day < 1 || d.Day > 31 {
		return fmt.Sprintf("%04d-%02d-%02d", d.Year, int(d.Month), d.Day)
	}
	// By hand rather than with fmt: every date of every answer, query
	// parameter and sort goes through here (bench: the report window).
	b := [10]byte{'0', '0', '0', '0', '-', '0', '0', '-', '0', '0'}
	b[0] += byte(d.Year / 1000)
	b[1] += byte(d.Year / 100 % 10)
	b[2] += byte(d.Year / 10 % 10)
	b[3] += byte(d.Year % 10)
	b[5] += byte(d.Month / 10)
	b[6] += byte(d.Month % 10)
	b[8] += byte(d.Day / 10)
	b[9] += byte(d.Day % 10)
	return string(b[:])
}

// In is the instant d starts in loc.
func (d Date) In(loc *time.Location) time.Time {
	return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, loc)
}

// AddDays is d moved by n days.
func (d Date) AddDays(n int) Date {
	return NewDate(d.Year, d.Month, d.Day+n)
}

// Weekday is d's day of the week.
func (d Date) Weekday() time.Weekday { return d.In(time.UTC).Weekday() }

// Before reports whether d is earlier than e; the zero Date is before every
// other. Compared field by field: sorts of hundreds of activities call it
// thousands of times per request.
func (d Date) Before(e Date) bool {
	if d.Year != e.Year {
		return d.Year < e.Year
	}
	if d.Month != e.Month {
		return d.Month < e.Month
	}
	return d.Day < e.Day
}

// After reports whether d is later than e.
func (d Date) After(e Date) bool { return e.Before(d) }

// DaysUntil is the number of days from d to e, negative when e is earlier.
func (d Date) DaysUntil(e Date) int {
	return int(e.In(time.UTC).Sub(d.In(time.UTC)).Hours() / 24)
}

// WeekOf is the Monday and the Sunday of d's week: Kenyan courts sit Monday
// to Friday and a diary week starts on Monday.
func WeekOf(d Date) (monday, sunday Date) {
	offset := (int(d.Weekday()) + 6) % 7
	monday = d.AddDays(-offset)
	return monday, monday.AddDays(6)
}

// Value stores a date as its YYYY-MM-DD text; Postgres casts it to its date
// column type and SQLite keeps it as sortable text.
func (d Date) Value() (driver.Value, error) {
	if d.IsZero() {
		return nil, nil
	}
	return d.String(), nil
}

// Scan reads a date from a Postgres date (time.Time) or SQLite text.
func (d *Date) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*d = Date{}
		return nil
	case time.Time:
		*d = DateOf(v)
		return nil
	case string:
		return d.scanText(v)
	case []byte:
		return d.scanText(string(v))
	default:
		return fmt.Errorf("scan date from %T", src)
	}
}

func (d *Date) scanText(s string) error {
	if len(s) > len(time.DateOnly) {
		s = s[:len(time.DateOnly)]
	}
	parsed, err := ParseDate(s)
	if err != nil {
		return err
	}
	*d = parsed
	return nil
}
