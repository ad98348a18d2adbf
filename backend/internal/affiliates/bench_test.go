package affiliates_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/affiliates"
	"github.com/kesihq/kesi/backend/internal/testkit"
)

// BenchmarkCreditMonth measures the monthly job over 1,000 referred paying
// users: once crediting (inserts) and once re-running (all conflicts).
func BenchmarkCreditMonth(b *testing.B) {
	for _, e := range testkit.Engines() {
		b.Run(string(e), func(b *testing.B) {
			srv := testkit.NewServer(b, e, nil)
			ctx := context.Background()
			aff := srv.CreateUser(b, testkit.UserSpec{Role: "affiliate"})
			from := srv.Clock.Now().Add(-10 * day)
			for i := range 1000 {
				u := srv.CreateUser(b, testkit.UserSpec{Unpaid: true, Email: fmt.Sprintf("bench-%d@example.co.ke", i)})
				srv.DB().Referral.Create().SetAffiliateID(aff.ID).SetReferredID(u.ID).ExecX(ctx)
				srv.DB().Payment.Create().
					SetUserID(u.ID).SetPlanID("monthly").SetReference("B-" + uuid.NewString()).
					SetAmountMinor(150000).SetCurrency("KES").SetDurationDays(30).
					SetStatus("success").SetProvider("fake").
					SetAppliedAt(from).SetPaidUntilAfter(from.Add(30 * day)).
					ExecX(ctx)
			}
			svc := affiliates.NewService(srv.DB(), srv.App.Calendar, srv.URL)
			m := affiliates.MonthOf(srv.Clock.Now(), srv.App.Calendar.Location)
			b.Run("first-run", func(b *testing.B) {
				for i := 0; b.Loop(); i++ {
					b.StopTimer()
					srv.DB().Commission.Delete().ExecX(ctx)
					b.StartTimer()
					if n, err := svc.CreditMonth(ctx, m); err != nil || n != 1000 {
						b.Fatalf("credited %d, %v", n, err)
					}
				}
			})
			b.Run("re-run", func(b *testing.B) {
				for b.Loop() {
					if n, err := svc.CreditMonth(ctx, m); err != nil || n != 0 {
						b.Fatalf("credited %d, %v", n, err)
					}
				}
			})
		})
	}
}
