package billing_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/billing"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// A subscription ended early on one server (a refund) answers 402 on every
// server at once, although the others remembered it as paid.
func TestSubscription_EndedOnOneServerEndsOnAll(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		one := testkit.NewServer(t, e, nil)
		two := one.Restart(t, nil)
		ctx := context.Background()
		u := one.CreateUser(t, testkit.UserSpec{})
		onTwo := two.Session(t, u)
		list := func() error {
			_, err := onTwo.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{}))
			return err
		}
		if err := list(); err != nil {
			t.Fatalf("a paid lawyer on the second server: %v", err)
		}
		// The first server ends it (as a refund does) and says so.
		one.DB().User.UpdateOneID(u.ID).SetPaidUntil(one.Clock.Now().Add(-time.Hour)).ExecX(ctx)
		if err := billing.SubscriptionChanged(ctx, one.App.Bus, u.ID); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(5 * time.Second)
		for {
			err := list()
			if err != nil {
				var ce *connect.Error
				if !errors.As(err, &ce) || ce.Message() != auth.MsgSubscriptionRequired {
					t.Fatalf("the second server refuses with %v, want %q", err, auth.MsgSubscriptionRequired)
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the second server still serves an ended subscription: %v", err)
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
}
