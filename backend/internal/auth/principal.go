// Package auth is sign-in: registration, passwords, sessions, two-step
// sign-in, password resets, extension tokens, and the rules of who may call
// what. The middleware authenticates each request once; the Authorizer
// checks each procedure's Rule for both doors. The profile and preferences
// are the account domain's, the subscription rules billing's, referrals the
// affiliates'; auth reaches them through the small interfaces it declares
// (Profiles, Subscriptions, Referrals), so that none of them is imported here.
package auth

import (
	"context"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/role"
)

// Scope limits what a credential may do.
type Scope string

// The scopes: a web session may do all its role allows; an extension token
// may only import.
const (
	ScopeSession   Scope = "session"
	ScopeExtension Scope = "extension"
)

// Principal is the authenticated caller of a request.
type Principal struct {
	UserID   uuid.UUID
	Role     role.Role
	Scope    Scope
	FamilyID uuid.UUID // the session's refresh-token family; zero for extension tokens
	// ExtensionTokenID is the extension token's id; zero for sessions.
	ExtensionTokenID uuid.UUID
}

type principalKey struct{}

// WithPrincipal records p as the caller in ctx.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// PrincipalFrom is the caller recorded in ctx, if any.
func PrincipalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}

// MustPrincipal is the caller of a procedure whose Rule requires one; the
// Authorizer has already refused calls without one, so a missing principal
// is a wiring bug.
func MustPrincipal(ctx context.Context) Principal {
	p, ok := PrincipalFrom(ctx)
	if !ok {
		panic("auth: no principal in context; is the procedure's rule public?")
	}
	return p
}
