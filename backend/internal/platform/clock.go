// Package platform is small shared plumbing: the clock and the courts' calendar.
package platform

import (
	"time"

	"github.com/kesihq/kesi/ent/civil"
)

// Clock tells the time; tests pass a fixed one so that "today" is known.
type Clock interface {
	Now() time.Time
}

// SystemClock is the real clock.
type SystemClock struct{}

// Now implements Clock.
func (SystemClock) Now() time.Time { return time.Now() }

// FixedClock always answers the same instant.
type FixedClock struct{ T time.Time }

// Now implements Clock.
func (c FixedClock) Now() time.Time { return c.T }

// Calendar turns instants into the courts' calendar days.
type Calendar struct {
	Clock    Clock
	Location *time.Location
}

// Today is the current calendar day in the courts' time zone.
func (c Calendar) Today() civil.Date {
	return civil.DateOf(c.Clock.Now().In(c.Location))
}

// Now is the current instant.
func (c Calendar) Now() time.Time { return c.Clock.Now() }

// DayOf is the calendar day of t in the courts' time zone.
func (c Calendar) DayOf(t time.Time) civil.Date {
	return civil.DateOf(t.In(c.Location))
}
