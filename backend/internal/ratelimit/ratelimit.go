// Package ratelimit counts attempts per key in fixed windows, in the
// database, so that every server shares the counts and a restart keeps them.
//
// A caller takes a slot before doing the work the limit guards (checking a
// password, calling Paystack); taking is one atomic statement, so of any
// number of parallel attempts at most the limit go through.
//
// The same table holds leases: a key one holder at a time may hold, on
// every server, for work that must not run twice at once anywhere.
package ratelimit

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"math/rand/v2"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"entgo.io/ent/dialect"

	"github.com/kesihq/kesi/backend/internal/platform"
)

// Store is the rate_limits table; it alone writes it.
type Store struct {
	db    *sql.DB
	clock platform.Clock
	pg    bool
}

// NewStore keeps counters in db, whose dialect is dialect.Postgres or
// dialect.SQLite.
func NewStore(db *sql.DB, dia string, clock platform.Clock) *Store {
	return &Store{db: db, clock: clock, pg: dia == dialect.Postgres}
}

// One statement both starts a window and counts in it: a row whose window
// has ended starts again at one.
const takeSQL = `INSERT INTO rate_limits ("key", count, expires_at) VALUES (?, 1, ?)
ON CONFLICT ("key") DO UPDATE SET
  count = CASE WHEN rate_limits.expires_at <= ? THEN 1 ELSE rate_limits.count + 1 END,
  expires_at = CASE WHEN rate_limits.expires_at <= ? THEN excluded.expires_at ELSE rate_limits.expires_at END
RETURNING count`

// q writes query's placeholders the engine's way.
func (s *Store) q(query string) string {
	if s.pg {
		return numbered(query)
	}
	return query
}

// numbered turns ? placeholders into Postgres's $1, $2...
func numbered(q string) string {
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (s *Store) now() int64 { return s.clock.Now().UnixMilli() }

// add counts one attempt under key in a window of length window and answers
// the count including it.
func (s *Store) add(ctx context.Context, key string, window time.Duration) (int, error) {
	now := s.now()
	var n int
	err := s.db.QueryRowContext(ctx, s.q(takeSQL), key, now+window.Milliseconds(), now, now).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count attempt %q: %w", key, err)
	}
	return n, nil
}

// giveBack takes one attempt back from key's current window.
func (s *Store) giveBack(ctx context.Context, key string) error {
	if _, err := s.db.ExecContext(ctx, s.q(`UPDATE rate_limits SET count = count - 1 WHERE "key" = ? AND count > 0 AND expires_at > ?`), key, s.now()); err != nil {
		return fmt.Errorf("give back attempt %q: %w", key, err)
	}
	return nil
}

// Count is the number of attempts under key in its current window.
func (s *Store) Count(ctx context.Context, key string) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.q(`SELECT count FROM rate_limits WHERE "key" = ? AND expires_at > ?`), key, s.now()).Scan(&n)
	if err == sql.ErrNoRows {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read attempts %q: %w", key, err)
	}
	return n, nil
}

// Clear forgets key's attempts, after a success that proves the caller.
func (s *Store) Clear(ctx context.Context, key string) error {
	if _, err := s.db.ExecContext(ctx, s.q(`DELETE FROM rate_limits WHERE "key" = ?`), key); err != nil {
		return fmt.Errorf("clear attempts %q: %w", key, err)
	}
	return nil
}

// Sweep deletes the counters whose window has ended; the periodic job runs it.
func (s *Store) Sweep(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, s.q(`DELETE FROM rate_limits WHERE expires_at <= ?`), s.now()); err != nil {
		return fmt.Errorf("sweep rate limits: %w", err)
	}
	return nil
}

// A Lease is a key held by one holder at a time, on every server: work
// that must not run twice at once anywhere (one export per account). Its
// row in rate_limits carries the holder's number in count, so that only
// the holder extends or releases it. A holder that dies without Release (a
// server killed mid-work) leaves the key taken until its ttl has passed,
// never for ever; work that outlasts ttl keeps it with Extend.
type Lease struct {
	store  *Store
	key    string
	ttl    time.Duration
	holder int
}

// A lease is taken when its key has no row or only an expired one; a live
// row answers nothing.
const leaseSQL = `INSERT INTO rate_limits ("key", count, expires_at) VALUES (?, ?, ?)
ON CONFLICT ("key") DO UPDATE SET count = excluded.count, expires_at = excluded.expires_at
WHERE rate_limits.expires_at <= ?
RETURNING count`

// Lease takes key for ttl. It answers nil, and no error, when another
// holder has it.
func (s *Store) Lease(ctx context.Context, key string, ttl time.Duration) (*Lease, error) {
	l := &Lease{store: s, key: key, ttl: ttl, holder: 1 + rand.IntN(math.MaxInt32-1)}
	now := s.now()
	var got int
	err := s.db.QueryRowContext(ctx, s.q(leaseSQL), key, l.holder, now+ttl.Milliseconds(), now).Scan(&got)
	if err == sql.ErrNoRows {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("take lease %q: %w", key, err)
	}
	return l, nil
}

// Extend keeps the lease for its ttl from now. It answers false when the
// lease had lapsed (and may be another's now): the holder must stop.
func (l *Lease) Extend(ctx context.Context) (held bool, err error) {
	now := l.store.now()
	res, err := l.store.db.ExecContext(ctx, l.store.q(`UPDATE rate_limits SET expires_at = ? WHERE "key" = ? AND count = ? AND expires_at > ?`),
		now+l.ttl.Milliseconds(), l.key, l.holder, now)
	if err != nil {
		return false, fmt.Errorf("extend lease %q: %w", l.key, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("extend lease %q: %w", l.key, err)
	}
	return n == 1, nil
}

// Release lets the lease go, unless it has lapsed and been taken by another.
func (l *Lease) Release(ctx context.Context) error {
	if _, err := l.store.db.ExecContext(ctx, l.store.q(`DELETE FROM rate_limits WHERE "key" = ? AND count = ?`), l.key, l.holder); err != nil {
		return fmt.Errorf("release lease %q: %w", l.key, err)
	}
	return nil
}

// Limiter allows Limit attempts per key in any Window.
type Limiter struct {
	Store  *Store
	Prefix string // keeps the keys of different limits apart, e.g. "login"
	Limit  int
	Window time.Duration
}

// Take reserves a slot for key before the work it guards. ok is false when
// key is over its limit: the caller must then not do the work. The attempt
// is counted either way, so hammering a refused key keeps it refused.
func (l *Limiter) Take(ctx context.Context, key string) (ok bool, err error) {
	n, err := l.Store.add(ctx, l.Prefix+":"+key, l.Window)
	if err != nil {
		return false, err
	}
	return n <= l.Limit, nil
}

// Give returns a slot taken for key, for an attempt that should not count
// (a success, or work never done).
func (l *Limiter) Give(ctx context.Context, key string) error {
	return l.Store.giveBack(ctx, l.Prefix+":"+key)
}

// Count is key's attempts in the current window.
func (l *Limiter) Count(ctx context.Context, key string) (int, error) {
	return l.Store.Count(ctx, l.Prefix+":"+key)
}

// Clear forgets key's attempts.
func (l *Limiter) Clear(ctx context.Context, key string) error {
	return l.Store.Clear(ctx, l.Prefix+":"+key)
}

// AddressKey is the key of a client address (as platform.Client's IP) for
// a limit per address. An IPv6 host is given a whole /64 and may send from
// any address in it, so an IPv6 address is keyed on its /64: keyed on the
// full address, one host would never meet its limit. An IPv4 address, or
// one mapped into IPv6, is its own key; so is text that is no address.
func AddressKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	return netip.PrefixFrom(a, 64).Masked().String()
}
