// Package courtdays knows which calendar days Kenyan courts sit: Monday to
// Friday, except the public holidays of the Public Holidays Act (Cap. 110).
//
// Idd-ul-Fitr is a public holiday too, but its date follows the sighting of
// the moon and is gazetted each year, so it cannot be computed here; a
// sitting listed on it is simply treated as a court day.
package courtdays

import (
	"time"

	"github.com/kesihq/kesi/ent/civil"
)

// fixed are the holidays on the same day every year.
var fixed = []struct {
	month time.Month
	day   int
	name  string
}{
	{time.January, 1, "New Year's Day"},
	{time.May, 1, "Labour Day"},
	{time.June, 1, "Madaraka Day"},
	{time.October, 10, "Mazingira Day"},
	{time.October, 20, "Mashujaa Day"},
	{time.December, 12, "Jamhuri Day"},
	{time.December, 25, "Christmas Day"},
	{time.December, 26, "Boxing Day"},
}

// Holiday names the public holiday on d, if it is one. A fixed holiday that
// falls on a Sunday moves its rest day to the Monday after (Cap. 110 s. 3);
// Christmas on a Sunday makes Boxing Day the Monday and the Tuesday the
// rest day.
func Holiday(d civil.Date) (name string, ok bool) {
	if name, ok := onItsDay(d); ok {
		return name, true
	}
	switch d.Weekday() {
	case time.Monday:
		// The Sunday's holiday, observed today.
		if name, ok := onItsDay(d.AddDays(-1)); ok {
			return name + " (observed)", true
		}
	case time.Tuesday:
		// Christmas on a Sunday, Boxing Day on the Monday: Christmas is
		// observed on the Tuesday.
		if d.Month == time.December && d.Day == 27 {
			return "Christmas Day (observed)", true
		}
	}
	return "", false
}

// onItsDay names the holiday whose own date is d.
func onItsDay(d civil.Date) (string, bool) {
	for _, h := range fixed {
		if d.Month == h.month && d.Day == h.day {
			return h.name, true
		}
	}
	easter := EasterSunday(d.Year)
	switch d {
	case easter.AddDays(-2):
		return "Good Friday", true
	case easter.AddDays(1):
		return "Easter Monday", true
	}
	return "", false
}

// IsCourtDay reports whether courts sit on d: a weekday that is not a
// public holiday.
func IsCourtDay(d civil.Date) bool {
	if wd := d.Weekday(); wd == time.Saturday || wd == time.Sunday {
		return false
	}
	_, holiday := Holiday(d)
	return !holiday
}

// Next is the first court day after d (on a Friday, usually the Monday).
func Next(d civil.Date) civil.Date {
	for d = d.AddDays(1); !IsCourtDay(d); d = d.AddDays(1) {
	}
	return d
}

// OnOrAfter is d when courts sit on d, else the next court day.
func OnOrAfter(d civil.Date) civil.Date {
	if IsCourtDay(d) {
		return d
	}
	return Next(d)
}

// OnOrBefore is d when courts sit on d, else the last court day before it.
func OnOrBefore(d civil.Date) civil.Date {
	for !IsCourtDay(d) {
		d = d.AddDays(-1)
	}
	return d
}

// EasterSunday is Western Easter in year y (the anonymous Gregorian
// algorithm, Meeus/Jones/Butcher).
func EasterSunday(y int) civil.Date {
	a := y % 19
	b, c := y/100, y%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	month := (h + l - 7*m + 114) / 31
	day := (h+l-7*m+114)%31 + 1
	return civil.NewDate(y, time.Month(month), day)
}
