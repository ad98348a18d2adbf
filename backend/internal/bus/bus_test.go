package bus_test

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/kesihq/kesi/backend/internal/bus"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/testkit"
)

// inbox records what one subscriber heard.
type inbox struct {
	mu  sync.Mutex
	got []string
}

func (i *inbox) add(p string) {
	i.mu.Lock()
	defer i.mu.Unlock()
	i.got = append(i.got, p)
}

func (i *inbox) all() []string {
	i.mu.Lock()
	defer i.mu.Unlock()
	return append([]string(nil), i.got...)
}

// waitFor polls until cond holds; messages between servers take a moment.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// open starts two buses on one fresh database, as two servers would.
func open(t *testing.T, e testkit.Engine, o bus.Options) (*bus.Bus, *bus.Bus, *sql.DB) {
	t.Helper()
	url, path := testkit.DatabaseURL(t, e)
	dia := dialect.SQLite
	if e == testkit.Postgres {
		dia = dialect.Postgres
	}
	var buses [2]*bus.Bus
	var db *platform.DB
	for i := range buses {
		d, err := platform.OpenDB(context.Background(), url, path)
		if err != nil {
			t.Fatal(err)
		}
		d.SQL.SetMaxOpenConns(2)
		t.Cleanup(func() { d.Close() })
		b, err := bus.Open(dia, url, path, d.SQL, o)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		buses[i] = b
		db = d
	}
	return buses[0], buses[1], db.SQL
}

func TestMessagesReachEveryServerOnce(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		a, b, _ := open(t, e, bus.Options{})
		var aGot, bGot, bOther inbox
		a.Subscribe("session.revoked", aGot.add, nil)
		b.Subscribe("session.revoked", bGot.add, nil)
		b.Subscribe("other", bOther.add, nil)

		ctx := context.Background()
		if err := a.Publish(ctx, "session.revoked", "family-1"); err != nil {
			t.Fatal(err)
		}
		// The publisher's own subscribers have it before Publish returns.
		if got := aGot.all(); len(got) != 1 || got[0] != "family-1" {
			t.Fatalf("publisher heard %q, want [family-1] at once", got)
		}
		waitFor(t, "the other server to hear family-1", func() bool { return len(bGot.all()) == 1 })
		if err := b.Publish(ctx, "session.revoked", "família-2 ñ"); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the first server to hear family-2", func() bool { return len(aGot.all()) == 2 })
		// Give echoes time to arrive: none may be delivered twice.
		time.Sleep(200 * time.Millisecond)
		if got := aGot.all(); strings.Join(got, ",") != "family-1,família-2 ñ" {
			t.Errorf("first server heard %q", got)
		}
		if got := bGot.all(); strings.Join(got, ",") != "family-1,família-2 ñ" {
			t.Errorf("second server heard %q", got)
		}
		if got := bOther.all(); len(got) != 0 {
			t.Errorf("another topic heard %q", got)
		}
	})
}

func TestPayloadTooLargeIsRefused(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		a, _, _ := open(t, e, bus.Options{})
		var got inbox
		a.Subscribe("t", got.add, nil)
		if err := a.Publish(context.Background(), "t", strings.Repeat("x", bus.MaxPayload+1)); err != bus.ErrPayloadTooLarge {
			t.Fatalf("Publish of %d bytes: %v, want ErrPayloadTooLarge", bus.MaxPayload+1, err)
		}
		if len(got.all()) != 0 {
			t.Error("a refused message was delivered")
		}
		// The largest allowed payload passes Postgres's limit.
		if err := a.Publish(context.Background(), "t", strings.Repeat("ñ", bus.MaxPayload/2)); err != nil {
			t.Fatalf("Publish of %d bytes: %v", bus.MaxPayload, err)
		}
	})
}

func TestReloadRunsPeriodically(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		a, _, _ := open(t, e, bus.Options{ReloadEvery: 20 * time.Millisecond})
		var mu sync.Mutex
		n := 0
		a.Subscribe("t", func(string) {}, func(context.Context) error {
			mu.Lock()
			defer mu.Unlock()
			n++
			return nil
		})
		waitFor(t, "three reloads", func() bool { mu.Lock(); defer mu.Unlock(); return n >= 3 })
	})
}

// A notification sent while a server's LISTEN connection is down is lost to
// it; the reload after reconnecting is what catches it up.
func TestReloadAfterLostConnection(t *testing.T) {
	if !slices.Contains(testkit.Engines(), testkit.Postgres) {
		t.Skip("LISTEN connections exist on Postgres only; set " + testkit.PostgresURLEnv)
	}
	a, b, db := open(t, testkit.Postgres, bus.Options{ReloadEvery: time.Hour})
	var mu sync.Mutex
	reloads := 0
	var bGot inbox
	b.Subscribe("t", bGot.add, func(context.Context) error {
		mu.Lock()
		defer mu.Unlock()
		reloads++
		return nil
	})
	// Both listeners are in this database; end them both.
	res, err := db.Exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND query LIKE 'LISTEN%'`)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 2 {
		t.Fatalf("ended %d LISTEN connections, want 2", n)
	}
	waitFor(t, "a reload after reconnecting", func() bool { mu.Lock(); defer mu.Unlock(); return reloads >= 1 })
	if err := a.Publish(context.Background(), "t", "after"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "a message after reconnecting", func() bool { return len(bGot.all()) == 1 })
}
