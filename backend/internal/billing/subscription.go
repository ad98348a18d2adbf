package billing

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/bus"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/user"
)

// The subscription rules (DESIGN.md, "Domain"): who must pay for access,
// whether a paid period is running, and how many days are left of it.

// NeedsSubscription reports whether a caller with role r must have an active
// subscription to reach a procedure whose rule asks for one: everyone but the
// demo account, which is free.
func NeedsSubscription(r role.Role) bool { return r != role.Demo }

// Active reports whether a subscription paid until paidUntil is active at now.
func Active(paidUntil *time.Time, now time.Time) bool {
	return paidUntil != nil && paidUntil.After(now)
}

// DaysRemaining is the ceiling of the days from now until paidUntil, floored
// at 0 (SPEC.md section 4): 0 with no subscription or an expired one, 1 for
// the last partial day.
func DaysRemaining(paidUntil *time.Time, now time.Time) int32 {
	if !Active(paidUntil, now) {
		return 0
	}
	d := paidUntil.Sub(now)
	days := d / (24 * time.Hour)
	if d%(24*time.Hour) != 0 {
		days++
	}
	return int32(days)
}

// TopicSubscriptionChanged carries the id of a user whose paid_until moved
// earlier (a refund, an operator's correction): every server forgets what it
// remembered of it.
const TopicSubscriptionChanged = "subscription.changed"

// SubscriptionChanged tells every server, this one first, that the
// subscription of user id changed; call it after the change is committed.
func SubscriptionChanged(ctx context.Context, b *bus.Bus, id uuid.UUID) error {
	return b.Publish(ctx, TopicSubscriptionChanged, id.String())
}

// Subscriptions answers the authorizer's question on every diary call: has
// this caller paid access now? It implements auth.Subscriptions.
type Subscriptions struct {
	db    *ent.Client
	clock platform.Clock
	// paid remembers the end of each subscription seen active (user id ->
	// time.Time), to spare a query on every diary call.
	paid sync.Map
}

var _ auth.Subscriptions = (*Subscriptions)(nil)

// NewSubscriptions builds the check over db; call Subscribe before serving.
func NewSubscriptions(db *ent.Client, clock platform.Clock) *Subscriptions {
	return &Subscriptions{db: db, clock: clock}
}

// Subscribe keeps the remembered subscriptions true to other servers'
// changes: a changed one is forgotten at once, and all of them at the
// bus's backstop reload, in case a message was lost.
func (s *Subscriptions) Subscribe(b *bus.Bus) {
	b.Subscribe(TopicSubscriptionChanged, func(payload string) {
		if id, err := uuid.Parse(payload); err == nil {
			s.paid.Delete(id)
		}
	}, func(context.Context) error {
		s.paid.Clear()
		return nil
	})
}

// Admits reports whether user id, signed in with role r, may reach a
// procedure that needs a subscription. A subscription seen active is
// answered from memory until the end then seen, unless the bus says it
// changed (a refund moves paid_until earlier). An inactive one is always read
// again, so a payment takes effect at once on every server.
func (s *Subscriptions) Admits(ctx context.Context, id uuid.UUID, r role.Role) (bool, error) {
	if !NeedsSubscription(r) {
		return true, nil
	}
	now := s.clock.Now()
	if until, ok := s.paid.Load(id); ok && until.(time.Time).After(now) {
		return true, nil
	}
	u, err := s.db.User.Query().Where(user.ID(id)).Select(user.FieldPaidUntil).Only(ctx)
	if ent.IsNotFound(err) {
		return false, errs.Unauthenticated(auth.MsgSignInRequired)
	}
	if err != nil {
		return false, errs.Internal(fmt.Errorf("load subscription of %s: %w", id, err))
	}
	if !Active(u.PaidUntil, now) {
		return false, nil
	}
	s.paid.Store(id, *u.PaidUntil)
	return true, nil
}
