// Package account is the signed-in person's account: their profile and
// notification preferences (Profiles, served under AuthService as the
// contract has them), and their rights over it under the Kenya Data
// Protection Act 2019: the export of everything Kesi holds
// about them (section 38, portability; section 26, access), and the
// deletion of the account (section 40, erasure) after a 7-day grace period
// in which it still signs in and can be kept; once the erasure job has
// claimed it, it signs in no more. Each domain erases its own
// rows through the functions it exposes; this package orders them and
// records each finished step, so that an erasure cut short resumes.
package account

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/documents"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/notify"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/ratelimit"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/accountdeletion"
)

// Grace is how long a deleted account waits before it is erased.
const Grace = 7 * 24 * time.Hour

// Messages a person sees.
const (
	MsgDemoAccount      = "The demo account cannot be deleted."
	MsgCodeRequired     = "Enter the six-digit code from your authenticator app."
	MsgErasureUnderway  = "The erasure of this account has already begun."
	MsgNothingScheduled = "No deletion is scheduled."
)

// SecondFactor checks the sign-in code of an account with two-step sign-in
// on. Verify answers ErrSecondFactorNotEnabled when the account has it off.
type SecondFactor interface {
	Verify(ctx context.Context, userID uuid.UUID, code string) error
}

// ErrSecondFactorNotEnabled says an account has no second factor to check.
var ErrSecondFactorNotEnabled = errors.New("two-step sign-in is not enabled")

// NoSecondFactor is the SecondFactor of a Kesi without two-step sign-in:
// no account has it on.
type NoSecondFactor struct{}

// Verify implements SecondFactor.
func (NoSecondFactor) Verify(context.Context, uuid.UUID, string) error {
	return ErrSecondFactorNotEnabled
}

// Firms is the firm domain's part in a departure: CheckDeparture refuses
// the deletion of an account that must first hand its firm over, and
// EraseOwner takes the account out of its firm (firm.Service).
type Firms interface {
	CheckDeparture(ctx context.Context, userID uuid.UUID) error
	EraseOwner(ctx context.Context, userID uuid.UUID) error
}

// NoFirms is the Firms of a Kesi without firms.
type NoFirms struct{}

// CheckDeparture implements Firms.
func (NoFirms) CheckDeparture(context.Context, uuid.UUID) error { return nil }

// EraseOwner implements Firms.
func (NoFirms) EraseOwner(context.Context, uuid.UUID) error { return nil }

// Service is the account's rights.
type Service struct {
	db        *ent.Client
	cal       platform.Calendar
	auth      *auth.Service
	profiles  *Profiles
	docs      *documents.Service
	mailer    notify.Mailer
	second    SecondFactor
	firms     Firms
	publicURL string
	// secureCookies: the public URL is https (the cookies DeleteAccount clears).
	secureCookies bool
	steps         []Step
	log           *slog.Logger
	// limits holds the export leases, shared by every server.
	limits *ratelimit.Store
}

// Options are the Service's collaborators.
type Options struct {
	Auth      *auth.Service
	Documents *documents.Service
	Mailer    notify.Mailer
	// SecondFactor: nil is NoSecondFactor.
	SecondFactor SecondFactor
	// Firms: nil is NoFirms.
	Firms     Firms
	PublicURL string
	// SecureCookies: the public URL is https.
	SecureCookies bool
	// Limits is the store every server shares: one export per account.
	Limits *ratelimit.Store
}

// NewService builds the account's rights over db.
func NewService(db *ent.Client, cal platform.Calendar, o Options) *Service {
	s := &Service{db: db, cal: cal, auth: o.Auth, profiles: NewProfiles(db, cal.Clock), docs: o.Documents, mailer: o.Mailer,
		second: o.SecondFactor, firms: o.Firms, publicURL: o.PublicURL, secureCookies: o.SecureCookies, limits: o.Limits, log: slog.Default()}
	if s.second == nil {
		s.second = NoSecondFactor{}
	}
	if s.firms == nil {
		s.firms = NoFirms{}
	}
	s.steps = s.erasureSteps()
	return s
}

// Deletion is a scheduled erasure.
type Deletion struct {
	RequestedAt time.Time
	EraseAt     time.Time
}

// EraseOn is the day, in the courts' time zone, the erasure may run.
func (s *Service) EraseOn(d Deletion) string { return s.cal.DayOf(d.EraseAt).String() }

// DeleteAccount schedules the erasure of account id once Grace has
// passed: after the password (and the sign-in code when two-step sign-in
// is on) it ends every session of the account at once, records the request
// in the audit log and e-mails a receipt.
func (s *Service) DeleteAccount(ctx context.Context, id uuid.UUID, password, code string) (Deletion, error) {
	u, err := s.profiles.Profile(ctx, id)
	if err != nil {
		return Deletion{}, err
	}
	if u.Role == role.Demo {
		return Deletion{}, errs.PermissionDenied(MsgDemoAccount)
	}
	// A firm's administrator hands the firm over to another member first.
	if err := s.firms.CheckDeparture(ctx, id); err != nil {
		return Deletion{}, err
	}
	if err := s.auth.ConfirmPassword(ctx, id, password); err != nil {
		return Deletion{}, err
	}
	if err := s.second.Verify(ctx, id, code); err != nil && !errors.Is(err, ErrSecondFactorNotEnabled) {
		return Deletion{}, err
	}
	now := s.cal.Now().UTC()
	d := Deletion{RequestedAt: now, EraseAt: now.Add(Grace)}
	err = s.db.AccountDeletion.Create().
		SetUserID(id).SetRequestedAt(d.RequestedAt).SetEraseAt(d.EraseAt).SetCreatedAt(now).SetUpdatedAt(now).
		OnConflictColumns(accountdeletion.FieldUserID).
		Update(func(u *ent.AccountDeletionUpsert) {
			u.SetRequestedAt(d.RequestedAt).SetEraseAt(d.EraseAt).ClearCancelledAt().
				SetStepsDone("").SetAttempts(0).SetLastError("").SetUpdatedAt(now)
		}).Exec(ctx)
	if err != nil {
		return Deletion{}, errs.Internal(fmt.Errorf("schedule the deletion of %s: %w", id, err))
	}
	if err := s.auth.EndEverySession(ctx, id); err != nil {
		return Deletion{}, err
	}
	s.auth.Audit(ctx, auth.AuditAccountDeletionRequested, &id, u.Email, "erase on "+s.EraseOn(d))
	s.mail(ctx, deletionReceipt(u.Email, u.Fullname, s.kenyanDate(d.EraseAt), lostDays(u.PaidUntil, d.EraseAt), s.publicURL))
	return d, nil
}

// Scheduled answers the erasure scheduled for account id, if any.
func (s *Service) Scheduled(ctx context.Context, id uuid.UUID) (*Deletion, error) {
	row, err := s.pending(ctx, s.db, id)
	if err != nil || row == nil {
		return nil, err
	}
	return &Deletion{RequestedAt: row.RequestedAt.UTC(), EraseAt: row.EraseAt.UTC()}, nil
}

func (s *Service) pending(ctx context.Context, db *ent.Client, id uuid.UUID) (*ent.AccountDeletion, error) {
	row, err := db.AccountDeletion.Query().
		Where(accountdeletion.UserID(id), accountdeletion.CancelledAtIsNil(), accountdeletion.ErasedAtIsNil()).
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("load the deletion of %s: %w", id, err))
	}
	return row, nil
}

// Cancel keeps account id: its scheduled erasure is dropped, unless the
// erasure has already begun. Nothing scheduled is not an error.
func (s *Service) Cancel(ctx context.Context, id uuid.UUID) error {
	row, err := s.pending(ctx, s.db, id)
	if err != nil || row == nil {
		return err
	}
	now := s.cal.Now().UTC()
	n, err := s.db.AccountDeletion.Update().
		Where(accountdeletion.ID(row.ID), accountdeletion.CancelledAtIsNil(), accountdeletion.StepsDone("")).
		SetCancelledAt(now).SetUpdatedAt(now).Save(ctx)
	if err != nil {
		return errs.Internal(fmt.Errorf("cancel the deletion of %s: %w", id, err))
	}
	if n == 0 {
		return errs.FailedPrecondition(MsgErasureUnderway)
	}
	if u, err := s.profiles.Profile(ctx, id); err == nil {
		s.auth.Audit(ctx, auth.AuditAccountDeletionCancelled, &id, u.Email, "")
		s.mail(ctx, cancelReceipt(u.Email, u.Fullname, s.publicURL))
	}
	return nil
}

// mail sends m; a failure is logged, not returned: the request stands.
func (s *Service) mail(ctx context.Context, m notify.Message) {
	if s.mailer == nil {
		return
	}
	if err := s.mailer.Send(context.WithoutCancel(ctx), m); err != nil {
		s.log.ErrorContext(ctx, "send account mail", "subject", m.Subject, "err", err)
	}
}

// kenyanDate writes t's day in the courts' time zone as the app does:
// "Tue 8 Dec 2026".
func (s *Service) kenyanDate(t time.Time) string {
	return t.In(s.cal.Location).Format("Mon 2 Jan 2006")
}

// Today is today's date in the courts' time zone, YYYY-MM-DD.
func (s *Service) Today() string { return s.cal.Today().String() }
