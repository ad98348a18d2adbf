package reminders

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/phoneverification"
)

// Limits of phone verification.
const (
	CodeTTL        = 10 * time.Minute
	CodeAttempts   = 5 // wrong codes before a code is spent
	CodesPerWindow = 3 // codes sent per window...
	CodeWindow     = 15 * time.Minute
	CodesPerDay    = 10
)

// Messages of phone verification.
const (
	MsgNoPhone      = "Add your phone number to your profile first."
	MsgCodeWrong    = "That code is wrong or has expired. Request a new one."
	MsgTooManyCodes = "Too many codes were sent. Try again later."
	MsgPhoneChanged = "Your phone number changed since the code was sent. Request a new one."
)

// NormalizePhone writes a Kenyan or international number in E.164
// ("+254712345678"): 0712 345 678, 254712345678 and +254 712 345 678 are
// the same number.
func NormalizePhone(s string) (string, bool) {
	var b strings.Builder
	for i, r := range strings.TrimSpace(s) {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && i == 0:
		case r == ' ' || r == '-' || r == '(' || r == ')':
		default:
			return "", false
		}
	}
	d := b.String()
	switch {
	case strings.HasPrefix(strings.TrimSpace(s), "+"):
	case len(d) == 10 && d[0] == '0':
		d = "254" + d[1:]
	case len(d) == 9 && (d[0] == '7' || d[0] == '1'):
		d = "254" + d
	}
	if len(d) < 10 || len(d) > 15 || d[0] == '0' {
		return "", false
	}
	return "+" + d, true
}

func (s *Service) codeHash(userID uuid.UUID, phone, code string) string {
	mac := hmac.New(sha256.New, s.codeKey)
	fmt.Fprintf(mac, "%s|%s|%s", userID, phone, code)
	return hex.EncodeToString(mac.Sum(nil))
}

// StartPhoneVerification sends a 6-digit code by SMS to the profile's
// number and answers the number and when the code expires.
func (s *Service) StartPhoneVerification(ctx context.Context, userID uuid.UUID) (string, time.Time, error) {
	p, err := s.profile(ctx, userID)
	if err != nil {
		return "", time.Time{}, err
	}
	if p.Phone == "" {
		return "", time.Time{}, errs.FailedPrecondition(MsgNoPhone)
	}
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", time.Time{}, errs.Internal(err)
	}
	code := fmt.Sprintf("%06d", n.Int64())
	now := s.cal.Now().UTC()
	expires := now.Add(CodeTTL)
	var msg *ent.ReminderMessage
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		// Requests of one advocate take turns from here: the update, which
		// changes nothing, locks the settings row on Postgres and takes the
		// write lock on SQLite. Codes asked for all at once are then
		// counted as codes asked for one by one.
		row, err := ensureRow(ctx, tx, userID)
		if err != nil {
			return err
		}
		if err := row.Update().SetUpdatedAt(row.UpdatedAt).Exec(ctx); err != nil {
			return err
		}
		recent, err := tx.PhoneVerification.Query().
			Where(phoneverification.UserID(userID), phoneverification.CreatedAtGT(now.Add(-24*time.Hour))).
			Select(phoneverification.FieldCreatedAt).All(ctx)
		if err != nil {
			return fmt.Errorf("count codes of %s: %w", userID, err)
		}
		inWindow := 0
		for _, v := range recent {
			if v.CreatedAt.After(now.Add(-CodeWindow)) {
				inWindow++
			}
		}
		if inWindow >= CodesPerWindow || len(recent) >= CodesPerDay {
			return errs.TooManyRequests(MsgTooManyCodes)
		}
		// A new code spends the earlier ones.
		if _, err := tx.PhoneVerification.Update().
			Where(phoneverification.UserID(userID), phoneverification.UsedAtIsNil()).
			SetUsedAt(now).Save(ctx); err != nil {
			return err
		}
		v, err := tx.PhoneVerification.Create().SetUserID(userID).SetPhone(p.Phone).
			SetCodeHash(s.codeHash(userID, p.Phone, code)).SetExpiresAt(expires).SetCreatedAt(now).Save(ctx)
		if err != nil {
			return err
		}
		msg, err = tx.ReminderMessage.Create().SetUserID(userID).SetKind(KindVerification).
			SetDay(s.cal.DayOf(now).String()).SetChannel(SMS).SetKey("verification|" + v.ID.String()).
			SetRecipient(p.Phone).
			SetText(fmt.Sprintf("Your Kesi verification code is %s. It expires in %d minutes.", code, int(CodeTTL/time.Minute))).
			SetNextAttemptAt(now).SetCreatedAt(now).SetUpdatedAt(now).Save(ctx)
		return err
	})
	if err != nil {
		if _, ok := errs.As(err); ok {
			return "", time.Time{}, err
		}
		return "", time.Time{}, errs.Internal(fmt.Errorf("start verification of %s: %w", userID, err))
	}
	// Sent at once, not by the job: the advocate is waiting for it.
	if err := s.deliver(ctx, msg); err != nil {
		return "", time.Time{}, err
	}
	return p.Phone, expires, nil
}

// ConfirmPhoneVerification checks the code and marks the profile's number
// verified.
func (s *Service) ConfirmPhoneVerification(ctx context.Context, userID uuid.UUID, code string) (Settings, error) {
	code = strings.TrimSpace(code)
	if len(code) != 6 || strings.Trim(code, "0123456789") != "" {
		return Settings{}, errs.Invalid("code", "Enter the 6-digit code from the SMS.")
	}
	p, err := s.profile(ctx, userID)
	if err != nil {
		return Settings{}, err
	}
	now := s.cal.Now().UTC()
	v, err := s.db.PhoneVerification.Query().
		Where(phoneverification.UserID(userID), phoneverification.UsedAtIsNil(), phoneverification.ExpiresAtGT(now)).
		Order(ent.Desc(phoneverification.FieldCreatedAt)).First(ctx)
	if ent.IsNotFound(err) {
		return Settings{}, errs.Invalid("code", MsgCodeWrong)
	}
	if err != nil {
		return Settings{}, errs.Internal(fmt.Errorf("load verification of %s: %w", userID, err))
	}
	if v.Phone != p.Phone {
		return Settings{}, errs.Invalid("code", MsgPhoneChanged)
	}
	// Count the try before comparing, in one statement that refuses past
	// the limit: guesses sent all at once get no more tries than guesses
	// sent one by one.
	n, err := s.db.PhoneVerification.Update().
		Where(phoneverification.ID(v.ID), phoneverification.UsedAtIsNil(), phoneverification.AttemptsLT(CodeAttempts)).
		AddAttempts(1).Save(ctx)
	if err != nil {
		return Settings{}, errs.Internal(fmt.Errorf("count verification try of %s: %w", userID, err))
	}
	if n == 0 || !hmac.Equal([]byte(v.CodeHash), []byte(s.codeHash(userID, v.Phone, code))) {
		return Settings{}, errs.Invalid("code", MsgCodeWrong)
	}
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		// Single use: only the request that marks it used verifies.
		n, err := tx.PhoneVerification.Update().
			Where(phoneverification.ID(v.ID), phoneverification.UsedAtIsNil(), phoneverification.AttemptsLTE(CodeAttempts)).
			SetUsedAt(now).Save(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return errs.Invalid("code", MsgCodeWrong)
		}
		row, err := ensureRow(ctx, tx, userID)
		if err != nil {
			return err
		}
		return row.Update().SetVerifiedPhone(v.Phone).SetUpdatedAt(now).Exec(ctx)
	})
	if err != nil {
		if _, ok := errs.As(err); ok {
			return Settings{}, err
		}
		return Settings{}, errs.Internal(fmt.Errorf("confirm verification of %s: %w", userID, err))
	}
	return s.Settings(ctx, userID)
}
