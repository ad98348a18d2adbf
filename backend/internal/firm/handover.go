package firm

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/firm"
	"github.com/kesihq/kesi/ent/firminvitation"
	"github.com/kesihq/kesi/ent/firmmember"
	"github.com/kesihq/kesi/ent/user"
)

// The audit events of a firm changing hands and of a member's erasure.
const (
	AuditFirmHandedOver = "firm_handed_over"
	AuditMemberErased   = "firm_member_erased"
	AuditFirmEnded      = "firm_ended"
)

// MsgHandOverFirst refuses the departure (account deletion) of an
// administrator whose firm has other members.
const MsgHandOverFirst = "Hand the firm over to another member first."

// MsgHandOverSelf refuses a handover to the administrator themself.
const MsgHandOverSelf = "You already administer this firm."

// HandOverFirm makes member the administrator of caller's firm. The new
// administrator's role becomes moderator, as CreateFirm makes its creator's;
// caller stays a member and, administering no firm, a lawyer again, as
// LeaveFirm makes a lone administrator. Administrator only.
func (s *Service) HandOverFirm(ctx context.Context, caller, member uuid.UUID) (Firm, error) {
	m, err := s.admin(ctx, caller)
	if err != nil {
		return Firm{}, err
	}
	if member == caller {
		return Firm{}, errs.FailedPrecondition(MsgHandOverSelf)
	}
	var out *ent.Firm
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		// Guarded on caller still administering: of two handovers at once,
		// one hands the firm over.
		n, err := tx.FirmMember.Update().Where(firmmember.ID(m.ID), firmmember.Admin(true)).SetAdmin(false).Save(ctx)
		if err != nil {
			return errs.Internal(fmt.Errorf("step down %s: %w", caller, err))
		}
		if n == 0 {
			return errs.PermissionDenied(MsgAdminOnly)
		}
		out, err = handOver(ctx, tx, m.FirmID, caller, member)
		return err
	})
	if err != nil {
		return Firm{}, err
	}
	s.audit.Audit(ctx, AuditFirmHandedOver, &caller, "", "firm "+m.FirmID.String()+" handed over to "+member.String())
	return firmOf(out), nil
}

// handOver makes member, of firmID, its administrator in place of from,
// whose membership row (if any) is no longer the administrator's.
func handOver(ctx context.Context, tx *ent.Client, firmID, from, member uuid.UUID) (*ent.Firm, error) {
	n, err := tx.FirmMember.Update().Where(firmmember.FirmID(firmID), firmmember.UserID(member)).SetAdmin(true).Save(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("make %s administrator: %w", member, err))
	}
	if n == 0 {
		return nil, errs.NotFound(MsgNotMember)
	}
	f, err := tx.Firm.UpdateOneID(firmID).Where(firm.AdminID(from)).SetAdminID(member).Save(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("hand firm %s over: %w", firmID, err))
	}
	if err := tx.User.Update().Where(user.ID(member), user.RoleEQ(user.RoleLawyer)).SetRole(user.RoleModerator).Exec(ctx); err != nil {
		return nil, errs.Internal(fmt.Errorf("make %s moderator: %w", member, err))
	}
	// No firm to administer: a lawyer again.
	if err := tx.User.Update().Where(user.ID(from), user.RoleEQ(user.RoleModerator)).SetRole(user.RoleLawyer).Exec(ctx); err != nil {
		return nil, errs.Internal(fmt.Errorf("make %s lawyer: %w", from, err))
	}
	return f, nil
}

// CheckDeparture refuses, with MsgHandOverFirst, the account deletion of
// the administrator of a firm that has other members.
func (s *Service) CheckDeparture(ctx context.Context, userID uuid.UUID) error {
	m, err := s.db.FirmMember.Query().Where(firmmember.UserID(userID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return errs.Internal(fmt.Errorf("load membership of %s: %w", userID, err))
	}
	if !m.Admin {
		return nil
	}
	others, err := s.db.FirmMember.Query().Where(firmmember.FirmID(m.FirmID), firmmember.UserIDNEQ(userID)).Exist(ctx)
	if err != nil {
		return errs.Internal(err)
	}
	if others {
		return errs.FailedPrecondition(MsgHandOverFirst)
	}
	return nil
}

// EraseOwner is the firm's part of an account's erasure: userID leaves
// their firm as LeaveFirm takes a member out (their cases stop being
// shared, the sittings assigned to or by them go back to the cases'
// owners). A firm they administer alone ends, with its invitations; one
// that gained members during the grace period passes to the earliest-joined
// of them, so that an erasure never waits on a handover. Safe to run again.
func (s *Service) EraseOwner(ctx context.Context, userID uuid.UUID) error {
	var m *ent.FirmMember
	var heir uuid.UUID
	err := platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		// Joins take their turn on the account (AcceptInvitation,
		// CreateFirm): one under way is seen here and erased with the
		// rest, none waits between this read and the deletion.
		if err := holdAccount(ctx, tx, userID, s.cal.Now().UTC()); err != nil {
			return err
		}
		var err error
		m, err = tx.FirmMember.Query().Where(firmmember.UserID(userID)).Only(ctx)
		if ent.IsNotFound(err) {
			m = nil
			return nil
		}
		if err != nil {
			return fmt.Errorf("load membership of %s: %w", userID, err)
		}
		if _, err := tx.FirmMember.Delete().Where(firmmember.ID(m.ID)).Exec(ctx); err != nil {
			return fmt.Errorf("remove member %s: %w", userID, err)
		}
		if err := cases.Detach(ctx, tx, userID); err != nil {
			return err
		}
		if !m.Admin {
			return nil
		}
		// Held as LeaveFirm holds it: an invitation accepted now joins
		// first and inherits the firm, or finds it ended.
		if _, err := holdFirm(ctx, tx, m.FirmID, s.cal.Now().UTC()); err != nil {
			return err
		}
		next, err := tx.FirmMember.Query().Where(firmmember.FirmID(m.FirmID)).
			Order(ent.Asc(firmmember.FieldJoinedAt), ent.Asc(firmmember.FieldID)).First(ctx)
		if ent.IsNotFound(err) {
			if _, err := tx.FirmInvitation.Delete().Where(firminvitation.FirmID(m.FirmID)).Exec(ctx); err != nil {
				return fmt.Errorf("delete invitations of firm %s: %w", m.FirmID, err)
			}
			if err := tx.Firm.DeleteOneID(m.FirmID).Exec(ctx); err != nil {
				return fmt.Errorf("end firm %s: %w", m.FirmID, err)
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("find the next administrator of firm %s: %w", m.FirmID, err)
		}
		heir = next.UserID
		_, err = handOver(ctx, tx, m.FirmID, userID, heir)
		return err
	})
	if err != nil || m == nil {
		return err
	}
	switch {
	case !m.Admin:
		s.audit.Audit(ctx, AuditMemberErased, nil, "", "firm "+m.FirmID.String()+" lost an erased member")
	case heir == uuid.Nil:
		s.audit.Audit(ctx, AuditFirmEnded, nil, "", "firm "+m.FirmID.String()+" ended: its administrator's account was erased")
	default:
		s.audit.Audit(ctx, AuditFirmHandedOver, &heir, "", "firm "+m.FirmID.String()+" handed over to "+heir.String()+": its administrator's account was erased")
	}
	return nil
}
