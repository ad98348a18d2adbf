package affiliates_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/affiliates"
	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/referral"
	"github.com/kesihq/kesi/ent/user"
)

// cheap hashes a test password quickly; checking it works all the same.
var cheap = auth.PasswordParams{Memory: 1024, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}

// failAfterRecord records the referral as affiliates.Referrals does, then
// fails, as a registration whose last step breaks.
type failAfterRecord struct{ affiliates.Referrals }

var errBroken = errors.New("broken after the referral")

func (f failAfterRecord) Record(ctx context.Context, tx *ent.Client, referred uuid.UUID, code string, now time.Time) error {
	if err := f.Referrals.Record(ctx, tx, referred, code, now); err != nil {
		return err
	}
	return errBroken
}

func TestReferral_RecordedWithTheRegistrationOrNotAtAll(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		aff := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate})
		in := func(email string) auth.RegisterInput {
			return auth.RegisterInput{Fullname: "Achieng Otieno", Email: email, Password: "mahakama-2025-kesi",
				PhoneNumber: "0711000111", ReferralCode: " " + *aff.AffiliateCode + " "}
		}

		if _, err := auth.AddUser(ctx, srv.DB(), failAfterRecord{}, srv.Clock.Now(), in("achieng@example.co.ke"), role.Lawyer, cheap); err == nil {
			t.Fatal("a registration that broke after its referral answered no error")
		}
		if n := srv.DB().User.Query().Where(user.Email("achieng@example.co.ke")).CountX(ctx); n != 0 {
			t.Errorf("a failed registration left %d accounts", n)
		}
		if n := srv.DB().Referral.Query().Where(referral.AffiliateID(aff.ID)).CountX(ctx); n != 0 {
			t.Errorf("a failed registration left %d referrals to its affiliate", n)
		}

		u, err := auth.AddUser(ctx, srv.DB(), affiliates.Referrals{}, srv.Clock.Now(), in("otieno@example.co.ke"), role.Lawyer, cheap)
		if err != nil {
			t.Fatalf("register with the affiliate's code: %v", err)
		}
		if n := srv.DB().Referral.Query().Where(referral.AffiliateID(aff.ID), referral.ReferredID(u.ID)).CountX(ctx); n != 1 {
			t.Errorf("the registration recorded %d referrals to its affiliate, want 1", n)
		}
	})
}

func TestReferral_UnknownCodeIsIgnored(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		u, err := auth.AddUser(ctx, srv.DB(), affiliates.Referrals{}, srv.Clock.Now(), auth.RegisterInput{
			Fullname: "Wanjiru Kamau", Email: "wanjiru@example.co.ke", Password: "mahakama-2025-kesi", ReferralCode: "NOSUCH22",
		}, role.Lawyer, cheap)
		if err != nil {
			t.Fatalf("an unknown referral code refused the registration: %v", err)
		}
		if n := srv.DB().Referral.Query().Where(referral.ReferredID(u.ID)).CountX(ctx); n != 0 {
			t.Errorf("an unknown code recorded %d referrals", n)
		}
	})
}

func TestReferral_NewCodeReadsAloud(t *testing.T) {
	for range 100 {
		c := affiliates.Referrals{}.NewCode()
		if len(c) != 8 {
			t.Fatalf("code %q is not 8 characters", c)
		}
		for _, r := range c {
			if r == '0' || r == 'O' || r == '1' || r == 'I' {
				t.Fatalf("code %q has a character easily misread", c)
			}
		}
	}
}
