package auth

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/bus"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/refreshtoken"
)

// TopicSessionRevoked carries the ids of ended session families,
// comma-separated.
const TopicSessionRevoked = "session.revoked"

// revokedMemory is how long a revoked family is remembered: an access token
// lives AccessTTL, so one minted before the revocation (or in the instant a
// refresh raced it) has expired by then, and the refresh-token rows refuse
// the family from then on. The minute covers clocks that differ a little
// between servers.
const revokedMemory = AccessTTL + time.Minute

// Revoked is the set of session families ended in the last revokedMemory,
// checked on every request instead of a query. Each server keeps its own
// copy: loaded at start, told of each revocation by the bus, and reloaded
// from the refresh-token rows (the truth) by the bus's backstop.
type Revoked struct {
	db    *ent.Client
	clock platform.Clock
	// set is replaced whole, never changed, so that the check on every
	// request reads it without a lock.
	set atomic.Pointer[map[uuid.UUID]time.Time]
	mu  sync.Mutex // serializes writers
}

// NewRevoked builds an empty set; Load fills it.
func NewRevoked(db *ent.Client, clock platform.Clock) *Revoked {
	r := &Revoked{db: db, clock: clock}
	r.set.Store(&map[uuid.UUID]time.Time{})
	return r
}

// Has reports whether family was revoked.
func (r *Revoked) Has(family uuid.UUID) bool {
	_, ok := (*r.set.Load())[family]
	return ok
}

// Add records families as revoked now.
func (r *Revoked) Add(families ...uuid.UUID) {
	if len(families) == 0 {
		return
	}
	now := r.clock.Now()
	r.mu.Lock()
	defer r.mu.Unlock()
	old := *r.set.Load()
	next := make(map[uuid.UUID]time.Time, len(old)+len(families))
	for f, at := range old {
		if now.Sub(at) < revokedMemory {
			next[f] = at
		}
	}
	for _, f := range families {
		next[f] = now
	}
	r.set.Store(&next)
}

// Load replaces the set with the families the database says were revoked
// in the last revokedMemory. It is the bus's reload.
func (r *Revoked) Load(ctx context.Context) error {
	now := r.clock.Now()
	rows, err := r.db.RefreshToken.Query().
		Where(refreshtoken.RevokedAtGT(now.Add(-revokedMemory).UTC())).
		Select(refreshtoken.FieldFamilyID, refreshtoken.FieldRevokedAt).
		All(ctx)
	if err != nil {
		return fmt.Errorf("load revoked sessions: %w", err)
	}
	next := make(map[uuid.UUID]time.Time, len(rows))
	for _, rt := range rows {
		if at := *rt.RevokedAt; at.After(next[rt.FamilyID]) {
			next[rt.FamilyID] = at
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	// Keep what the bus told in the meantime; the rows are written before
	// it is told, so nothing here contradicts them.
	for f, at := range *r.set.Load() {
		if _, ok := next[f]; !ok && now.Sub(at) < revokedMemory {
			next[f] = at
		}
	}
	r.set.Store(&next)
	return nil
}

// Subscribe keeps the set current through b: revocations on any server,
// and Load as the backstop.
func (r *Revoked) Subscribe(b *bus.Bus) {
	b.Subscribe(TopicSessionRevoked, func(payload string) {
		var fs []uuid.UUID
		for _, s := range strings.Split(payload, ",") {
			if f, err := uuid.Parse(s); err == nil {
				fs = append(fs, f)
			}
		}
		r.Add(fs...)
	}, r.Load)
}

// publishRevoked tells every server that families ended, in messages that
// fit the bus. The rows are committed already, so a server that misses the
// message learns it at its next reload.
func publishRevoked(ctx context.Context, b *bus.Bus, families []uuid.UUID) error {
	const perMessage = 150 // 37 bytes each, under bus.MaxPayload
	for len(families) > 0 {
		n := min(perMessage, len(families))
		ids := make([]string, n)
		for i, f := range families[:n] {
			ids[i] = f.String()
		}
		if err := b.Publish(ctx, TopicSessionRevoked, strings.Join(ids, ",")); err != nil {
			return err
		}
		families = families[n:]
	}
	return nil
}
