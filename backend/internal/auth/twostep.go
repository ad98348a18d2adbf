package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/documents/sealed"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/twostep"
	"github.com/kesihq/kesi/ent/twosteprecoverycode"
)

// Two-step sign-in: a code from an authenticator app (TOTP) after the
// password, or one of ten single-use recovery codes.
const (
	MsgTwoStepCodeRequired = "Enter the 6-digit code from your authenticator app."
	MsgTwoStepCodeWrong    = "That code is not right. Check that your phone's clock is set automatically and try again."
	MsgRecoveryCodeWrong   = "That recovery code is not right or was already used."
	MsgTwoStepAlreadyOn    = "Two-step sign-in is already on."
	MsgTwoStepNotStarted   = "Start the setup again and scan the new QR code."
	MsgTwoStepOff          = "Two-step sign-in is off."
	MsgTwoStepTooMany      = "Too many wrong codes. Please wait a few minutes and try again."

	// RecoveryCodeCount is how many recovery codes an account gets.
	RecoveryCodeCount = 10
	// TwoStepAttemptsPerAccount bounds code guesses on one account from every
	// address together per rate-limit window; each address alone has the
	// per-account limit.
	TwoStepAttemptsPerAccount = 30
)

// The audit kinds of two-step sign-in.
const (
	AuditTwoStepEnabled      = "two_step_enabled"
	AuditTwoStepDisabled     = "two_step_disabled"
	AuditTwoStepFailed       = "two_step_failed"
	AuditRecoveryCodeUsed    = "recovery_code_used"
	AuditRecoveryCodesRenewd = "recovery_codes_regenerated"
)

// TwoStepStatus is what Settings shows.
type TwoStepStatus struct {
	Enabled           bool
	EnabledAt         time.Time
	RecoveryCodesLeft int
}

// twoStepLabel binds a sealed secret to its account: a row copied to
// another account does not open.
func twoStepLabel(userID uuid.UUID) string { return "two-step:" + userID.String() }

// secretOf opens the TOTP secret of a two-step row.
func (s *Service) secretOf(ts *ent.TwoStep) ([]byte, error) {
	key, err := s.keys.Unwrap(ts.SecretSealed, ts.KeyID, twoStepLabel(ts.UserID))
	if err != nil {
		return nil, fmt.Errorf("open two-step secret of %s: %w", ts.UserID, err)
	}
	return key[:totpSecretBytes], nil
}

// TwoStep answers whether two-step sign-in is on for userID.
func (s *Service) TwoStep(ctx context.Context, userID uuid.UUID) (TwoStepStatus, error) {
	ts, err := s.enabledTwoStep(ctx, s.db, userID)
	if err != nil || ts == nil {
		return TwoStepStatus{}, err
	}
	left, err := s.db.TwoStepRecoveryCode.Query().
		Where(twosteprecoverycode.UserID(userID), twosteprecoverycode.UsedAtIsNil()).
		Count(ctx)
	if err != nil {
		return TwoStepStatus{}, errs.Internal(err)
	}
	return TwoStepStatus{Enabled: true, EnabledAt: *ts.EnabledAt, RecoveryCodesLeft: left}, nil
}

// enabledTwoStep is userID's two-step row when two-step is on, else nil.
func (s *Service) enabledTwoStep(ctx context.Context, db *ent.Client, userID uuid.UUID) (*ent.TwoStep, error) {
	ts, err := db.TwoStep.Query().Where(twostep.UserID(userID), twostep.EnabledAtNotNil()).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("load two-step of %s: %w", userID, err))
	}
	return ts, nil
}

// StartTwoStepSetup makes a new secret for userID, replacing a setup not
// yet confirmed, and answers it in base32 and as an otpauth:// URI.
func (s *Service) StartTwoStepSetup(ctx context.Context, userID uuid.UUID) (secret, uri string, err error) {
	u, err := s.userByID(ctx, userID)
	if err != nil {
		return "", "", err
	}
	if ts, err := s.enabledTwoStep(ctx, s.db, userID); err != nil {
		return "", "", err
	} else if ts != nil {
		return "", "", errs.FailedPrecondition(MsgTwoStepAlreadyOn)
	}
	// A full data key is sealed (the keyring's unit); its first 160 bits
	// are the secret.
	key := make([]byte, sealed.KeySize)
	if _, err := rand.Read(key); err != nil {
		return "", "", errs.Internal(err)
	}
	wrapped, keyID, err := s.keys.Wrap(key, twoStepLabel(userID))
	if err != nil {
		return "", "", errs.Internal(err)
	}
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		if _, err := tx.TwoStep.Delete().Where(twostep.UserID(userID), twostep.EnabledAtIsNil()).Exec(ctx); err != nil {
			return err
		}
		return tx.TwoStep.Create().SetUserID(userID).SetSecretSealed(wrapped).SetKeyID(keyID).
			SetCreatedAt(s.clock.Now().UTC()).Exec(ctx)
	})
	if err != nil {
		if ent.IsConstraintError(err) {
			// Another request turned it on meanwhile.
			return "", "", errs.FailedPrecondition(MsgTwoStepAlreadyOn)
		}
		return "", "", errs.Internal(fmt.Errorf("store two-step secret of %s: %w", userID, err))
	}
	secretBytes := key[:totpSecretBytes]
	return base32NoPad.EncodeToString(secretBytes), otpauthURI(secretBytes, u.Email), nil
}

// EnableTwoStep turns two-step sign-in on with a code from the secret of
// StartTwoStepSetup, and answers the recovery codes, shown this once.
func (s *Service) EnableTwoStep(ctx context.Context, userID uuid.UUID, code string) ([]string, error) {
	code = strings.TrimSpace(code)
	if !validCode(code) {
		return nil, errs.Invalid("code", MsgCodeFormat)
	}
	if err := s.takeCodeAttempt(ctx, userID); err != nil {
		return nil, err
	}
	ts, err := s.db.TwoStep.Query().Where(twostep.UserID(userID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, errs.FailedPrecondition(MsgTwoStepNotStarted)
	}
	if err != nil {
		return nil, errs.Internal(err)
	}
	if ts.EnabledAt != nil {
		return nil, errs.FailedPrecondition(MsgTwoStepAlreadyOn)
	}
	key, err := s.secretOf(ts)
	if err != nil {
		return nil, errs.Internal(err)
	}
	now := s.clock.Now().UTC()
	step, ok := matchTOTP(key, code, now)
	if !ok {
		s.audit(ctx, AuditTwoStepFailed, &userID, "", "setup")
		return nil, errs.Invalid("code", MsgTwoStepCodeWrong)
	}
	codes, hashes, err := s.newRecoveryCodes(userID)
	if err != nil {
		return nil, errs.Internal(err)
	}
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		n, err := tx.TwoStep.Update().
			Where(twostep.ID(ts.ID), twostep.EnabledAtIsNil()).
			SetEnabledAt(now).SetLastStep(step).Save(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return errs.FailedPrecondition(MsgTwoStepNotStarted)
		}
		return s.replaceRecoveryCodes(ctx, tx, userID, hashes, now)
	})
	if err != nil {
		if _, ok := errs.As(err); ok {
			return nil, err
		}
		return nil, errs.Internal(fmt.Errorf("enable two-step of %s: %w", userID, err))
	}
	s.clearCodeAttempts(ctx, userID)
	s.audit(ctx, AuditTwoStepEnabled, &userID, "", "")
	return codes, nil
}

// DisableTwoStep turns two-step sign-in off given the password and a code
// from the app or a recovery code.
func (s *Service) DisableTwoStep(ctx context.Context, userID uuid.UUID, password, code string) error {
	u, err := s.userByID(ctx, userID)
	if err != nil {
		return err
	}
	ts, err := s.enabledTwoStep(ctx, s.db, userID)
	if err != nil {
		return err
	}
	if ts == nil {
		return errs.FailedPrecondition(MsgTwoStepOff)
	}
	if err := s.checkCurrentPassword(ctx, u, password); err != nil {
		return err
	}
	if err := s.VerifySecondFactor(ctx, userID.String(), code); err != nil {
		return err
	}
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		if _, err := tx.TwoStep.Delete().Where(twostep.UserID(userID)).Exec(ctx); err != nil {
			return err
		}
		_, err := tx.TwoStepRecoveryCode.Delete().Where(twosteprecoverycode.UserID(userID)).Exec(ctx)
		return err
	})
	if err != nil {
		return errs.Internal(fmt.Errorf("disable two-step of %s: %w", userID, err))
	}
	s.audit(ctx, AuditTwoStepDisabled, &userID, u.Email, "")
	return nil
}

// RegenerateRecoveryCodes replaces userID's recovery codes, given a code
// from the app, and answers the new ones.
func (s *Service) RegenerateRecoveryCodes(ctx context.Context, userID uuid.UUID, code string) ([]string, error) {
	ts, err := s.enabledTwoStep(ctx, s.db, userID)
	if err != nil {
		return nil, err
	}
	if ts == nil {
		return nil, errs.FailedPrecondition(MsgTwoStepOff)
	}
	if err := s.checkTOTP(ctx, ts, code); err != nil {
		return nil, err
	}
	codes, hashes, err := s.newRecoveryCodes(userID)
	if err != nil {
		return nil, errs.Internal(err)
	}
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		return s.replaceRecoveryCodes(ctx, tx, userID, hashes, s.clock.Now().UTC())
	})
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("regenerate recovery codes of %s: %w", userID, err))
	}
	s.audit(ctx, AuditRecoveryCodesRenewd, &userID, "", "")
	return codes, nil
}

// VerifySecondFactor checks the second factor of userID for an action that
// needs it (signing in, turning two-step off, deleting the account): nil
// when two-step sign-in is off; otherwise code must be a current code from
// the authenticator app not used before, or an unused recovery code, which
// it uses up. Attempts are rate-limited per account and address and per
// account. A wrong or missing code is errs.Invalid on the field "code".
func (s *Service) VerifySecondFactor(ctx context.Context, userID, code string) error {
	id, err := uuid.Parse(userID)
	if err != nil {
		return errs.Unauthenticated(MsgSessionExpired)
	}
	ts, err := s.enabledTwoStep(ctx, s.db, id)
	if err != nil || ts == nil {
		return err
	}
	code = strings.TrimSpace(code)
	switch {
	case code == "":
		return errs.Invalid("code", MsgTwoStepCodeRequired)
	case validCode(code):
		return s.checkTOTP(ctx, ts, code)
	default:
		return s.useRecoveryCode(ctx, id, code)
	}
}

// checkTOTP accepts code once: the step it belongs to must be later than
// the last accepted one, moved forward in the same statement, so that a
// code seen over a shoulder, or sent twice at once, works only once.
func (s *Service) checkTOTP(ctx context.Context, ts *ent.TwoStep, code string) error {
	code = strings.TrimSpace(code)
	if !validCode(code) {
		return errs.Invalid("code", MsgCodeFormat)
	}
	if err := s.takeCodeAttempt(ctx, ts.UserID); err != nil {
		return err
	}
	key, err := s.secretOf(ts)
	if err != nil {
		return errs.Internal(err)
	}
	step, ok := matchTOTP(key, code, s.clock.Now())
	if ok {
		n, err := s.db.TwoStep.Update().
			Where(twostep.ID(ts.ID), twostep.LastStepLT(step)).
			SetLastStep(step).Save(ctx)
		if err != nil {
			return errs.Internal(err)
		}
		ok = n == 1
	}
	if !ok {
		s.audit(ctx, AuditTwoStepFailed, &ts.UserID, "", "code")
		return errs.Invalid("code", MsgTwoStepCodeWrong)
	}
	s.clearCodeAttempts(ctx, ts.UserID)
	return nil
}

// useRecoveryCode spends one unused recovery code of userID.
func (s *Service) useRecoveryCode(ctx context.Context, userID uuid.UUID, code string) error {
	if err := s.takeCodeAttempt(ctx, userID); err != nil {
		return err
	}
	n, err := s.db.TwoStepRecoveryCode.Update().
		Where(twosteprecoverycode.UserID(userID),
			twosteprecoverycode.CodeHash(s.recoveryHash(userID, code)),
			twosteprecoverycode.UsedAtIsNil()).
		SetUsedAt(s.clock.Now().UTC()).
		Save(ctx)
	if err != nil {
		return errs.Internal(err)
	}
	if n == 0 {
		s.audit(ctx, AuditTwoStepFailed, &userID, "", "recovery code")
		return errs.Invalid("code", MsgRecoveryCodeWrong)
	}
	s.clearCodeAttempts(ctx, userID)
	s.audit(ctx, AuditRecoveryCodeUsed, &userID, "", "")
	return nil
}

// takeCodeAttempt reserves a code attempt on userID before any check: per
// account and address, and per account from everywhere.
func (s *Service) takeCodeAttempt(ctx context.Context, userID uuid.UUID) error {
	ok, err := s.codeAttempts.Take(ctx, userID.String()+"|"+addressKey(ctx))
	if err != nil {
		return errs.Internal(err)
	}
	if ok {
		if ok, err = s.codeAttemptsAll.Take(ctx, userID.String()); err != nil {
			return errs.Internal(err)
		}
	}
	if !ok {
		s.audit(ctx, AuditRateLimited, &userID, "", "two-step code")
		return errs.TooManyRequests(MsgTwoStepTooMany)
	}
	return nil
}

// clearCodeAttempts forgets this address's wrong codes after a right one.
func (s *Service) clearCodeAttempts(ctx context.Context, userID uuid.UUID) {
	_ = s.codeAttempts.Clear(ctx, userID.String()+"|"+addressKey(ctx))
}

// recoveryAlphabet has no 0/O or 1/I, so codes survive being copied by hand.
const recoveryAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// recoveryCodeChars is a recovery code's length without its dashes: 24
// letters of 32 are 120 random bits, over the 112 that let ASVS 5.0 (6.5.2)
// store a lookup secret under a plain (here keyed) hash rather than a slow
// salted password hash.
const recoveryCodeChars = 24

// newRecoveryCodes makes RecoveryCodeCount codes like
// "7KQ2-MXH4-PA9C-..." (six groups of four) and their hashes.
func (s *Service) newRecoveryCodes(userID uuid.UUID) (codes []string, hashes [][]byte, err error) {
	for range RecoveryCodeCount {
		b := make([]byte, recoveryCodeChars)
		if _, err := rand.Read(b); err != nil {
			return nil, nil, err
		}
		groups := make([]string, 0, recoveryCodeChars/4)
		for i := range b {
			// 32 letters divide 256: every letter is equally likely.
			b[i] = recoveryAlphabet[int(b[i])%len(recoveryAlphabet)]
			if i%4 == 3 {
				groups = append(groups, string(b[i-3:i+1]))
			}
		}
		code := strings.Join(groups, "-")
		codes = append(codes, code)
		hashes = append(hashes, s.recoveryHash(userID, code))
	}
	return codes, hashes, nil
}

// normalizeRecoveryCode reads a code as people type it: any case, with or
// without the dash and spaces.
func normalizeRecoveryCode(code string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == ' ' {
			return -1
		}
		return r
	}, strings.ToUpper(strings.TrimSpace(code)))
}

// recoveryHash keys a recovery code's hash with a server secret and binds
// it to the account; the codes carry 120 random bits, so one HMAC suffices.
func (s *Service) recoveryHash(userID uuid.UUID, code string) []byte {
	m := hmac.New(sha256.New, s.recoveryKey)
	m.Write(userID[:])
	m.Write([]byte(normalizeRecoveryCode(code)))
	return m.Sum(nil)
}

func (s *Service) replaceRecoveryCodes(ctx context.Context, tx *ent.Client, userID uuid.UUID, hashes [][]byte, now time.Time) error {
	if _, err := tx.TwoStepRecoveryCode.Delete().Where(twosteprecoverycode.UserID(userID)).Exec(ctx); err != nil {
		return err
	}
	creates := make([]*ent.TwoStepRecoveryCodeCreate, len(hashes))
	for i, h := range hashes {
		creates[i] = tx.TwoStepRecoveryCode.Create().SetUserID(userID).SetCodeHash(h).SetCreatedAt(now)
	}
	return tx.TwoStepRecoveryCode.CreateBulk(creates...).Exec(ctx)
}

// checkCurrentPassword checks the signed-in user's password for a
// sensitive change, counted like any password attempt.
func (s *Service) checkCurrentPassword(ctx context.Context, u *ent.User, password string) error {
	return s.confirmPassword(ctx, u, password, "current password", MsgCurrentPasswordWrong)
}

// confirmPassword checks u's password before a sensitive change (two-step
// sign-in off, an erasure), counted and limited like any password attempt;
// a wrong one is audited with detail and answered with message.
func (s *Service) confirmPassword(ctx context.Context, u *ent.User, password, detail, message string) error {
	attempt, err := s.enter(ctx, &s.password, u.Email)
	if err != nil {
		return err
	}
	release, err := s.hashSlot(ctx)
	if err != nil {
		return err
	}
	ok, err := CheckPassword(password, u.PasswordHash)
	release()
	if err != nil && !errors.Is(err, ErrBadHash) {
		return errs.Internal(err)
	}
	if !ok {
		s.audit(ctx, AuditLoginFailed, &u.ID, u.Email, detail)
		return errs.Invalid("password", message)
	}
	return attempt.succeeded(ctx)
}
