package auth

import (
	"sync"
	"time"

	"github.com/kesihq/kesi/backend/internal/platform"
)

// Limiter counts events per key in a sliding window and refuses once a key
// has reached its limit. It lives in the process: each server counts its
// own, which is enough to make guessing passwords or codes impractical.
type Limiter struct {
	limit  int
	window time.Duration
	clock  platform.Clock

	mu     sync.Mutex
	events map[string][]time.Time
}

// maxKeys bounds the memory a flood of distinct keys can take: past it,
// keys with no event inside the window are swept.
const maxKeys = 100_000

// NewLimiter allows limit events per key in any window.
func NewLimiter(limit int, window time.Duration, clock platform.Clock) *Limiter {
	return &Limiter{limit: limit, window: window, clock: clock, events: map[string][]time.Time{}}
}

// Allowed reports whether key is under its limit, without counting anything.
func (l *Limiter) Allowed(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.recent(key, l.clock.Now())) < l.limit
}

// Add counts one event for key.
func (l *Limiter) Add(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.clock.Now()
	if len(l.events) >= maxKeys {
		l.sweep(now)
	}
	l.events[key] = append(l.recent(key, now), now)
}

// Reset forgets key's events, after a success that proves the caller.
func (l *Limiter) Reset(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.events, key)
}

// recent drops key's events older than the window and answers the rest.
func (l *Limiter) recent(key string, now time.Time) []time.Time {
	ev := l.events[key]
	cut := now.Add(-l.window)
	i := 0
	for i < len(ev) && !ev[i].After(cut) {
		i++
	}
	if i == len(ev) {
		delete(l.events, key)
		return nil
	}
	ev = ev[i:]
	l.events[key] = ev
	return ev
}

func (l *Limiter) sweep(now time.Time) {
	for key := range l.events {
		l.recent(key, now)
	}
}
