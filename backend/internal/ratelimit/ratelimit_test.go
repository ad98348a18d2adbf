package ratelimit_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/ratelimit"
	"github.com/kesihq/kesi/backend/internal/testkit"
)

func TestParallelTakesPassAtMostTheLimit(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		db := testkit.OpenDB(t, e)
		clock := testkit.NewClock(testkit.DefaultNow)
		l := &ratelimit.Limiter{Store: ratelimit.NewStore(db.SQL, db.Dialect, clock), Prefix: "t", Limit: 10, Window: time.Minute}
		var passed, refused atomic.Int32
		var wg sync.WaitGroup
		for range 30 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := l.Take(context.Background(), "k")
				switch {
				case err != nil:
					t.Error(err)
				case ok:
					passed.Add(1)
				default:
					refused.Add(1)
				}
			}()
		}
		wg.Wait()
		if passed.Load() != 10 || refused.Load() != 20 {
			t.Errorf("30 parallel takes with limit 10: %d passed, %d refused; want 10 and 20", passed.Load(), refused.Load())
		}
	})
}

func TestWindowEndsAndOtherKeysAndServersShare(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		db := testkit.OpenDB(t, e)
		ctx := context.Background()
		clock := testkit.NewClock(testkit.DefaultNow)
		// Two stores over one database are two servers.
		a := &ratelimit.Limiter{Store: ratelimit.NewStore(db.SQL, db.Dialect, clock), Prefix: "t", Limit: 2, Window: time.Minute}
		b := &ratelimit.Limiter{Store: ratelimit.NewStore(db.SQL, db.Dialect, clock), Prefix: "t", Limit: 2, Window: time.Minute}
		take := func(l *ratelimit.Limiter, key string) bool {
			t.Helper()
			ok, err := l.Take(ctx, key)
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		if !take(a, "k") || !take(b, "k") {
			t.Fatal("the first two attempts are refused")
		}
		if take(a, "k") {
			t.Error("a third attempt on another server passes")
		}
		if !take(b, "other") {
			t.Error("another key is refused")
		}
		if n, _ := a.Count(ctx, "k"); n != 3 {
			t.Errorf("count = %d, want 3", n)
		}
		clock.Advance(time.Minute)
		if !take(b, "k") {
			t.Error("refused after the window ended")
		}
		if err := a.Give(ctx, "k"); err != nil {
			t.Fatal(err)
		}
		if n, _ := a.Count(ctx, "k"); n != 0 {
			t.Errorf("count after giving back = %d, want 0", n)
		}
		if err := a.Clear(ctx, "other"); err != nil {
			t.Fatal(err)
		}
		if n, _ := a.Count(ctx, "other"); n != 0 {
			t.Errorf("count after clear = %d", n)
		}
		clock.Advance(2 * time.Minute)
		if err := a.Store.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		var rows int
		if err := db.SQL.QueryRow(`SELECT COUNT(*) FROM rate_limits`).Scan(&rows); err != nil {
			t.Fatal(err)
		}
		if rows != 0 {
			t.Errorf("%d rows after sweeping ended windows", rows)
		}
	})
}

// BenchmarkTake is the cost one guarded attempt adds: one upsert.
func BenchmarkTake(b *testing.B) {
	for _, e := range testkit.Engines() {
		b.Run(string(e), func(b *testing.B) {
			db := testkit.OpenDB(b, e)
			l := &ratelimit.Limiter{Store: ratelimit.NewStore(db.SQL, db.Dialect, testkit.NewClock(testkit.DefaultNow)), Prefix: "b", Limit: 1 << 30, Window: time.Hour}
			ctx := context.Background()
			for b.Loop() {
				if _, err := l.Take(ctx, "login:a@example.co.ke|192.0.2.1"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// One IPv6 host holds a whole /64: its addresses share one key. IPv4, and
// IPv4 mapped into IPv6, keeps one key per address.
func TestAddressKey(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ ip, want string }{
		{"198.51.100.7", "198.51.100.7"},
		{"::ffff:198.51.100.7", "198.51.100.7"},
		{"2001:db8:aa:bb::1", "2001:db8:aa:bb::/64"},
		{"2001:db8:aa:bb:ffff:ffff:ffff:ffff", "2001:db8:aa:bb::/64"},
		{"2001:db8:aa:bc::1", "2001:db8:aa:bc::/64"},
		{"fe80::1%eth0", "fe80::/64"},
		{"", ""},
		{"not-an-ip", "not-an-ip"},
	} {
		if got := ratelimit.AddressKey(tc.ip); got != tc.want {
			t.Errorf("AddressKey(%q) = %q, want %q", tc.ip, got, tc.want)
		}
	}
}

// A lease is one holder's at a time on every server; one that lapsed (its
// holder died) is taken by the next, and the late holder can then neither
// extend it nor let the new holder's go.
func TestLeaseIsOneHoldersAtATime(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		db := testkit.OpenDB(t, e)
		ctx := context.Background()
		clock := testkit.NewClock(testkit.DefaultNow)
		a := ratelimit.NewStore(db.SQL, db.Dialect, clock)
		b := ratelimit.NewStore(db.SQL, db.Dialect, clock)
		first, err := a.Lease(ctx, "export:x", time.Minute)
		if err != nil || first == nil {
			t.Fatalf("the first lease: %v, %v", first, err)
		}
		if l, err := b.Lease(ctx, "export:x", time.Minute); err != nil || l != nil {
			t.Fatalf("a held lease was taken again: %v, %v", l, err)
		}
		if l, err := b.Lease(ctx, "export:y", time.Minute); err != nil || l == nil {
			t.Fatalf("another key's lease was refused: %v, %v", l, err)
		}
		clock.Advance(50 * time.Second)
		if held, err := first.Extend(ctx); err != nil || !held {
			t.Fatalf("extend the live lease: %v, %v", held, err)
		}
		clock.Advance(50 * time.Second) // within the extended minute
		if l, err := b.Lease(ctx, "export:x", time.Minute); err != nil || l != nil {
			t.Fatalf("an extended lease was taken: %v, %v", l, err)
		}
		clock.Advance(2 * time.Minute)
		second, err := b.Lease(ctx, "export:x", time.Minute)
		if err != nil || second == nil {
			t.Fatalf("a lapsed lease was not taken: %v, %v", second, err)
		}
		if held, err := first.Extend(ctx); err != nil || held {
			t.Errorf("the lapsed holder extended the new holder's lease: %v, %v", held, err)
		}
		if err := first.Release(ctx); err != nil {
			t.Fatal(err)
		}
		if l, err := a.Lease(ctx, "export:x", time.Minute); err != nil || l != nil {
			t.Fatalf("the lapsed holder let the new holder's lease go: %v, %v", l, err)
		}
		if err := second.Release(ctx); err != nil {
			t.Fatal(err)
		}
		if l, err := a.Lease(ctx, "export:x", time.Minute); err != nil || l == nil {
			t.Fatalf("a released lease was not taken: %v, %v", l, err)
		}
	})
}
