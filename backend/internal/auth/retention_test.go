package auth_test

import (
	"context"
	"crypto/rand"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/auditevent"
	"github.com/kesihq/kesi/ent/extensiontoken"
	"github.com/kesihq/kesi/ent/refreshtoken"
)

// Issue 15: expired refresh tokens and reset codes were kept for ever, and
// audit events too. Purge deletes the sessions that ended (whole), used or
// expired codes and audit events past the retention period, and nothing a
// live session or a pending reset needs.
func TestPurgeKeepsWhatIsLiveAndDeletesWhatEnded(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		db := srv.DB()
		now := srv.Clock.Now().UTC()
		register(t, srv, form("mutua@example.co.ke")).Want(t, 201, "")
		login := srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": "mutua@example.co.ke", "password": goodPassword})
		r1 := cookie(t, login, auth.RefreshCookie, "/api/auth/").Value
		res := post(t, srv, "/api/auth/refresh", map[string]string{"Cookie": auth.RefreshCookie + "=" + r1})
		res.Want(t, 200, "")
		r2 := cookie(t, res, auth.RefreshCookie, "/api/auth/").Value
		u := srv.CreateUser(t, testkit.UserSpec{})

		token := func(family uuid.UUID, created, expires time.Time, used, revoked *time.Time) {
			t.Helper()
			hash := make([]byte, 32)
			rand.Read(hash)
			err := db.RefreshToken.Create().SetUserID(u.ID).SetFamilyID(family).SetTokenHash(hash).
				SetCreatedAt(created).SetExpiresAt(expires).SetNillableUsedAt(used).SetNillableRevokedAt(revoked).Exec(ctx)
			if err != nil {
				t.Fatal(err)
			}
		}
		ago := func(d time.Duration) *time.Time { x := now.Add(-d); return &x }
		day := 24 * time.Hour
		expired, revokedLongAgo, revokedJustNow, longLived := uuid.New(), uuid.New(), uuid.New(), uuid.New()
		token(expired, now.Add(-40*day), now.Add(-10*day), ago(35*day), nil)
		token(expired, now.Add(-35*day), now.Add(-5*day), nil, nil)
		token(revokedLongAgo, now.Add(-2*day), now.Add(28*day), nil, ago(day))
		token(revokedJustNow, now.Add(-2*day), now.Add(28*day), nil, ago(time.Minute))
		// A session refreshed for 40 days: its first token expired long ago,
		// but it dates the session's start, so it stays while the session lives.
		token(longLived, now.Add(-40*day), now.Add(-10*day), ago(39*day), nil)
		token(longLived, now.Add(-day), now.Add(29*day), nil, nil)

		code := func(created, expires time.Time, used *time.Time) {
			t.Helper()
			if err := db.PasswordReset.Create().SetUserID(u.ID).SetCodeHash([]byte("h")).SetCreatedAt(created).SetExpiresAt(expires).SetNillableUsedAt(used).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		code(now.Add(-time.Hour), now.Add(-50*time.Minute), nil)                // expired
		code(now.Add(-5*time.Minute), now.Add(5*time.Minute), ago(time.Minute)) // used
		code(now.Add(-time.Minute), now.Add(9*time.Minute), nil)                // live
		event := func(age time.Duration) {
			t.Helper()
			if err := db.AuditEvent.Create().SetUserID(u.ID).SetKind(auth.AuditLogin).SetCreatedAt(now.Add(-age)).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		event(400 * day)
		event(366 * day)
		event(300 * day)
		eventsBefore := db.AuditEvent.Query().CountX(ctx)
		// Extension connections: one disconnected a day ago, one a minute
		// ago, one left unused past its idle life, all dead; one in use and
		// one made and not yet used, alive.
		extension := func(name string, created time.Time, used, revoked *time.Time) {
			t.Helper()
			hash := make([]byte, 32)
			rand.Read(hash)
			if err := db.ExtensionToken.Create().SetUserID(u.ID).SetName(name).SetTokenHash(hash).SetCreatedAt(created).
				SetNillableLastUsedAt(used).SetNillableRevokedAt(revoked).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		extension("disconnected", now.Add(-30*day), ago(2*day), ago(day))
		extension("forgotten", now.Add(-200*day), ago(auth.ExtensionTokenIdle+day), nil)
		extension("just disconnected", now.Add(-30*day), ago(2*time.Minute), ago(time.Minute))
		extension("in use", now.Add(-200*day), ago(time.Hour), nil)
		extension("new", now.Add(-time.Hour), nil, nil)

		r, err := auth.Purge(ctx, db, now, 365*day)
		if err != nil {
			t.Fatal(err)
		}
		if r.RefreshTokens != 3 || r.ResetCodes != 2 || r.AuditEvents != 2 || r.ExtensionTokens != 3 {
			t.Fatalf("purged %+v, want 3 refresh tokens, 2 reset codes, 2 audit events, 3 extension tokens", r)
		}
		var kept []string
		db.ExtensionToken.Query().Order(extensiontoken.ByName()).Select(extensiontoken.FieldName).ScanX(ctx, &kept)
		if want := []string{"in use", "new"}; fmt.Sprint(kept) != fmt.Sprint(want) {
			t.Errorf("extension tokens kept: %q, want %q", kept, want)
		}
		for family, want := range map[uuid.UUID]int{expired: 0, revokedLongAgo: 0, revokedJustNow: 1, longLived: 2} {
			if n := db.RefreshToken.Query().Where(refreshtoken.FamilyID(family)).CountX(ctx); n != want {
				t.Errorf("family %s keeps %d tokens, want %d", family, n, want)
			}
		}
		if n := db.PasswordReset.Query().CountX(ctx); n != 1 {
			t.Errorf("%d reset codes left, want the live one", n)
		}
		if n := db.AuditEvent.Query().CountX(ctx); n != eventsBefore-2 {
			t.Errorf("%d audit events left of %d", n, eventsBefore)
		}
		if db.AuditEvent.Query().Where(auditevent.CreatedAtLT(now.Add(-365 * day))).ExistX(ctx) {
			t.Error("an audit event older than the retention period is left")
		}
		// The signed-in session still refreshes; its used token still
		// catches a copy.
		post(t, srv, "/api/auth/refresh", map[string]string{"Cookie": auth.RefreshCookie + "=" + r2}).Want(t, 200, "")
		again, err := auth.Purge(ctx, db, now, 365*day)
		if err != nil || again != (auth.Retained{}) {
			t.Fatalf("a second purge: %+v, %v", again, err)
		}

		// The audit log reads by account and date.
		events, err := auth.AuditEvents(ctx, db, auth.AuditQuery{Email: "MUTUA@example.co.ke"})
		if err != nil || len(events) < 2 {
			t.Fatalf("mutua's audit events: %d, %v", len(events), err)
		}
		for _, ev := range events {
			if ev.UserID == nil || *ev.UserID == u.ID {
				t.Errorf("another account's event in mutua's: %+v", ev)
			}
		}
		events, err = auth.AuditEvents(ctx, db, auth.AuditQuery{Email: u.Email, Since: now.Add(-301 * day)})
		if err != nil || len(events) != 1 || events[0].Kind != auth.AuditLogin {
			t.Fatalf("events since 301 days ago: %v, %v", events, err)
		}
	})
}
