package auth

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/auditevent"
	"github.com/kesihq/kesi/ent/extensiontoken"
	"github.com/kesihq/kesi/ent/passwordreset"
	"github.com/kesihq/kesi/ent/refreshtoken"
	"github.com/kesihq/kesi/ent/twostep"
	"github.com/kesihq/kesi/ent/twosteprecoverycode"
	"github.com/kesihq/kesi/ent/user"
)

// What the account package needs of auth for the data subject's rights
// (Kenya Data Protection Act 2019): the password check before an erasure,
// the audit log's record of exports and deletions, its export, and the
// erasure of the account itself.

// Audit kinds of the data subject's rights.
const (
	AuditAccountExported          = "account_exported"
	AuditAccountDeletionRequested = "account_deletion_requested"
	AuditAccountDeletionCancelled = "account_deletion_cancelled"
	AuditAccountErased            = "account_erased"
)

// MsgPasswordWrong is the answer to a wrong password on a confirming form.
const MsgPasswordWrong = "The password is not right."

// ConfirmPassword checks the password of account id, under the same
// limits as a sign-in: the step before an erasure.
func (s *Service) ConfirmPassword(ctx context.Context, id uuid.UUID, password string) error {
	if password == "" {
		return errs.Invalid("password", "Please enter your password.")
	}
	u, err := s.userByID(ctx, id)
	if err != nil {
		return err
	}
	return s.confirmPassword(ctx, u, password, "account deletion", MsgPasswordWrong)
}

// ExportedAuditEvent is one audit-log entry of the account export.
type ExportedAuditEvent struct {
	Kind      string    `json:"kind"`
	IP        string    `json:"ip"`
	UserAgent string    `json:"user_agent"`
	Detail    string    `json:"detail,omitempty"`
	At        time.Time `json:"at"`
}

// ExportAudit answers the audit log of account id, oldest first.
func (s *Service) ExportAudit(ctx context.Context, id uuid.UUID) ([]ExportedAuditEvent, error) {
	rows, err := s.db.AuditEvent.Query().Where(auditevent.UserID(id)).Order(auditevent.ByCreatedAt()).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("export audit log of %s: %w", id, err)
	}
	out := make([]ExportedAuditEvent, len(rows))
	for i, e := range rows {
		out[i] = ExportedAuditEvent{Kind: e.Kind, IP: e.IP, UserAgent: e.UserAgent, Detail: e.Detail, At: e.CreatedAt.UTC()}
	}
	return out, nil
}

// EraseOwner ends every session of account id at once (through the
// revocation every server hears), then deletes its sessions, reset codes,
// extension connections, audit log and the account row itself, so that the
// e-mail address can register again. The other domains have erased their
// rows first. It leaves one audit entry that names no person: that an
// erasure happened. An account already gone is not an error.
func (s *Service) EraseOwner(ctx context.Context, id uuid.UUID) error {
	u, err := s.db.User.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("load account %s: %w", id, err)
	}
	if err := s.EndEverySession(ctx, id); err != nil {
		return err
	}
	steps := []func() error{
		func() error {
			_, err := s.db.RefreshToken.Delete().Where(refreshtoken.UserID(id)).Exec(ctx)
			return err
		},
		func() error {
			_, err := s.db.PasswordReset.Delete().Where(passwordreset.UserID(id)).Exec(ctx)
			return err
		},
		func() error {
			_, err := s.db.ExtensionToken.Delete().Where(extensiontoken.UserID(id)).Exec(ctx)
			return err
		},
		// The two-step tables carry the user id without a foreign key.
		func() error {
			_, err := s.db.TwoStepRecoveryCode.Delete().Where(twosteprecoverycode.UserID(id)).Exec(ctx)
			return err
		},
		func() error { _, err := s.db.TwoStep.Delete().Where(twostep.UserID(id)).Exec(ctx); return err },
		func() error {
			_, err := s.db.AuditEvent.Delete().Where(auditevent.Or(auditevent.UserID(id), auditevent.Email(u.Email))).Exec(ctx)
			return err
		},
		func() error { _, err := s.db.User.Delete().Where(user.ID(id)).Exec(ctx); return err },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return fmt.Errorf("erase account %s: %w", id, err)
		}
	}
	s.audit(ctx, AuditAccountErased, nil, "", "account "+id.String())
	return nil
}
