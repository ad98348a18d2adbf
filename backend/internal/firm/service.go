// Package firm is a firm's shared diary: its members and their invitations
// (the firm tables are this package's), and the firm's rules over the
// diary: who may share a case, who attends a sitting, which sittings clash.
// The diary's rows stay the cases package's: it shares, assigns and scopes,
// this package decides who may.
package firm

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/notify"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/firm"
	"github.com/kesihq/kesi/ent/firminvitation"
	"github.com/kesihq/kesi/ent/firmmember"
	"github.com/kesihq/kesi/ent/predicate"
	"github.com/kesihq/kesi/ent/user"
)

// InvitationTTL is how long a join link works.
const InvitationTTL = 7 * 24 * time.Hour

// MaxPendingInvitations bounds the unused invitations of one firm.
const MaxPendingInvitations = 50

// MaxClashDays bounds a ListClashes range.
const MaxClashDays = 62

// The audit events of a firm: every action across members.
const (
	AuditFirmCreated        = "firm_created"
	AuditMemberInvited      = "firm_member_invited"
	AuditInvitationRevoked  = "firm_invitation_revoked"
	AuditInvitationAccepted = "firm_invitation_accepted"
	AuditInvitationRefused  = "firm_invitation_refused"
	AuditMemberRemoved      = "firm_member_removed"
	AuditMemberLeft         = "firm_member_left"
	AuditCaseShared         = "firm_case_shared"
	AuditCaseUnshared       = "firm_case_unshared"
	AuditSittingAssigned    = "firm_sitting_assigned"
)

// Messages a person reads.
const (
	MsgNoFirm          = "You are not in a firm."
	MsgAdminOnly       = "Only the firm's administrator can do that."
	MsgAlreadyInFirm   = "You are already a member of a firm. Leave it first."
	MsgInvitationBad   = "This invitation link is not valid. Ask your firm's administrator for a new one."
	MsgInvitationUsed  = "This invitation has already been used."
	MsgInvitationOld   = "This invitation has expired. Ask your firm's administrator for a new one."
	MsgInvitationGone  = "This invitation was withdrawn by the firm's administrator."
	MsgInvitationOther = "This invitation was sent to another e-mail address. Sign in with the account it was sent to."
	MsgNotMember       = "That advocate is not a member of your firm."
	MsgAlreadyMember   = "That advocate is already a member of your firm."
	MsgAdminStays      = "You administer this firm: hand it over to another member, or remove its other members, before you leave it."
	MsgRemoveSelf      = "You administer this firm and cannot remove yourself."
	MsgShareNeedsFirm  = "Create or join a firm to share cases."
	MsgTooManyInvites  = "Your firm has too many unused invitations. Withdraw some first."
	MsgFirmName        = "Please enter the firm's name."
	MsgFirmNameLine    = "The firm's name must be one line of text."
)

// Auditor writes the audit log (auth.Service.Audit).
type Auditor interface {
	Audit(ctx context.Context, kind string, userID *uuid.UUID, email, detail string)
}

// Service holds the firm's rules.
type Service struct {
	db        *ent.Client
	cases     *cases.Service
	cal       platform.Calendar
	mailer    notify.Mailer
	audit     Auditor
	publicURL string
}

// NewService builds the firm domain.
func NewService(db *ent.Client, diary *cases.Service, cal platform.Calendar, mailer notify.Mailer, audit Auditor, publicURL string) *Service {
	return &Service{db: db, cases: diary, cal: cal, mailer: mailer, audit: audit, publicURL: strings.TrimRight(publicURL, "/")}
}

// Firm is a firm as its members see it.
type Firm struct {
	ID        uuid.UUID
	Name      string
	AdminID   uuid.UUID
	CreatedAt time.Time
}

// Member is one member of a firm.
type Member struct {
	UserID   uuid.UUID
	Fullname string
	Email    string
	Admin    bool
	JoinedAt time.Time
}

// Invitation is an unused invitation.
type Invitation struct {
	ID        uuid.UUID
	Email     string
	InvitedBy string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Sitting is a sitting with who attends it, names resolved.
type Sitting struct {
	cases.CaseSitting
	OwnerName, AttendeeName, AssignedByName string
}

// ClashView is a clash with its attendee's name and its sittings'.
type ClashView struct {
	Clash
	Name     string
	Message  string
	Sittings []Sitting
}

func firmOf(f *ent.Firm) Firm {
	return Firm{ID: f.ID, Name: f.Name, AdminID: f.AdminID, CreatedAt: f.CreatedAt}
}

// membership answers the caller's membership row; MsgNoFirm when none.
func (s *Service) membership(ctx context.Context, db *ent.Client, caller uuid.UUID) (*ent.FirmMember, error) {
	m, err := db.FirmMember.Query().Where(firmmember.UserID(caller)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, errs.NotFound(MsgNoFirm)
	}
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("load membership of %s: %w", caller, err))
	}
	return m, nil
}

func (s *Service) admin(ctx context.Context, caller uuid.UUID) (*ent.FirmMember, error) {
	m, err := s.membership(ctx, s.db, caller)
	if err != nil {
		return nil, err
	}
	if !m.Admin {
		return nil, errs.PermissionDenied(MsgAdminOnly)
	}
	return m, nil
}

func (s *Service) account(ctx context.Context, id uuid.UUID) (*ent.User, error) {
	u, err := s.db.User.Get(ctx, id)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("load account %s: %w", id, err))
	}
	return u, nil
}

// CreateFirm creates a firm administered by caller, whose role becomes moderator.
func (s *Service) CreateFirm(ctx context.Context, caller uuid.UUID, name string) (Firm, error) {
	name, err := cases.Text("name", "Firm name", name, 200)
	if err != nil {
		return Firm{}, err
	}
	if name == "" {
		return Firm{}, errs.Invalid("name", MsgFirmName)
	}
	// The name goes into the invitation's subject and text: no line of the
	// creator's own, and no direction override turning the mail around.
	if strings.IndexFunc(name, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) }) >= 0 {
		return Firm{}, errs.Invalid("name", MsgFirmNameLine)
	}
	var out *ent.Firm
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		if err := holdAccount(ctx, tx, caller, s.cal.Now().UTC()); err != nil {
			return err
		}
		if n, err := tx.FirmMember.Query().Where(firmmember.UserID(caller)).Count(ctx); err != nil {
			return errs.Internal(err)
		} else if n > 0 {
			return errs.Conflict(MsgAlreadyInFirm)
		}
		f, err := tx.Firm.Create().SetName(name).SetAdminID(caller).Save(ctx)
		if err != nil {
			return errs.Internal(fmt.Errorf("create firm: %w", err))
		}
		err = tx.FirmMember.Create().SetFirmID(f.ID).SetUserID(caller).SetAdmin(true).Exec(ctx)
		if ent.IsConstraintError(err) {
			return errs.Conflict(MsgAlreadyInFirm)
		}
		if err != nil {
			return errs.Internal(fmt.Errorf("add administrator: %w", err))
		}
		if err := tx.User.Update().Where(user.ID(caller), user.RoleEQ(user.RoleLawyer)).SetRole(user.RoleModerator).Exec(ctx); err != nil {
			return errs.Internal(fmt.Errorf("make %s moderator: %w", caller, err))
		}
		out = f
		return nil
	})
	if err != nil {
		return Firm{}, err
	}
	s.audit.Audit(ctx, AuditFirmCreated, &caller, "", "firm "+out.ID.String()+" "+name)
	return firmOf(out), nil
}

// GetFirm answers caller's firm.
func (s *Service) GetFirm(ctx context.Context, caller uuid.UUID) (Firm, bool, error) {
	m, err := s.membership(ctx, s.db, caller)
	if err != nil {
		return Firm{}, false, err
	}
	f, err := s.db.Firm.Get(ctx, m.FirmID)
	if err != nil {
		return Firm{}, false, errs.Internal(fmt.Errorf("load firm %s: %w", m.FirmID, err))
	}
	return firmOf(f), m.Admin, nil
}

func hashCode(code string) []byte {
	h := sha256.Sum256([]byte(code))
	return h[:]
}

// InviteMember mails a join link to email; administrator only.
func (s *Service) InviteMember(ctx context.Context, caller uuid.UUID, email string) (Invitation, error) {
	m, err := s.admin(ctx, caller)
	if err != nil {
		return Invitation{}, err
	}
	email = auth.NormalizeEmail(email)
	if err := auth.ValidateEmail(email); err != nil {
		return Invitation{}, err
	}
	now := s.cal.Now().UTC()
	inMember, err := s.db.FirmMember.Query().Where(firmmember.FirmID(m.FirmID)).Select(firmmember.FieldUserID).Strings(ctx)
	if err != nil {
		return Invitation{}, errs.Internal(err)
	}
	if len(inMember) > 0 {
		ids := make([]uuid.UUID, 0, len(inMember))
		for _, x := range inMember {
			ids = append(ids, uuid.MustParse(x))
		}
		if ok, err := s.db.User.Query().Where(user.IDIn(ids...), user.Email(email)).Exist(ctx); err != nil {
			return Invitation{}, errs.Internal(err)
		} else if ok {
			return Invitation{}, errs.Conflict(MsgAlreadyMember)
		}
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return Invitation{}, errs.Internal(err)
	}
	code := base64.RawURLEncoding.EncodeToString(raw)
	var inv *ent.FirmInvitation
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		// Invitations sent at once take turns from here, so that each
		// counts the others against the cap.
		if ok, err := holdFirm(ctx, tx, m.FirmID, now); err != nil {
			return err
		} else if !ok {
			return errs.NotFound(MsgNoFirm)
		}
		pending, err := tx.FirmInvitation.Query().Where(firminvitation.FirmID(m.FirmID), pendingAt(now)).Count(ctx)
		if err != nil {
			return errs.Internal(err)
		}
		if pending >= MaxPendingInvitations {
			return errs.FailedPrecondition(MsgTooManyInvites)
		}
		inv, err = tx.FirmInvitation.Create().SetFirmID(m.FirmID).SetEmail(email).SetCodeHash(hashCode(code)).
			SetInvitedBy(caller).SetCreatedAt(now).SetExpiresAt(now.Add(InvitationTTL)).Save(ctx)
		if err != nil {
			return errs.Internal(fmt.Errorf("create invitation: %w", err))
		}
		return nil
	})
	if err != nil {
		return Invitation{}, err
	}
	f, err := s.db.Firm.Get(ctx, m.FirmID)
	if err != nil {
		return Invitation{}, errs.Internal(err)
	}
	inviter, err := s.account(ctx, caller)
	if err != nil {
		return Invitation{}, err
	}
	msg, err := invitationMessage(invitationMail{
		To: email, Inviter: inviter.Fullname, Firm: f.Name,
		Link: s.publicURL + "/firm/join?code=" + code, Expires: s.cal.DayOf(inv.ExpiresAt),
	})
	if err == nil {
		err = s.mailer.Send(ctx, msg)
	}
	if err != nil {
		// An invitation no one received is no invitation.
		_ = s.db.FirmInvitation.DeleteOneID(inv.ID).Exec(context.WithoutCancel(ctx))
		return Invitation{}, errs.Internal(fmt.Errorf("send invitation to %s: %w", email, err))
	}
	s.audit.Audit(ctx, AuditMemberInvited, &caller, email, "firm "+f.ID.String())
	return Invitation{ID: inv.ID, Email: email, InvitedBy: inviter.Fullname, CreatedAt: inv.CreatedAt, ExpiresAt: inv.ExpiresAt}, nil
}

// holdFirm locks the firm's row until tx ends, by setting when it last
// changed: what is decided for a whole firm (an invitation counted against
// the cap, a member joining, the firm ending) is decided one at a time.
// On Postgres the update holds the row; on SQLite every transaction holds
// the database. It answers false when the firm is gone.
func holdFirm(ctx context.Context, tx *ent.Client, firmID uuid.UUID, now time.Time) (bool, error) {
	n, err := tx.Firm.Update().Where(firm.ID(firmID)).SetUpdatedAt(now).Save(ctx)
	if err != nil {
		return false, errs.Internal(fmt.Errorf("hold firm %s: %w", firmID, err))
	}
	return n > 0, nil
}

// holdAccount locks the account's row until tx ends, by setting when it
// last changed: a join (AcceptInvitation, CreateFirm) and the account's
// erasure (EraseOwner) take turns on it.
func holdAccount(ctx context.Context, tx *ent.Client, userID uuid.UUID, now time.Time) error {
	if err := tx.User.Update().Where(user.ID(userID)).SetUpdatedAt(now).Exec(ctx); err != nil {
		return errs.Internal(fmt.Errorf("hold account %s: %w", userID, err))
	}
	return nil
}

// pendingAt selects the invitations still usable at now.
func pendingAt(now time.Time) predicate.FirmInvitation {
	return firminvitation.And(firminvitation.AcceptedAtIsNil(), firminvitation.RevokedAtIsNil(), firminvitation.ExpiresAtGT(now))
}
