package auth

import (
	"context"
	"fmt"
	"slices"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/role"
)

// Rule says who may call one procedure.
type Rule struct {
	// Public procedures need no sign-in (register, login, plans...).
	Public bool
	// Roles that may call; empty with Public false means any signed-in role.
	Roles []role.Role
	// Subscription requires paid access, as billing's rules decide it (the
	// demo account never needs it).
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
	DiaryRoles     = []role.Role{role.Lawyer, role.Moderator, role.Demo}
	AffiliateRoles = []role.Role{role.Affiliate}
)

// Diary is the rule of every case, client, document and import call.
var Diary = Rule{Roles: DiaryRoles, Subscription: true}

// Messages the doors show when a call is refused.
const (
	MsgSignInRequired       = "Please sign in to continue."
	MsgForbidden            = "Your account cannot use this feature."
	MsgSubscriptionRequired = "An active subscription is required. Choose a plan to continue."
)

// Subscriptions is the billing domain's answer to a procedure whose rule
// asks for a subscription: whether user id, signed in with role r, has the
// paid access it needs (billing.Subscriptions). Declared here so that auth
// does not depend on billing, which depends on auth for its policy.
type Subscriptions interface {
	Admits(ctx context.Context, id uuid.UUID, r role.Role) (bool, error)
}

// Authorizer checks a procedure's Rule against the caller.
type Authorizer struct {
	subs   Subscriptions
	policy Policy
}

// NewAuthorizer builds an Authorizer over the merged policy; subs decides
// the rules that ask for a subscription.
func NewAuthorizer(subs Subscriptions, policies ...Policy) *Authorizer {
	merged := Policy{}
	for _, p := range policies {
		for proc, rule := range p {
			merged[proc] = rule
		}
	}
	return &Authorizer{subs: subs, policy: merged}
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
	if rule.Subscription {
		active, err := a.subs.Admits(ctx, p.UserID, p.Role)
		if err != nil {
			return err
		}
		if !active {
			return errs.SubscriptionRequired(MsgSubscriptionRequired)
		}
	}
	return nil
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
