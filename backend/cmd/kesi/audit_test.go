package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/testkit"
)

// `kesi audit list` prints the kept events, by account and date, and the
// retention job (registered, under the job lock) deletes those past
// KESI_AUDIT_RETENTION.
func TestAuditListAndRetentionJob(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, map[string]string{"KESI_AUDIT_RETENTION": "30d"})
		ctx := context.Background()
		now := srv.Clock.Now()
		wanjiku := srv.CreateUser(t, testkit.UserSpec{Email: "wanjiku@example.co.ke"})
		otieno := srv.CreateUser(t, testkit.UserSpec{Email: "otieno@example.co.ke"})
		for _, ev := range []struct {
			who  *testkit.Session
			kind string
			age  time.Duration
			ip   string
		}{
			{srv.Session(t, wanjiku), auth.AuditLogin, 40 * 24 * time.Hour, "197.248.1.1"},
			{srv.Session(t, wanjiku), auth.AuditPasswordChanged, 2 * 24 * time.Hour, "197.248.1.2"},
			{srv.Session(t, otieno), auth.AuditLogin, time.Hour, "41.90.3.3"},
		} {
			srv.DB().AuditEvent.Create().SetUserID(ev.who.User.ID).SetKind(ev.kind).SetIP(ev.ip).SetCreatedAt(now.Add(-ev.age)).ExecX(ctx)
		}
		srv.DB().AuditEvent.Create().SetKind(auth.AuditLoginFailed).SetEmail("wanjiku@example.co.ke").SetIP("10.1.1.1").SetCreatedAt(now.Add(-time.Hour)).ExecX(ctx)

		list := func(args ...string) string {
			t.Helper()
			var out bytes.Buffer
			if err := listAudit(ctx, srv.App, args, &out); err != nil {
				t.Fatalf("audit list %v: %v", args, err)
			}
			return out.String()
		}
		got := list("--user", "wanjiku@example.co.ke")
		for _, want := range []string{"login ", "password_changed", "login_failed", "197.248.1.1", "10.1.1.1"} {
			if !strings.Contains(got, want) {
				t.Errorf("wanjiku's events lack %q:\n%s", want, got)
			}
		}
		if strings.Contains(got, "41.90.3.3") {
			t.Errorf("otieno's event among wanjiku's:\n%s", got)
		}
		got = list("--since", "3d")
		if strings.Contains(got, "197.248.1.1") || !strings.Contains(got, "197.248.1.2") || !strings.Contains(got, "otieno@example.co.ke") {
			t.Errorf("events of the last 3 days:\n%s", got)
		}
		if err := listAudit(ctx, srv.App, []string{"--since", "last week"}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "--since") {
			t.Errorf("a --since it cannot read: %v", err)
		}

		if err := srv.App.Jobs.RunOnce(ctx, "retention"); err != nil {
			t.Fatal(err)
		}
		got = list()
		if strings.Contains(got, "197.248.1.1") || !strings.Contains(got, "197.248.1.2") {
			t.Errorf("after the retention job (30 days):\n%s", got)
		}
		if got := list("--user", "nobody@example.co.ke"); !strings.Contains(got, "no audit events") {
			t.Errorf("an account without events: %q", got)
		}
	})
}
