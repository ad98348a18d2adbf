package auth

import (
	"cmp"
	"context"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/bus"
	"github.com/kesihq/kesi/backend/internal/documents/sealed"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/notify"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/ratelimit"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/user"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// Messages people see from the auth service.
const (
	MsgBadCredentials  = "Invalid email or password."
	MsgEmailTaken      = "An account with this email already exists."
	MsgRoleInvalid     = "Role must be lawyer or affiliate."
	MsgRegistered      = "Registration successful! Please log in."
	MsgTooManyAttempts = "Too many attempts. Please wait a few minutes and try again."
	MsgSessionExpired  = "Your session has expired. Please log in again."
	MsgLoggedOut       = "Logged out successfully"
	MsgResetCodeSent   = "Reset code sent to your email"
	MsgPasswordReset   = "Password has been reset successfully"
	MsgAccountErasing  = "This account is being deleted and can no longer be signed in to."
)

// RefreshTTL is how long a refresh token lives unused; each refresh rotates
// it and starts a new period.
const RefreshTTL = 30 * 24 * time.Hour

// Options configure a Service.
type Options struct {
	// MasterKey keys the reset-code hashes, so that a leaked table cannot be
	// searched through the million possible codes.
	MasterKey []byte
	// PreviousMasterKeys still open two-step secrets sealed before the
	// master key rotated (KESI_MASTER_KEY_PREVIOUS).
	PreviousMasterKeys [][]byte
	// PublicURL goes into mails.
	PublicURL string
	// Attempts allowed per RateLimitWindow, per account and per client address.
	RateLimitPerAccount int
	RateLimitPerAddress int
	RateLimitWindow     time.Duration
	// RegistrationsPerAddress is how many accounts one address may open in
	// RegistrationWindow; 0 is the default, RegistrationsPerAddress.
	RegistrationsPerAddress int
	// Password hashing costs; zero means DefaultPasswordParams.
	Password PasswordParams
	// Bus tells every server of ended sessions (required).
	Bus *bus.Bus
	// Limits keeps the attempt counters, shared by all servers.
	Limits *ratelimit.Store
	// Referrals records the referrals of registrations (required).
	Referrals Referrals
	// SlowDown is the wait on sign-ins to an account under attack; zero
	// means DefaultSlowDown.
	SlowDown time.Duration
}

// Service is accounts, sessions and password resets.
type Service struct {
	db        *ent.Client
	clock     platform.Clock
	signer    *Signer
	mailer    notify.Mailer
	bus       *bus.Bus
	referrals Referrals
	publicURL string
	resetKey  []byte
	params    PasswordParams
	// Attempts are limited before any work (DESIGN.md, "Identity and sessions").
	login, resetRequest, resetCode, password gate
	loginFailures                            *ratelimit.Limiter // per account, from anywhere
	registrations                            *ratelimit.Limiter // per address
	slowDownBy                               time.Duration
	// limitWindow is the limiters' window: the longest a refused caller waits.
	limitWindow time.Duration
	// hashing bounds concurrent argon2id runs: each takes 64 MiB, and a
	// burst of sign-ins must queue rather than exhaust memory.
	hashing chan struct{}
	// keys seal two-step secrets, as they wrap documents' data keys.
	keys *sealed.Keyring
	// recoveryKey keys the recovery codes' hashes.
	recoveryKey []byte
	// codeAttempts and codeAttemptsAll limit two-step code guesses per
	// account and address, and per account.
	codeAttempts, codeAttemptsAll *ratelimit.Limiter
	// bg runs the work done after answering (reset mails).
	bg *background
	// dummyHash is checked when the e-mail is unknown, so that a failed
	// sign-in takes as long whether or not the account exists.
	dummyHash string
}

// NewService builds the auth service.
func NewService(db *ent.Client, clock platform.Clock, signer *Signer, mailer notify.Mailer, o Options) (*Service, error) {
	resetKey, err := hkdf.Key(sha256.New, o.MasterKey, nil, "kesi reset code v1", 32)
	if err != nil {
		return nil, fmt.Errorf("derive reset-code key: %w", err)
	}
	recoveryKey, err := hkdf.Key(sha256.New, o.MasterKey, nil, "kesi recovery code v1", 32)
	if err != nil {
		return nil, fmt.Errorf("derive recovery-code key: %w", err)
	}
	keys, err := sealed.NewKeyring(o.MasterKey, o.PreviousMasterKeys...)
	if err != nil {
		return nil, fmt.Errorf("two-step keys: %w", err)
	}
	params := o.Password
	if params == (PasswordParams{}) {
		params = DefaultPasswordParams
	}
	dummy, err := HashPassword(rand.Text(), params)
	if err != nil {
		return nil, err
	}
	if o.Limits == nil {
		return nil, errors.New("auth service: no rate-limit store")
	}
	if o.Referrals == nil {
		return nil, errors.New("auth service: no referrals")
	}
	if o.SlowDown == 0 {
		o.SlowDown = DefaultSlowDown
	}
	return &Service{
		db:            db,
		clock:         clock,
		signer:        signer,
		mailer:        mailer,
		bus:           o.Bus,
		referrals:     o.Referrals,
		publicURL:     o.PublicURL,
		resetKey:      resetKey,
		params:        params,
		login:         newGate(o.Limits, "login", o),
		resetRequest:  newGate(o.Limits, "reset", o),
		resetCode:     newGate(o.Limits, "code", o),
		password:      newGate(o.Limits, "password", o),
		loginFailures: &ratelimit.Limiter{Store: o.Limits, Prefix: "login-failures", Limit: o.RateLimitPerAccount, Window: o.RateLimitWindow},
		registrations: &ratelimit.Limiter{Store: o.Limits, Prefix: "register", Limit: cmp.Or(o.RegistrationsPerAddress, RegistrationsPerAddress), Window: RegistrationWindow},
		slowDownBy:    o.SlowDown,
		limitWindow:   o.RateLimitWindow,
		hashing:       make(chan struct{}, max(2, runtime.GOMAXPROCS(0))),
		dummyHash:     dummy,
		keys:          keys,
		bg:            newBackground(),
		recoveryKey:   recoveryKey,
		codeAttempts:  &ratelimit.Limiter{Store: o.Limits, Prefix: "two-step", Limit: o.RateLimitPerAccount, Window: o.RateLimitWindow},
		codeAttemptsAll: &ratelimit.Limiter{Store: o.Limits, Prefix: "two-step-account",
			Limit: max(TwoStepAttemptsPerAccount, o.RateLimitPerAccount), Window: o.RateLimitWindow},
	}, nil
}

// RegisterInput is a registration form.
type RegisterInput struct {
	Fullname     string
	Email        string
	Password     string
	PhoneNumber  string
	Role         kesiv1.Role
	ReferralCode string
}

// Register creates a lawyer or affiliate account from the public form. An
// affiliate gets a fresh affiliate code; a referral code that names an
// affiliate records the referral, and an unknown one is ignored.
func (s *Service) Register(ctx context.Context, in RegisterInput) (*ent.User, error) {
	in.PhoneNumber = strings.TrimSpace(in.PhoneNumber)
	if err := ValidateName(strings.TrimSpace(in.Fullname)); err != nil {
		return nil, err
	}
	if err := ValidateEmail(NormalizeEmail(in.Email)); err != nil {
		return nil, err
	}
	if err := ValidatePhone(in.PhoneNumber); err != nil {
		return nil, err
	}
	var r role.Role
	switch in.Role {
	case kesiv1.Role_ROLE_UNSPECIFIED, kesiv1.Role_ROLE_LAWYER:
		r = role.Lawyer
	case kesiv1.Role_ROLE_AFFILIATE:
		r = role.Affiliate
	default:
		// Moderators are made by operators and the demo account by Kesi.
		return nil, errs.Invalid("role", MsgRoleInvalid)
	}
	if ok, err := s.registrations.Take(ctx, addressKey(ctx)); err != nil {
		return nil, errs.Internal(err)
	} else if !ok {
		s.audit(ctx, AuditRateLimited, nil, NormalizeEmail(in.Email), "register")
		return nil, errs.TooManyRequests(MsgTooManyAttempts)
	}
	release, err := s.hashSlot(ctx)
	if err != nil {
		return nil, err
	}
	u, err := addUser(ctx, s.db, s.referrals, s.clock.Now(), in, r, s.params)
	release()
	if err != nil {
		return nil, err
	}
	s.audit(ctx, AuditRegister, &u.ID, u.Email, string(r))
	return u, nil
}

// Referrals is the affiliate programme's part in a registration
// (affiliates.Referrals): NewCode is a new affiliate's code, and Record
// records the referral when the form named an affiliate's code, in the
// registration's transaction tx, so that a registration that fails leaves
// none behind.
type Referrals interface {
	NewCode() string
	Record(ctx context.Context, tx *ent.Client, referred uuid.UUID, code string, now time.Time) error
}

// AddUser creates an account with role after checking the registration
// rules (the phone number only when given): `kesi user add` for operators,
// who may also make moderators. Register does the same for the public form.
func AddUser(ctx context.Context, db *ent.Client, refs Referrals, now time.Time, in RegisterInput, r role.Role, params PasswordParams) (Identity, error) {
	u, err := addUser(ctx, db, refs, now, in, r, params)
	if err != nil {
		return Identity{}, err
	}
	return identityOf(u), nil
}

func addUser(ctx context.Context, db *ent.Client, refs Referrals, now time.Time, in RegisterInput, r role.Role, params PasswordParams) (*ent.User, error) {
	in.Fullname = strings.TrimSpace(in.Fullname)
	in.Email = NormalizeEmail(in.Email)
	in.PhoneNumber = strings.TrimSpace(in.PhoneNumber)
	if err := ValidateName(in.Fullname); err != nil {
		return nil, err
	}
	if err := ValidateEmail(in.Email); err != nil {
		return nil, err
	}
	if in.PhoneNumber != "" {
		if err := ValidatePhone(in.PhoneNumber); err != nil {
			return nil, err
		}
	}
	if err := CheckNewPassword("password", in.Password, in.Email, in.Fullname); err != nil {
		return nil, err
	}
	if !r.Valid() {
		return nil, errs.Invalid("role", "Role must be lawyer, moderator, demo or affiliate.")
	}
	if taken, err := db.User.Query().Where(user.Email(in.Email)).Exist(ctx); err != nil {
		return nil, errs.Internal(fmt.Errorf("check e-mail %s: %w", in.Email, err))
	} else if taken {
		return nil, errs.Conflict(MsgEmailTaken)
	}
	hash, err := HashPassword(in.Password, params)
	if err != nil {
		return nil, errs.Internal(err)
	}
	// A clash on the e-mail (a concurrent registration) or, rarely, on a
	// fresh affiliate code aborts the transaction; only the latter is worth
	// another try.
	for attempt := 0; ; attempt++ {
		u, err := createUser(ctx, db, refs, now.UTC(), in, r, hash)
		if err == nil {
			return u, nil
		}
		if !ent.IsConstraintError(err) {
			return nil, errs.Internal(fmt.Errorf("register %s: %w", in.Email, err))
		}
		if taken, qerr := db.User.Query().Where(user.Email(in.Email)).Exist(ctx); qerr == nil && taken {
			return nil, errs.Conflict(MsgEmailTaken)
		}
		if attempt == 4 {
			return nil, errs.Internal(fmt.Errorf("register %s: %w", in.Email, err))
		}
	}
}

func createUser(ctx context.Context, db *ent.Client, refs Referrals, now time.Time, in RegisterInput, r role.Role, hash string) (*ent.User, error) {
	var created *ent.User
	err := platform.InTx(ctx, db, func(tx *ent.Client) error {
		create := tx.User.Create().
			SetEmail(in.Email).
			SetFullname(in.Fullname).
			SetPhoneNumber(in.PhoneNumber).
			SetPasswordHash(hash).
			SetRole(r.User()).
			SetCreatedAt(now).
			SetUpdatedAt(now)
		if r == role.Affiliate {
			create.SetAffiliateCode(refs.NewCode())
		}
		u, err := create.Save(ctx)
		if err != nil {
			return err
		}
		if err := refs.Record(ctx, tx, u.ID, in.ReferralCode, now); err != nil {
			return err
		}
		created = u
		return nil
	})
	return created, err
}

// Session is a signed-in session: the user and the two tokens that go into
// cookies, never into a response body.
type Session struct {
	User *ent.User
	// TwoStepRequired: the password was right, two-step sign-in is on and
	// no code came. No session started: the tokens are empty.
	TwoStepRequired bool

	AccessToken   string
	RefreshToken  string
	RefreshExpiry time.Time
}

// Login checks an e-mail and password and starts a session. Wrong e-mail and
// wrong password give the same answer. An account with two-step sign-in
// needs LoginWithSecondFactor.
func (s *Service) Login(ctx context.Context, email, password string) (*Session, error) {
	return s.LoginWithSecondFactor(ctx, email, password, "", "")
}

// LoginWithSecondFactor is Login with the code from the authenticator app
// or a recovery code, which an account with two-step sign-in needs: without
// either, a right password answers a Session with TwoStepRequired and no
// tokens.
func (s *Service) LoginWithSecondFactor(ctx context.Context, email, password, totpCode, recoveryCode string) (*Session, error) {
	email = NormalizeEmail(email)
	if err := ValidateEmail(email); err != nil {
		return nil, err
	}
	if err := ValidatePassword("password", password); err != nil {
		return nil, err
	}
	attempt, err := s.enter(ctx, &s.login, email)
	if err != nil {
		return nil, err
	}
	if err := s.slowDown(ctx, email); err != nil {
		return nil, err
	}
	u, err := s.db.User.Query().Where(user.Email(email)).Only(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return nil, errs.Internal(fmt.Errorf("load user %s: %w", email, err))
	}
	hash := s.dummyHash
	if u != nil {
		hash = u.PasswordHash
	}
	release, err := s.hashSlot(ctx)
	if err != nil {
		return nil, err
	}
	ok, err := CheckPassword(password, hash)
	release()
	if err != nil && !errors.Is(err, ErrBadHash) {
		return nil, errs.Internal(err)
	}
	if !ok || u == nil {
		if _, err := s.loginFailures.Take(ctx, email); err != nil {
			return nil, errs.Internal(err)
		}
		var uid *uuid.UUID
		if u != nil {
			uid = &u.ID
		}
		s.audit(ctx, AuditLoginFailed, uid, email, "")
		return nil, errs.Unauthenticated(MsgBadCredentials)
	}
	// The password is right: the account-and-address failures lapse
	// whatever the second step says, which has its own limits.
	if err := attempt.succeeded(ctx); err != nil {
		return nil, err
	}
	ts, err := s.enabledTwoStep(ctx, s.db, u.ID)
	if err != nil {
		return nil, err
	}
	if ts != nil {
		totpCode, recoveryCode = strings.TrimSpace(totpCode), strings.TrimSpace(recoveryCode)
		switch {
		case totpCode != "":
			err = s.checkTOTP(ctx, ts, totpCode)
		case recoveryCode != "":
			err = s.useRecoveryCode(ctx, u.ID, recoveryCode)
		default:
			return &Session{User: u, TwoStepRequired: true}, nil
		}
		if err != nil {
			if e, ok := errs.As(err); ok && e.Kind == errs.KindInvalid {
				// The field the sign-in form shows it under.
				field := "totp_code"
				if totpCode == "" {
					field = "recovery_code"
				}
				return nil, errs.Invalid(field, e.Message)
			}
			return nil, err
		}
	}
	sess, err := s.startSession(ctx, u)
	if err != nil {
		return nil, err
	}
	s.audit(ctx, AuditLogin, &u.ID, u.Email, "")
	return sess, nil
}

// hashSlot waits for a free argon2id slot; call release when done.
func (s *Service) hashSlot(ctx context.Context) (release func(), err error) {
	select {
	case s.hashing <- struct{}{}:
		return func() { <-s.hashing }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// userByID is the signed-in account id; an account gone while its token
// lives on answers "session expired".
func (s *Service) userByID(ctx context.Context, id uuid.UUID) (*ent.User, error) {
	u, err := s.db.User.Get(ctx, id)
	if ent.IsNotFound(err) {
		// The account is gone while its token lives on: sign in again.
		return nil, errs.Unauthenticated(MsgSessionExpired)
	}
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("load user %s: %w", id, err))
	}
	return u, nil
}

// Now is the service's clock, for converting users.
func (s *Service) Now() time.Time { return s.clock.Now() }
