package auth

import (
	"context"
	"time"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/ratelimit"
)

// Limits of the auth service beyond those configured per account and address.
const (
	// RegistrationsPerAddress is how many accounts one address may open in
	// RegistrationWindow.
	RegistrationsPerAddress = 10
	RegistrationWindow      = time.Hour
	// DefaultSlowDown is the wait added to every sign-in attempt on an
	// account that has had more failures than the per-account limit from
	// anywhere: guessing gets slow while the owner still gets in.
	DefaultSlowDown = 2 * time.Second
)

// gate guards one kind of attempt (signing in, asking for or guessing a
// reset code) with two limits taken before any work: one per account and
// address, so that a stranger's failures never lock the owner out, and one
// per address, so that one address cannot spray many accounts.
type gate struct {
	name    string // the audit log's detail
	pair    *ratelimit.Limiter
	address *ratelimit.Limiter
}

func newGate(store *ratelimit.Store, name string, o Options) gate {
	return gate{
		name:    name,
		pair:    &ratelimit.Limiter{Store: store, Prefix: name, Limit: o.RateLimitPerAccount, Window: o.RateLimitWindow},
		address: &ratelimit.Limiter{Store: store, Prefix: name + "-address", Limit: o.RateLimitPerAddress, Window: o.RateLimitWindow},
	}
}

// addressKey is the caller's address as every per-address limit keys it:
// an IPv6 address by its /64, which one host holds whole.
func addressKey(ctx context.Context) string {
	return ratelimit.AddressKey(platform.ClientFrom(ctx).IP)
}

// pass is an attempt admitted through a gate.
type pass struct {
	g                *gate
	pairKey, addrKey string
}

// enter reserves the attempt's slots, or refuses with 429 when the account
// and address, or the address, are over their limit. Of any number of
// parallel attempts at most the limit get through.
func (s *Service) enter(ctx context.Context, g *gate, email string) (pass, error) {
	addr := addressKey(ctx)
	p := pass{g: g, pairKey: email + "|" + addr, addrKey: addr}
	ok, err := g.pair.Take(ctx, p.pairKey)
	if err != nil {
		return p, errs.Internal(err)
	}
	if ok {
		if ok, err = g.address.Take(ctx, p.addrKey); err != nil {
			return p, errs.Internal(err)
		}
		if !ok {
			// The attempt is not made: it does not count against the account.
			if err := g.pair.Give(ctx, p.pairKey); err != nil {
				return p, errs.Internal(err)
			}
		}
	}
	if !ok {
		s.audit(ctx, AuditRateLimited, nil, email, g.name)
		return p, errs.TooManyRequests(MsgTooManyAttempts)
	}
	return p, nil
}

// succeeded forgets the account-and-address failures and gives the address
// its slot back: a caller who proved who they are used up nothing.
func (p pass) succeeded(ctx context.Context) error {
	if err := p.g.pair.Clear(ctx, p.pairKey); err != nil {
		return errs.Internal(err)
	}
	if err := p.g.address.Give(ctx, p.addrKey); err != nil {
		return errs.Internal(err)
	}
	return nil
}

// slowDown waits before a sign-in attempt on an account that strangers are
// guessing at: more failures than the per-account limit from all addresses
// together. The owner is slowed, never locked out.
func (s *Service) slowDown(ctx context.Context, email string) error {
	n, err := s.loginFailures.Count(ctx, email)
	if err != nil {
		return errs.Internal(err)
	}
	if n < s.loginFailures.Limit || s.slowDownBy <= 0 {
		return nil
	}
	t := time.NewTimer(s.slowDownBy)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
