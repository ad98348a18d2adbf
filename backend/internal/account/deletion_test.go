package account_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/blob"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/accountdeletion"
	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/auditevent"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/document"
	"github.com/kesihq/kesi/ent/lawclient"
	"github.com/kesihq/kesi/ent/payment"
	"github.com/kesihq/kesi/ent/referral"
	"github.com/kesihq/kesi/ent/reminderconsent"
	"github.com/kesihq/kesi/ent/user"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// Deleting asks for the password, ends every session at once, mails a
// receipt and waits 7 days, during which the account signs in, sees the
// date and can cancel; a cancelled deletion never runs.
func TestDeleteAccountGracePeriodAndCancel(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		srv := testkit.NewServer(t, e, nil)
		const email = "wambui@example.co.ke"
		advocate(t, srv, email)
		sess := signIn(t, srv, email)
		acc := accountClient(sess, srv)

		// A wrong password, through both doors, schedules nothing.
		_, err := acc.DeleteAccount(ctx, connectReq(&kesiv1.DeleteAccountRequest{Password: "not-my-password"}))
		if connect.CodeOf(err) != connect.CodeInvalidArgument || !strings.Contains(err.Error(), auth.MsgPasswordWrong) {
			t.Fatalf("wrong password: %v", err)
		}
		res := sess.Do(t, http.MethodPost, "/api/account/delete", map[string]string{"password": "not-my-password"})
		if res.Status != http.StatusBadRequest || res.Message(t) != auth.MsgPasswordWrong {
			t.Fatalf("REST wrong password: %d %s", res.Status, res.Body)
		}
		got, err := acc.GetAccountDeletion(ctx, connectReq(&kesiv1.GetAccountDeletionRequest{}))
		if err != nil || got.Msg.Deletion != nil {
			t.Fatalf("after wrong passwords: %v %v", got, err)
		}

		del, err := acc.DeleteAccount(ctx, connectReq(&kesiv1.DeleteAccountRequest{Password: password}))
		if err != nil {
			t.Fatal(err)
		}
		if del.Msg.Deletion.EraseOn != "2025-01-22" {
			t.Errorf("erase on %q, want 7 days after Wed 15 Jan 2025", del.Msg.Deletion.EraseOn)
		}
		// Every session ended at once: this one is refused now.
		if _, err := sess.Auth().Me(ctx, connectReq(&kesiv1.MeRequest{})); connect.CodeOf(err) != connect.CodeUnauthenticated {
			t.Errorf("the session still works after the deletion: %v", err)
		}
		mails := srv.Mails(t, email)
		if len(mails) == 0 || !strings.Contains(mails[len(mails)-1].Subject, "Wed 22 Jan 2025") {
			t.Errorf("no receipt naming the day: %+v", mails)
		}

		// In the grace period the account signs in and sees the date.
		again := signIn(t, srv, email)
		res = again.Do(t, http.MethodGet, "/api/account/deletion", nil)
		var shown struct {
			Deletion *struct {
				EraseOn string `json:"erase_on"`
			} `json:"deletion"`
		}
		res.JSON(t, &shown)
		if res.Status != 200 || shown.Deletion == nil || shown.Deletion.EraseOn != "2025-01-22" {
			t.Fatalf("REST deletion: %d %s", res.Status, res.Body)
		}
		// Not yet due: the job leaves it.
		srv.Clock.Advance(6 * 24 * time.Hour)
		if err := srv.App.Jobs.RunOnce(ctx, "erasure"); err != nil {
			t.Fatal(err)
		}
		if !srv.DB().User.Query().Where(user.Email(email)).ExistX(ctx) {
			t.Fatal("erased before the grace period ended")
		}
		// Cancel, through REST; then the due date passes and nothing happens.
		again = signIn(t, srv, email) // the first sign-in's access token has expired
		if res := again.Do(t, http.MethodDelete, "/api/account/deletion", nil); res.Status != 200 {
			t.Fatalf("cancel: %d %s", res.Status, res.Body)
		}
		got, err = accountClient(again, srv).GetAccountDeletion(ctx, connectReq(&kesiv1.GetAccountDeletionRequest{}))
		if err != nil || got.Msg.Deletion != nil {
			t.Fatalf("after cancel: %v %v", got, err)
		}
		srv.Clock.Advance(3 * 24 * time.Hour)
		if err := srv.App.Jobs.RunOnce(ctx, "erasure"); err != nil {
			t.Fatal(err)
		}
		if !srv.DB().User.Query().Where(user.Email(email)).ExistX(ctx) {
			t.Fatal("a cancelled deletion erased the account")
		}
		if _, err := signIn(t, srv, email).Auth().Me(ctx, connectReq(&kesiv1.MeRequest{})); err != nil {
			t.Errorf("the kept account cannot use its session: %v", err)
		}
		// The demo account cannot be deleted.
		demo := srv.CreateUser(t, testkit.UserSpec{Role: role.Demo})
		_, err = accountClient(srv.Session(t, demo), srv).DeleteAccount(ctx, connectReq(&kesiv1.DeleteAccountRequest{Password: "kesi-demo"}))
		if connect.CodeOf(err) != connect.CodePermissionDenied {
			t.Errorf("demo deletion: %v", err)
		}
	})
}

// flakyS3 is an in-process S3 whose deletes can be made to fail after a
// number of them succeeded.
type flakyS3 struct {
	h         http.Handler
	deletes   atomic.Int32
	failAfter atomic.Int32 // -1: never
}

func (f *flakyS3) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodDelete {
		if n := f.deletes.Add(1); f.failAfter.Load() >= 0 && n > f.failAfter.Load() {
			http.Error(w, "<Error><Code>AccessDenied</Code></Error>", http.StatusForbidden)
			return
		}
	}
	f.h.ServeHTTP(w, r)
}

// After the grace period the erasure job deletes the account's rows and
// document files, keeps its payments without the person, anonymises its
// referral, leaves everyone else's data, and lets the e-mail register
// again; a run that fails half-way is finished by the next, on another
// server.
func TestErasure(t *testing.T) {
	for _, store := range []string{"file", "s3"} {
		t.Run(store, func(t *testing.T) {
			testkit.Each(t, func(t *testing.T, e testkit.Engine) {
				ctx := context.Background()
				env := map[string]string{}
				var s3 *flakyS3
				if store == "s3" {
					s3 = &flakyS3{h: gofakes3.New(s3mem.New()).Server()}
					s3.failAfter.Store(-1)
					hs := httptest.NewServer(s3)
					t.Cleanup(hs.Close)
					u, _ := url.Parse(hs.URL)
					env["KESI_BLOB_URL"] = "s3://key:secret@kesi-docs/prod?insecure=true&region=us-east-1&endpoint=" + u.Host
				}
				srv := testkit.NewServer(t, e, env)
				const email = "kiprono@example.co.ke"
				me := advocate(t, srv, email)
				other := advocate(t, srv, "neighbour@example.co.ke")
				nums, _ := diary(t, srv, me.User.ID, "MINE")
				otherNums, _ := diary(t, srv, other.User.ID, "THEIRS")
				for i, n := range []int64{1, 70_000, 1 << 20} {
					upload(t, srv, me, nums[i%2], "Exhibit", "exhibit.pdf", uint64(i), n)
				}
				upload(t, srv, other, otherNums[0], "Their exhibit", "theirs.pdf", 42, 5000)
				pay(t, srv, me.User.ID, "ref-kiprono")
				aff := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate})
				ref := srv.DB().Referral.Create().SetAffiliateID(aff.ID).SetReferredID(me.User.ID).SaveX(ctx)
				srv.DB().Commission.Create().SetReferralID(ref.ID).SetAffiliateID(aff.ID).SetMonth("2024-12").
					SetAmountMinor(45000).SetCurrency("KES").ExecX(ctx)
				srv.DB().ReminderConsent.Create().SetUserID(me.User.ID).SetSubject("sms").SetGranted(true).
					SetSource("settings").ExecX(ctx)
				keys := srv.DB().Document.Query().Where(document.OwnerID(me.User.ID)).Select(document.FieldBlobKey).StringsX(ctx)

				if _, err := accountClient(me, srv).DeleteAccount(ctx, connectReq(&kesiv1.DeleteAccountRequest{Password: password})); err != nil {
					t.Fatal(err)
				}
				srv.Clock.Advance(7*24*time.Hour + time.Minute)
				if s3 != nil {
					// The store fails after one file: the run stops, recorded.
					s3.failAfter.Store(s3.deletes.Load() + 1)
					if err := srv.App.Jobs.RunOnce(ctx, "erasure"); err == nil {
						t.Fatal("the erasure reported success with the store failing")
					}
					d := srv.DB().AccountDeletion.Query().Where(accountdeletion.UserID(me.User.ID)).OnlyX(ctx)
					if d.ErasedAt != nil || d.LastError == "" || !srv.DB().User.Query().Where(user.ID(me.User.ID)).ExistX(ctx) {
						t.Fatalf("after a failed run: %+v", d)
					}
					if n := srv.DB().Document.Query().Where(document.OwnerID(me.User.ID)).CountX(ctx); n != len(keys)-1 {
						t.Fatalf("%d documents left after one was erased, want %d", n, len(keys)-1)
					}
					s3.failAfter.Store(-1)
				}
				// Another server (a redeploy) finishes the erasure from the state
				// in the database.
				next := srv.Restart(t, nil)
				next.Clock.Set(srv.Clock.Now())
				if err := next.App.Jobs.RunOnce(ctx, "erasure"); err != nil {
					t.Fatal(err)
				}
				db := next.DB()
				id := me.User.ID
				if db.User.Query().Where(user.ID(id)).ExistX(ctx) {
					t.Fatal("the account row is still there")
				}
				for what, n := range map[string]int{
					"cases":      db.CourtCase.Query().Where(courtcase.OwnerID(id)).CountX(ctx),
					"sittings":   db.Activity.Query().Where(activity.OwnerID(id)).CountX(ctx),
					"clients":    db.LawClient.Query().Where(lawclient.OwnerID(id)).CountX(ctx),
					"documents":  db.Document.Query().Where(document.OwnerID(id)).CountX(ctx),
					"payments":   db.Payment.Query().Where(payment.UserID(id)).CountX(ctx),
					"consents":   db.ReminderConsent.Query().Where(reminderconsent.UserID(id)).CountX(ctx),
					"audit":      db.AuditEvent.Query().Where(auditevent.Or(auditevent.UserID(id), auditevent.Email(email))).CountX(ctx),
					"referrals":  db.Referral.Query().Where(referral.ReferredID(id)).CountX(ctx),
					"retained":   1 - db.RetainedPayment.Query().CountX(ctx),
					"commission": 1 - db.Commission.Query().CountX(ctx),
				} {
					if n != 0 {
						t.Errorf("%s: %d left", what, n)
					}
				}
				if rp := db.RetainedPayment.Query().OnlyX(ctx); rp.Reference != "ref-kiprono" || rp.AmountMinor != 150000 {
					t.Errorf("retained payment %+v", rp)
				}
				if r := db.Referral.GetX(ctx, ref.ID); r.ReferredID != uuid.Nil || r.AffiliateID != aff.ID {
					t.Errorf("referral not anonymised: %+v", r)
				}
				bs, err := blob.Open(next.App.Config.BlobURL)
				if err != nil {
					t.Fatal(err)
				}
				for _, k := range keys {
					if rc, err := bs.Get(ctx, k, 0, 1); err == nil {
						rc.Close()
						t.Errorf("document file %s is still stored", k)
					}
				}
				d := db.AccountDeletion.Query().Where(accountdeletion.UserID(id)).OnlyX(ctx)
				if d.ErasedAt == nil || d.StepsDone != "claimed,documents,causelists,reminders,clients,firm,cases,billing,affiliates,auth" {
					t.Errorf("deletion record %+v", d)
				}
				// The neighbour's diary and file are untouched.
				if n := db.Document.Query().Where(document.OwnerID(other.User.ID)).CountX(ctx); n != 1 {
					t.Errorf("the neighbour has %d documents", n)
				}
				if n := db.CourtCase.Query().Where(courtcase.OwnerID(other.User.ID)).CountX(ctx); n != 2 {
					t.Errorf("the neighbour has %d cases", n)
				}
				z, _ := export(t, next.Session(t, db.User.GetX(ctx, other.User.ID)), next)
				entry(t, z, "documents/Their exhibit.pdf")
				// The e-mail address registers again.
				_, err = next.Anonymous().Auth().Register(ctx, connectReq(&kesiv1.RegisterRequest{
					Fullname: "Kiprono Again", Email: email, Password: "Another-pass-99", PhoneNumber: "0712345678"}))
				if err != nil {
					t.Fatalf("register again: %v", err)
				}
				// A second run has nothing to do.
				if err := next.App.Jobs.RunOnce(ctx, "erasure"); err != nil {
					t.Fatal(err)
				}
			})
		})
	}
}

// Once the erasure job has claimed an account (its first step began, here
// cut short by the store), the account signs in no more and a session
// opened in the grace period is ended: nothing it uploads, joins or writes
// from then on could outlive the erasure. Nor can the erasure be cancelled.
func TestErasingAccountSignsInAndWritesNoMore(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		s3 := &flakyS3{h: gofakes3.New(s3mem.New()).Server()}
		s3.failAfter.Store(-1)
		hs := httptest.NewServer(s3)
		t.Cleanup(hs.Close)
		u, _ := url.Parse(hs.URL)
		srv := testkit.NewServer(t, e, map[string]string{
			"KESI_BLOB_URL": "s3://key:secret@kesi-docs/prod?insecure=true&region=us-east-1&endpoint=" + u.Host})
		const email = "wafula@example.co.ke"
		me := advocate(t, srv, email)
		nums, _ := diary(t, srv, me.User.ID, "MINE")
		upload(t, srv, me, nums[0], "Exhibit", "exhibit.pdf", 1, 1000)
		if _, err := accountClient(me, srv).DeleteAccount(ctx, connectReq(&kesiv1.DeleteAccountRequest{Password: password})); err != nil {
			t.Fatal(err)
		}
		// In the grace period the account signs in again, and stays signed in.
		grace := signIn(t, srv, email)
		srv.Clock.Advance(7*24*time.Hour + time.Minute)
		s3.failAfter.Store(s3.deletes.Load()) // the documents step fails
		if err := srv.App.Jobs.RunOnce(ctx, "erasure"); err == nil {
			t.Fatal("the erasure reported success with the store failing")
		}
		if !srv.DB().User.Query().Where(user.ID(me.User.ID)).ExistX(ctx) {
			t.Fatal("the account is gone: the erasure was not cut short")
		}

		srv.Anonymous().Do(t, http.MethodPost, "/api/auth/login", map[string]any{"email": email, "password": password}).
			Want(t, http.StatusForbidden, auth.MsgAccountErasing)
		if _, err := grace.Auth().Me(ctx, connectReq(&kesiv1.MeRequest{})); connect.CodeOf(err) != connect.CodeUnauthenticated {
			t.Errorf("the grace-period session still works: %v", err)
		}
		if res := grace.Do(t, http.MethodPost, "/api/auth/refresh", nil); res.Status == http.StatusOK {
			t.Errorf("the grace-period session refreshed: %d %s", res.Status, res.Body)
		}
		before := srv.DB().Document.Query().Where(document.OwnerID(me.User.ID)).CountX(ctx)
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/files/upload", strings.NewReader("--x\r\nContent-Disposition: form-data; name=\"case_id\"\r\n\r\n"+nums[0]+"\r\n--x--\r\n"))
		req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
		if res := grace.Send(t, req); res.Status != http.StatusUnauthorized {
			t.Errorf("an upload of the grace-period session answered %d", res.Status)
		}
		if n := srv.DB().Document.Query().Where(document.OwnerID(me.User.ID)).CountX(ctx); n != before {
			t.Errorf("%d documents after the upload, %d before", n, before)
		}
		d := srv.DB().AccountDeletion.Query().Where(accountdeletion.UserID(me.User.ID)).OnlyX(ctx)
		if d.StepsDone == "" {
			t.Error("the claimed erasure is not recorded: a cancellation would still stop it")
		}

		// The next run finishes it.
		s3.failAfter.Store(-1)
		if err := srv.App.Jobs.RunOnce(ctx, "erasure"); err != nil {
			t.Fatal(err)
		}
		if srv.DB().User.Query().Where(user.ID(me.User.ID)).ExistX(ctx) {
			t.Error("the account row is still there")
		}
	})
}

// An advocate who deletes the account with paid time left is told, in the
// receipt, how many days of it go with the account; one whose subscription
// ends before the erasure is told nothing of the kind.
func TestDeletionReceiptNamesThePaidDaysLost(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		srv := testkit.NewServer(t, e, nil)
		for _, tc := range []struct {
			email    string
			paidFor  time.Duration
			want     string
			wantNone bool
		}{
			// Paid 30 days from now, erased in 7: 23 days are lost.
			{email: "paid@example.co.ke", paidFor: 30 * 24 * time.Hour, want: "Your subscription has 23 days of paid time left after that date. They are lost when the account is deleted."},
			// Part of a day counts as a day, as on Settings.
			{email: "eightdays@example.co.ke", paidFor: 7*24*time.Hour + time.Hour, want: "Your subscription has 1 day of paid time left after that date."},
			{email: "ends@example.co.ke", paidFor: 5 * 24 * time.Hour, wantNone: true},
		} {
			s := advocate(t, srv, tc.email)
			srv.DB().User.UpdateOneID(s.User.ID).SetPaidUntil(srv.Clock.Now().Add(tc.paidFor)).ExecX(ctx)
			if _, err := accountClient(signIn(t, srv, tc.email), srv).DeleteAccount(ctx, connectReq(&kesiv1.DeleteAccountRequest{Password: password})); err != nil {
				t.Fatal(err)
			}
			mails := srv.Mails(t, tc.email)
			if len(mails) == 0 {
				t.Fatalf("%s: no receipt", tc.email)
			}
			text := mails[len(mails)-1].Text
			if tc.wantNone && strings.Contains(text, "paid time") {
				t.Errorf("%s: receipt speaks of paid time lost though none is:\n%s", tc.email, text)
			}
			if !tc.wantNone && !strings.Contains(text, tc.want) {
				t.Errorf("%s: receipt does not say %q:\n%s", tc.email, tc.want, text)
			}
		}
	})
}
