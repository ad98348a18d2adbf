package affiliates

import (
	"fmt"
	"time"
)

// Month is a calendar month, the period a commission is earned in.
type Month struct {
	Year  int
	Month time.Month
}

// ParseMonth reads "YYYY-MM".
func ParseMonth(s string) (Month, error) {
	t, err := time.Parse("2006-01", s)
	if err != nil || len(s) != 7 {
		return Month{}, fmt.Errorf("month must be written YYYY-MM, not %q", s)
	}
	return Month{Year: t.Year(), Month: t.Month()}, nil
}

// MonthOf is the month of t in loc.
func MonthOf(t time.Time, loc *time.Location) Month {
	t = t.In(loc)
	return Month{Year: t.Year(), Month: t.Month()}
}

// String writes the month as "YYYY-MM", as commissions store it.
func (m Month) String() string { return fmt.Sprintf("%04d-%02d", m.Year, int(m.Month)) }

// Bounds are the instants the month starts and ends in loc: [start, end).
func (m Month) Bounds(loc *time.Location) (start, end time.Time) {
	start = time.Date(m.Year, m.Month, 1, 0, 0, 0, 0, loc)
	return start, start.AddDate(0, 1, 0)
}

// Previous is the month before m.
func (m Month) Previous() Month {
	t := time.Date(m.Year, m.Month, 1, 0, 0, 0, 0, time.UTC).AddDate(0, -1, 0)
	return Month{Year: t.Year(), Month: t.Month()}
}

// Next is the month after m.
func (m Month) Next() Month {
	t := time.Date(m.Year, m.Month, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 1, 0)
	return Month{Year: t.Year(), Month: t.Month()}
}

// Before reports whether m comes before o.
func (m Month) Before(o Month) bool {
	return m.Year < o.Year || (m.Year == o.Year && m.Month < o.Month)
}
