package testkit

import (
	"sync"
	"time"
)

// Clock is a settable clock for tests.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock starts a clock at t.
func NewClock(t time.Time) *Clock { return &Clock{t: t} }

// Now implements platform.Clock.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Set moves the clock to t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// Nairobi is the courts' time zone.
var Nairobi = mustLoad("Africa/Nairobi")

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// DefaultNow is the instant test servers start at: a Wednesday morning in
// Nairobi, 2025-01-15 09:00 EAT.
var DefaultNow = time.Date(2025, time.January, 15, 9, 0, 0, 0, Nairobi)
