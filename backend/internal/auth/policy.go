package auth

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/bus"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/user"
)

// Rule says who may call one procedure.
type Rule struct {
	// Public procedures need no sign-in (register, login, plans...).
	Public bool
	// Roles that may call; empty with Public false means any signed-in role.
	Roles []Role
	// Subscription requires paid access for lawyers and moderators; demo
	// users never need it.
	Subscription bool
	// Extension lets a browser-extension token call the procedure.
	Extension bool
}

// Policy maps a procedure name (kesiv1connect.XxxProcedure, or a REST-only
// route's own name) to its Rule. Each domain declares its own beside its
// handler; app merges them.
type Policy map[string]Rule

// The role sets of SPEC.md section 6.
var (
	DiaryRoles     = []Role{RoleLawyer, RoleModerator, RoleDemo}
	AffiliateRoles = []Role{RoleAffiliate}
)

// Diary is the rule of every case, client, document and import call.
var Diary = Rule{Roles: DiaryRoles, Subscription: true}

// Messages the doors show when a call is refused.
const (
	MsgSignInRequired       = "Please sign in to continue."
	MsgForbidden            = "Your account cannot use this feature."
	MsgSubscriptionRequired = "An active subscription is required. Choose a plan to continue."
)

// Authorizer checks a procedure's Rule against the caller.
type Authorizer struct {
	db     *ent.Client
	clock  platform.Clock
	policy Policy
	// paid remembers the end of each subscription seen active (user id ->
	// time.Time), to spare a query on every diary call.
	paid sync.Map
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

// Subscribe keeps the remembered subscriptions true to other servers'
// changes: a changed one is forgotten at once, and all of them at the
// bus's backstop reload, in case a message was lost.
func (a *Authorizer) Subscribe(b *bus.Bus) {
	b.Subscribe(TopicSubscriptionChanged, func(payload string) {
		if id, err := uuid.Parse(payload); err == nil {
			a.paid.Delete(id)
		}
	}, func(context.Context) error {
		a.paid.Clear()
		return nil
	})
}

// NewAuthorizer builds an Authorizer over the merged policy.
func NewAuthorizer(db *ent.Client, clock platform.Clock, policies ...Policy) *Authorizer {
	merged := Policy{}
	for _, p := range policies {
		for proc, rule := range p {
			merged[proc] = rule
		}
	}
	return &Authorizer{db: db, clock: clock, policy: merged}
}

// Rule is the rule for procedure, if one is declared.
func (a *Authorizer) Rule(procedure string) (Rule, bool) {
	r, ok := a.policy[procedure]
	return r, ok
}

// Authorize answers nil when the caller in ctx may call procedure. A
// procedure with no declared rule is refused: the policy fails closed.
func (a *Authorizer) Authorize(ctx context.Context, procedure string) error {
	rule, ok := a.policy[procedure]
	if !ok {
		return errs.Internal(fmt.Errorf("no authorization rule for %s", procedure))
	}
	if rule.Public {
		return nil
	}
	p, ok := PrincipalFrom(ctx)
	if !ok {
		return errs.Unauthenticated(MsgSignInRequired)
	}
	if p.Scope == ScopeExtension && !rule.Extension {
		return errs.PermissionDenied("An extension token can only import cases.")
	}
	if len(rule.Roles) > 0 && !slices.Contains(rule.Roles, p.Role) {
		return errs.PermissionDenied(MsgForbidden)
	}
	if rule.Subscription && p.Role != RoleDemo {
		active, err := a.subscribed(ctx, p.UserID)
		if err != nil {
			return err
		}
		if !active {
			return errs.SubscriptionRequired(MsgSubscriptionRequired)
		}
	}
	return nil
}

// subscribed reports whether the user has paid access now. A subscription
// seen active is answered from memory until the end then seen, unless the
// bus says it changed (a refund moves paid_until earlier). An inactive one is
// always read again, so a payment takes effect at once on every server.
func (a *Authorizer) subscribed(ctx context.Context, id uuid.UUID) (bool, error) {
	now := a.clock.Now()
	if until, ok := a.paid.Load(id); ok && until.(time.Time).After(now) {
		return true, nil
	}
	u, err := a.db.User.Query().Where(user.ID(id)).Select(user.FieldPaidUntil).Only(ctx)
	if ent.IsNotFound(err) {
		return false, errs.Unauthenticated(MsgSignInRequired)
	}
	if err != nil {
		return false, errs.Internal(fmt.Errorf("load subscription of %s: %w", id, err))
	}
	if !Active(u.PaidUntil, now) {
		return false, nil
	}
	a.paid.Store(id, *u.PaidUntil)
	return true, nil
}

// Active reports whether a subscription paid until paidUntil is active at now.
func Active(paidUntil *time.Time, now time.Time) bool {
	return paidUntil != nil && paidUntil.After(now)
}

// Interceptor enforces the policy on every Connect call.
func (a *Authorizer) Interceptor() connect.Interceptor { return authInterceptor{a} }

type authInterceptor struct{ a *Authorizer }

func (i authInterceptor) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		if err := i.a.Authorize(ctx, req.Spec().Procedure); err != nil {
			return nil, errs.ToConnect(ctx, err)
		}
		return next(ctx, req)
	}
}

func (i authInterceptor) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

func (i authInterceptor) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		if err := i.a.Authorize(ctx, conn.Spec().Procedure); err != nil {
			return errs.ToConnect(ctx, err)
		}
		return next(ctx, conn)
	}
}
