package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"math/big"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/notify"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/passwordreset"
	"github.com/kesihq/kesi/ent/user"
)

// Reset-code limits (DESIGN.md, "Identity and sessions").
const (
	ResetCodeTTL      = 10 * time.Minute
	ResetCodeAttempts = 5
)

// Why a reset code is refused, so that the screen can say what to do.
const (
	// No live code: it expired, was used, was replaced by a newer one, or
	// the address has no account (the same words, so as not to tell).
	MsgResetCodeExpired = "This code has expired or was already used. Please request a new one."
	// The code died after ResetCodeAttempts wrong tries.
	MsgResetCodeLocked = "Too many wrong codes. Please request a new one."
	// Format of the message when the attempts limit refuses; %d minutes.
	MsgResetTooManyFormat = "Too many attempts. Please wait %d minutes and try again."
)

// resetCodeWrong is the message for a wrong code with tries left.
func resetCodeWrong(left int) string {
	if left == 1 {
		return "The code is wrong. 1 try left before you need a new code."
	}
	return fmt.Sprintf("The code is wrong. %d tries left before you need a new code.", left)
}

// RequestPasswordReset mails a fresh six-digit code to the account of email,
// replacing any earlier one. An unknown address gets the same answer, as
// fast, and no mail, so the form cannot tell who has an account: the mail
// goes after the answer.
func (s *Service) RequestPasswordReset(ctx context.Context, email string) error {
	email = NormalizeEmail(email)
	if err := ValidateEmail(email); err != nil {
		return err
	}
	// Every request counts: each may send a mail.
	if _, err := s.enter(ctx, &s.resetRequest, email); err != nil {
		return err
	}
	// Everything that depends on whether the address has an account (the
	// lookup, the code, the mail) happens after the answer, which is
	// therefore the same, in content and in time, for every address.
	s.bg.later(ctx, "reset code mail", email, func(ctx context.Context) error {
		return s.sendResetCode(ctx, email)
	})
	return nil
}

// sendResetCode stores a fresh code for the account of email and mails it;
// an unknown address gets nothing.
func (s *Service) sendResetCode(ctx context.Context, email string) error {
	u, err := s.db.User.Query().Where(user.Email(email)).Only(ctx)
	if ent.IsNotFound(err) {
		s.audit(ctx, AuditResetRequested, nil, email, "unknown address")
		return nil
	}
	if err != nil {
		return (fmt.Errorf("load user %s: %w", email, err))
	}
	code, err := newResetCode()
	if err != nil {
		return err
	}
	now := s.clock.Now().UTC()
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		// One live code per account: a new request kills the old code.
		if _, err := tx.PasswordReset.Delete().
			Where(passwordreset.UserID(u.ID), passwordreset.UsedAtIsNil()).
			Exec(ctx); err != nil {
			return err
		}
		return tx.PasswordReset.Create().
			SetUserID(u.ID).
			SetCodeHash(s.codeHash(u.ID, code)).
			SetCreatedAt(now).
			SetExpiresAt(now.Add(ResetCodeTTL)).
			Exec(ctx)
	})
	if err != nil {
		return (fmt.Errorf("store reset code of %s: %w", u.ID, err))
	}
	msg, err := notify.ResetCodeMessage(notify.ResetCode{
		To:       u.Email,
		Fullname: u.Fullname,
		Code:     code,
		Minutes:  int(ResetCodeTTL / time.Minute),
		LoginURL: s.publicURL + "/login",
	})
	if err != nil {
		return err
	}
	if err := s.mailer.Send(ctx, msg); err != nil {
		return (fmt.Errorf("mail reset code to %s: %w", u.Email, err))
	}
	s.audit(ctx, AuditResetRequested, &u.ID, u.Email, "")
	return nil
}

// ChangePassword sets a new password with a mailed code. The code works
// once, for ResetCodeTTL, and dies after ResetCodeAttempts wrong tries. A
// reset ends every session and extension connection of the account.
func (s *Service) ChangePassword(ctx context.Context, email, code, newPassword string) error {
	email = NormalizeEmail(email)
	if err := ValidateEmail(email); err != nil {
		return err
	}
	if !validCode(code) {
		return errs.Invalid("reset_code", MsgCodeFormat)
	}
	// The rules that need the account's name wait for a right code, so that
	// the form tells nothing of an account to someone without its mail.
	if err := CheckNewPassword("new_password", newPassword, email, ""); err != nil {
		return err
	}
	attempt, err := s.enter(ctx, &s.resetCode, email)
	if err != nil {
		if e, ok := errs.As(err); ok && e.Kind == errs.KindTooManyRequests {
			minutes := int((s.limitWindow + time.Minute - 1) / time.Minute)
			return errs.TooManyRequests(fmt.Sprintf(MsgResetTooManyFormat, minutes))
		}
		return err
	}
	failWith := func(userID *uuid.UUID, message string) error {
		s.audit(ctx, AuditResetFailed, userID, email, "")
		return errs.Invalid("reset_code", message)
	}
	fail := func(userID *uuid.UUID) error { return failWith(userID, MsgResetCodeExpired) }
	now := s.clock.Now().UTC()
	u, err := s.db.User.Query().Where(user.Email(email)).Only(ctx)
	if ent.IsNotFound(err) {
		return fail(nil)
	}
	if err != nil {
		return errs.Internal(fmt.Errorf("load user %s: %w", email, err))
	}
	pr, err := s.db.PasswordReset.Query().
		Where(passwordreset.UserID(u.ID), passwordreset.UsedAtIsNil()).
		Order(ent.Desc(passwordreset.FieldCreatedAt)).
		First(ctx)
	if ent.IsNotFound(err) {
		return fail(&u.ID)
	}
	if err != nil {
		return errs.Internal(fmt.Errorf("load reset code of %s: %w", u.ID, err))
	}
	if !pr.ExpiresAt.After(now) {
		return fail(&u.ID)
	}
	// Count the try before comparing, in one statement that refuses past
	// the limit: parallel guesses from many addresses get no more tries.
	n, err := s.db.PasswordReset.Update().
		Where(passwordreset.ID(pr.ID), passwordreset.UsedAtIsNil(), passwordreset.AttemptsLT(ResetCodeAttempts)).
		AddAttempts(1).
		Save(ctx)
	if err != nil {
		return errs.Internal(fmt.Errorf("count reset attempt of %s: %w", u.ID, err))
	}
	if n == 0 {
		return failWith(&u.ID, MsgResetCodeLocked)
	}
	if !hmac.Equal(s.codeHash(u.ID, code), pr.CodeHash) {
		if left := ResetCodeAttempts - pr.Attempts - 1; left > 0 {
			return failWith(&u.ID, resetCodeWrong(left))
		}
		return failWith(&u.ID, MsgResetCodeLocked)
	}
	if err := s.checkNewPassword(u, "new_password", newPassword); err != nil {
		return err
	}
	release, err := s.hashSlot(ctx)
	if err != nil {
		return err
	}
	hash, err := HashPassword(newPassword, s.params)
	release()
	if err != nil {
		return errs.Internal(err)
	}
	used := false
	var ended []uuid.UUID
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		// Claim the code only if it is still unused and alive: of two
		// requests racing with one code, one wins.
		n, err := tx.PasswordReset.Update().
			Where(passwordreset.ID(pr.ID), passwordreset.UsedAtIsNil(), passwordreset.AttemptsLTE(ResetCodeAttempts)).
			SetUsedAt(now).
			Save(ctx)
		if err != nil || n == 0 {
			return err
		}
		used = true
		if err := tx.User.UpdateOneID(u.ID).SetPasswordHash(hash).SetUpdatedAt(now).Exec(ctx); err != nil {
			return err
		}
		// Whoever held the account before the reset is out: every session
		// and every extension connection.
		if ended, err = s.revokeAll(ctx, tx, u.ID); err != nil {
			return err
		}
		return s.revokeExtensionTokens(ctx, tx, u.ID)
	})
	if err != nil {
		return errs.Internal(fmt.Errorf("reset password of %s: %w", u.ID, err))
	}
	if !used {
		return fail(&u.ID)
	}
	s.announceRevoked(ctx, ended...)
	if err := attempt.succeeded(ctx); err != nil {
		return err
	}
	// The new password is the owner's: earlier wrong sign-ins from here lapse.
	if err := s.login.pair.Clear(ctx, attempt.pairKey); err != nil {
		return errs.Internal(err)
	}
	s.audit(ctx, AuditReset, &u.ID, u.Email, "")
	return nil
}

// newResetCode is six digits from crypto/rand, leading zeros kept.
func newResetCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", fmt.Errorf("reset code: %w", err)
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// codeHash keys the code's hash with a server secret and binds it to the
// account, so that a copy of the table alone does not reveal codes.
func (s *Service) codeHash(userID uuid.UUID, code string) []byte {
	m := hmac.New(sha256.New, s.resetKey)
	m.Write(userID[:])
	m.Write([]byte(code))
	return m.Sum(nil)
}
