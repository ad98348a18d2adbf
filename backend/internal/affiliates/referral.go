package affiliates

import (
	"context"
	"crypto/rand"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/user"
)

// Referrals is the programme's part in a registration: an affiliate's code,
// and the referral a registration with an affiliate's code records. It
// implements auth.Referrals; registration calls it inside its own
// transaction, so that a failed registration leaves no referral behind.
type Referrals struct{}

var _ auth.Referrals = Referrals{}

// codeAlphabet has no 0/O or 1/I, so codes survive being read aloud.
const codeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// NewCode is a random 8-character affiliate code.
func (Referrals) NewCode() string {
	b := make([]byte, 8)
	rand.Read(b)
	for i := range b {
		// 32 letters divide 256, so every letter is equally likely.
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b)
}

// Record records that referred registered with the affiliate code code, in
// tx. A code that names no affiliate (or the new account itself) is
// ignored: the person still gets an account.
func (Referrals) Record(ctx context.Context, tx *ent.Client, referred uuid.UUID, code string, now time.Time) error {
	code = strings.ToUpper(strings.TrimSpace(code))
	if code == "" {
		return nil
	}
	aff, err := tx.User.Query().
		Where(user.AffiliateCode(code), user.RoleEQ(user.RoleAffiliate), user.IDNEQ(referred)).
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	_, err = tx.Referral.Create().SetAffiliateID(aff.ID).SetReferredID(referred).SetCreatedAt(now).Save(ctx)
	return err
}
