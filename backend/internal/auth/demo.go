package auth

import (
	"context"
	"errors"
	"fmt"

	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/user"
)

// The demo account of DESIGN.md; its credentials are public by design.
const (
	DemoEmail    = "demo@kesi.app"
	DemoPassword = "kesi-demo"
	DemoFullname = "Demo Advocate"
	DemoPhone    = "0700000000"
)

// demoParams are cheap: the demo password is published on the login page,
// so a costly hash would protect nothing and slow every start.
var demoParams = PasswordParams{Memory: 8 * 1024, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}

// EnsureDemoAccount creates the demo account, or repairs it (role, name,
// password, no subscription, no affiliate code) if a visitor changed it.
// Its data set belongs to the case diary.
func EnsureDemoAccount(ctx context.Context, db *ent.Client) (Identity, error) {
	u, err := ensureDemoAccount(ctx, db)
	if err != nil {
		return Identity{}, err
	}
	return identityOf(u), nil
}

func ensureDemoAccount(ctx context.Context, db *ent.Client) (*ent.User, error) {
	u, err := db.User.Query().Where(user.Email(DemoEmail)).Only(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return nil, fmt.Errorf("load demo account: %w", err)
	}
	if u != nil {
		ok, err := CheckPassword(DemoPassword, u.PasswordHash)
		if err != nil && !errors.Is(err, ErrBadHash) {
			return nil, err
		}
		if ok && u.Role == user.RoleDemo && u.Fullname == DemoFullname && u.PhoneNumber == DemoPhone &&
			u.PaidUntil == nil && u.AffiliateCode == nil && u.ProfileImage == "" {
			return u, nil
		}
	}
	hash, err := HashPassword(DemoPassword, demoParams)
	if err != nil {
		return nil, err
	}
	if u == nil {
		u, err = db.User.Create().
			SetEmail(DemoEmail).
			SetFullname(DemoFullname).
			SetPhoneNumber(DemoPhone).
			SetPasswordHash(hash).
			SetRole(user.RoleDemo).
			Save(ctx)
		if ent.IsConstraintError(err) {
			// Another server created it at the same moment.
			return db.User.Query().Where(user.Email(DemoEmail)).Only(ctx)
		}
		if err != nil {
			return nil, fmt.Errorf("create demo account: %w", err)
		}
		return u, nil
	}
	u, err = u.Update().
		SetFullname(DemoFullname).
		SetPhoneNumber(DemoPhone).
		SetPasswordHash(hash).
		SetRole(user.RoleDemo).
		SetProfileImage("").
		ClearPaidUntil().
		ClearAffiliateCode().
		Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("repair demo account: %w", err)
	}
	return u, nil
}
