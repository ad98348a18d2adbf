package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kesihq/kesi/backend/internal/account"
	"github.com/kesihq/kesi/backend/internal/notify"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/auditevent"
)

// `kesi users notify` sends the prepared notice to each listed account,
// filled in with its name, records it in the audit log, and says which
// addresses have no account.
func TestUsersNotify(t *testing.T) {
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	ctx := context.Background()
	a := srv.CreateUser(t, testkit.UserSpec{Email: "amina@example.co.ke", Fullname: "Amina Hassan"})
	srv.CreateUser(t, testkit.UserSpec{Email: "untouched@example.co.ke"})
	dir := t.TempDir()
	tmpl := filepath.Join(dir, "notice.txt")
	emails := filepath.Join(dir, "affected.txt")
	os.WriteFile(tmpl, []byte("Subject: A security incident affecting your Kesi account\n\nDear {{name}},\n\nOn 20 November 2026 we found that ...\n"), 0o600)
	os.WriteFile(emails, []byte("# affected\nAmina@Example.co.ke\n\nnobody@example.co.ke\namina@example.co.ke\n"), 0o600)
	mailer, err := notify.New("", srv.DataDir, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := notifyUsers(ctx, srv.App, mailer, []string{"--template", tmpl, "--emails", emails, "--dry-run"}, &out); err != nil {
		t.Fatal(err)
	}
	if len(srv.Mails(t, "")) != 0 || !strings.Contains(out.String(), "would send: amina@example.co.ke") {
		t.Fatalf("dry run sent mail or said:\n%s", out.String())
	}
	out.Reset()
	if err := notifyUsers(ctx, srv.App, mailer, []string{"--template", tmpl, "--emails", emails}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "no account: nobody@example.co.ke") || !strings.Contains(out.String(), "1 sent, 1 without an account, 0 failed") {
		t.Errorf("output:\n%s", out.String())
	}
	mails := srv.Mails(t, "")
	if len(mails) != 1 || mails[0].To != "amina@example.co.ke" || !strings.Contains(mails[0].Text, "Dear Amina Hassan,") ||
		mails[0].Subject != "A security incident affecting your Kesi account" {
		t.Fatalf("mails: %+v", mails)
	}
	if n := srv.DB().AuditEvent.Query().Where(auditevent.UserID(a.ID), auditevent.Kind(account.AuditNoticeSent)).CountX(ctx); n != 1 {
		t.Errorf("%d notice_sent audit events", n)
	}
	os.WriteFile(tmpl, []byte("no subject line here\n"), 0o600)
	if err := notifyUsers(ctx, srv.App, mailer, []string{"--template", tmpl, "--emails", emails}, &out); err == nil || !strings.Contains(err.Error(), "Subject:") {
		t.Errorf("a template without a subject: %v", err)
	}
}

// `kesi jobs run erasure --at` erases an account whose grace period ends
// before that instant, and refuses a malformed instant.
func TestJobsRunErasure(t *testing.T) {
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	ctx := context.Background()
	u := srv.CreateUser(t, testkit.UserSpec{})
	now := srv.Clock.Now().UTC()
	srv.DB().AccountDeletion.Create().SetUserID(u.ID).SetRequestedAt(now).SetEraseAt(now.Add(account.Grace)).ExecX(ctx)
	if err := jobsRunErasure(ctx, srv.App, []string{"--at", "soon"}); err == nil {
		t.Error("a malformed --at was accepted")
	}
	if err := jobsRunErasure(ctx, srv.App, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.DB().User.Get(ctx, u.ID); err != nil {
		t.Fatalf("erased before its day: %v", err)
	}
	if err := jobsRunErasure(ctx, srv.App, []string{"--at", now.Add(account.Grace + 1).Format("2006-01-02T15:04:05.999999999Z07:00")}); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.DB().User.Get(ctx, u.ID); err == nil {
		t.Error("the account survived its erasure day")
	}
}
