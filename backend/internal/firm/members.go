package firm

import (
	"context"
	"fmt"
	"sort"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/firminvitation"
	"github.com/kesihq/kesi/ent/firmmember"
	"github.com/kesihq/kesi/ent/user"
)

// ListInvitations answers the firm's usable invitations, newest first;
// administrator only.
func (s *Service) ListInvitations(ctx context.Context, caller uuid.UUID) ([]Invitation, error) {
	m, err := s.admin(ctx, caller)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.FirmInvitation.Query().Where(firminvitation.FirmID(m.FirmID), pendingAt(s.cal.Now().UTC())).
		Order(ent.Desc(firminvitation.FieldCreatedAt), ent.Asc(firminvitation.FieldID)).All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("list invitations: %w", err))
	}
	var ids []uuid.UUID
	for _, r := range rows {
		ids = append(ids, r.InvitedBy)
	}
	name, err := s.names(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]Invitation, len(rows))
	for i, r := range rows {
		out[i] = Invitation{ID: r.ID, Email: r.Email, InvitedBy: name[r.InvitedBy], CreatedAt: r.CreatedAt, ExpiresAt: r.ExpiresAt}
	}
	return out, nil
}

// RevokeInvitation withdraws an unused invitation of caller's firm.
func (s *Service) RevokeInvitation(ctx context.Context, caller, id uuid.UUID) error {
	m, err := s.admin(ctx, caller)
	if err != nil {
		return err
	}
	n, err := s.db.FirmInvitation.Update().
		Where(firminvitation.ID(id), firminvitation.FirmID(m.FirmID), firminvitation.AcceptedAtIsNil(), firminvitation.RevokedAtIsNil()).
		SetRevokedAt(s.cal.Now().UTC()).Save(ctx)
	if err != nil {
		return errs.Internal(fmt.Errorf("revoke invitation %s: %w", id, err))
	}
	if n == 0 {
		return errs.NotFound("Invitation not found.")
	}
	s.audit.Audit(ctx, AuditInvitationRevoked, &caller, "", "invitation "+id.String())
	return nil
}

// AcceptInvitation joins caller to the firm of code, when the invitation
// was sent to caller's address and is unused, not withdrawn and not
// expired. Of two acceptances of one code at once, one joins; of an
// acceptance and the firm ending at once, the firm ends with no member or
// the administrator stays. The firm's other unused invitations to the
// address are used up with it.
func (s *Service) AcceptInvitation(ctx context.Context, caller uuid.UUID, code string) (Firm, error) {
	if code == "" || len(code) > 200 {
		return Firm{}, errs.NotFound(MsgInvitationBad)
	}
	inv, err := s.db.FirmInvitation.Query().Where(firminvitation.CodeHash(hashCode(code))).Only(ctx)
	if ent.IsNotFound(err) {
		s.audit.Audit(ctx, AuditInvitationRefused, &caller, "", "unknown code")
		return Firm{}, errs.NotFound(MsgInvitationBad)
	}
	if err != nil {
		return Firm{}, errs.Internal(fmt.Errorf("load invitation: %w", err))
	}
	u, err := s.account(ctx, caller)
	if err != nil {
		return Firm{}, err
	}
	now := s.cal.Now().UTC()
	refuse := func(e *errs.Error, why string) (Firm, error) {
		s.audit.Audit(ctx, AuditInvitationRefused, &caller, u.Email, "invitation "+inv.ID.String()+": "+why)
		return Firm{}, e
	}
	switch {
	case inv.AcceptedAt != nil:
		return refuse(errs.FailedPrecondition(MsgInvitationUsed), "used")
	case inv.RevokedAt != nil:
		return refuse(errs.FailedPrecondition(MsgInvitationGone), "withdrawn")
	case !now.Before(inv.ExpiresAt):
		return refuse(errs.FailedPrecondition(MsgInvitationOld), "expired")
	case u.Email != inv.Email:
		return refuse(errs.PermissionDenied(MsgInvitationOther), "sent to another address")
	}
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		// The account first, as EraseOwner holds it: an erasure under way
		// finishes before this member joins, or sees them joined.
		if err := holdAccount(ctx, tx, caller, now); err != nil {
			return err
		}
		// Joining takes its turn with the firm ending (LeaveFirm,
		// EraseOwner): an administrator leaving alone either ends the firm
		// first, and its invitations are gone, or sees this member and
		// stays.
		if ok, err := holdFirm(ctx, tx, inv.FirmID, now); err != nil {
			return err
		} else if !ok {
			return errs.FailedPrecondition(MsgInvitationGone)
		}
		if n, err := tx.FirmMember.Query().Where(firmmember.UserID(caller)).Count(ctx); err != nil {
			return errs.Internal(err)
		} else if n > 0 {
			return errs.Conflict(MsgAlreadyInFirm)
		}
		n, err := tx.FirmInvitation.Update().
			Where(firminvitation.ID(inv.ID), firminvitation.AcceptedAtIsNil(), firminvitation.RevokedAtIsNil()).
			SetAcceptedAt(now).SetAcceptedBy(caller).Save(ctx)
		if err != nil {
			return errs.Internal(fmt.Errorf("accept invitation %s: %w", inv.ID, err))
		}
		if n == 0 {
			return errs.FailedPrecondition(MsgInvitationUsed)
		}
		// The firm's other links to this address (an invitation sent twice)
		// are used with it: none lets a member removed later back in.
		if _, err := tx.FirmInvitation.Update().
			Where(firminvitation.FirmID(inv.FirmID), firminvitation.Email(inv.Email), pendingAt(now)).
			SetAcceptedAt(now).SetAcceptedBy(caller).Save(ctx); err != nil {
			return errs.Internal(fmt.Errorf("close other invitations of %s: %w", inv.Email, err))
		}
		err = tx.FirmMember.Create().SetFirmID(inv.FirmID).SetUserID(caller).Exec(ctx)
		if ent.IsConstraintError(err) {
			return errs.Conflict(MsgAlreadyInFirm)
		}
		if err != nil {
			return errs.Internal(fmt.Errorf("add member %s: %w", caller, err))
		}
		return nil
	})
	if err != nil {
		if e, ok := errs.As(err); ok && e.Kind != errs.KindInternal {
			return refuse(e, e.Message)
		}
		return Firm{}, err
	}
	s.audit.Audit(ctx, AuditInvitationAccepted, &caller, u.Email, "firm "+inv.FirmID.String()+" invited by "+inv.InvitedBy.String())
	f, _, err := s.GetFirm(ctx, caller)
	return f, err
}

// ListMembers answers the members of caller's firm, administrator first,
// then by name.
func (s *Service) ListMembers(ctx context.Context, caller uuid.UUID) ([]Member, error) {
	m, err := s.membership(ctx, s.db, caller)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.FirmMember.Query().Where(firmmember.FirmID(m.FirmID)).All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("list members: %w", err))
	}
	byID := map[uuid.UUID]*ent.FirmMember{}
	ids := make([]uuid.UUID, len(rows))
	for i, r := range rows {
		ids[i] = r.UserID
		byID[r.UserID] = r
	}
	us, err := s.db.User.Query().Where(user.IDIn(ids...)).Select(user.FieldID, user.FieldFullname, user.FieldEmail).All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("load members: %w", err))
	}
	out := make([]Member, 0, len(us))
	for _, u := range us {
		r := byID[u.ID]
		out = append(out, Member{UserID: u.ID, Fullname: u.Fullname, Email: u.Email, Admin: r.Admin, JoinedAt: r.JoinedAt})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Admin != out[j].Admin {
			return out[i].Admin
		}
		if out[i].Fullname != out[j].Fullname {
			return out[i].Fullname < out[j].Fullname
		}
		return out[i].Email < out[j].Email
	})
	return out, nil
}

// RemoveMember removes member from caller's firm: at once they see none of
// the firm's cases, and theirs stop being shared (cases.Detach).
func (s *Service) RemoveMember(ctx context.Context, caller, member uuid.UUID) error {
	m, err := s.admin(ctx, caller)
	if err != nil {
		return err
	}
	if member == caller {
		return errs.FailedPrecondition(MsgRemoveSelf)
	}
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		// Guarded on caller still administering, as HandOverFirm is: a
		// removal waits for a handover under way and is then refused, so
		// that it never takes out the member the firm was just handed to.
		if n, err := tx.FirmMember.Update().Where(firmmember.ID(m.ID), firmmember.Admin(true)).SetAdmin(true).Save(ctx); err != nil {
			return errs.Internal(fmt.Errorf("check administrator %s: %w", caller, err))
		} else if n == 0 {
			return errs.PermissionDenied(MsgAdminOnly)
		}
		n, err := tx.FirmMember.Delete().Where(firmmember.FirmID(m.FirmID), firmmember.UserID(member)).Exec(ctx)
		if err != nil {
			return errs.Internal(fmt.Errorf("remove member %s: %w", member, err))
		}
		if n == 0 {
			return errs.NotFound(MsgNotMember)
		}
		if err := cases.Detach(ctx, tx, member); err != nil {
			return errs.Internal(err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.audit.Audit(ctx, AuditMemberRemoved, &caller, "", "firm "+m.FirmID.String()+" removed "+member.String())
	return nil
}

// LeaveFirm takes caller out of their firm. The administrator leaves only
// a firm with no other member, which then ends.
func (s *Service) LeaveFirm(ctx context.Context, caller uuid.UUID) error {
	m, err := s.membership(ctx, s.db, caller)
	if err != nil {
		return err
	}
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		// Read again once the row is held: a handover that made caller
		// the administrator while they left is seen, and they stay.
		if n, err := tx.FirmMember.Update().Where(firmmember.ID(m.ID), firmmember.Admin(m.Admin)).SetAdmin(m.Admin).Save(ctx); err != nil {
			return errs.Internal(fmt.Errorf("hold membership of %s: %w", caller, err))
		} else if n == 0 {
			if m, err = s.membership(ctx, tx, caller); err != nil {
				return err
			}
		}
		if m.Admin {
			// Held while counting: an invitation accepted now either
			// joins first, and is counted, or finds the firm ended.
			if _, err := holdFirm(ctx, tx, m.FirmID, s.cal.Now().UTC()); err != nil {
				return err
			}
			others, err := tx.FirmMember.Query().Where(firmmember.FirmID(m.FirmID), firmmember.UserIDNEQ(caller)).Count(ctx)
			if err != nil {
				return errs.Internal(err)
			}
			if others > 0 {
				return errs.FailedPrecondition(MsgAdminStays)
			}
		}
		if _, err := tx.FirmMember.Delete().Where(firmmember.ID(m.ID)).Exec(ctx); err != nil {
			return errs.Internal(fmt.Errorf("leave firm: %w", err))
		}
		if err := cases.Detach(ctx, tx, caller); err != nil {
			return errs.Internal(err)
		}
		if m.Admin {
			if err := tx.Firm.DeleteOneID(m.FirmID).Exec(ctx); err != nil {
				return errs.Internal(fmt.Errorf("end firm %s: %w", m.FirmID, err))
			}
			// No firm to administer: a lawyer again.
			if err := tx.User.Update().Where(user.ID(caller), user.RoleEQ(user.RoleModerator)).SetRole(user.RoleLawyer).Exec(ctx); err != nil {
				return errs.Internal(err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.audit.Audit(ctx, AuditMemberLeft, &caller, "", "firm "+m.FirmID.String())
	return nil
}

// names answers the full names of the accounts ids.
func (s *Service) names(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]string, error) {
	out := map[uuid.UUID]string{}
	if len(ids) == 0 {
		return out, nil
	}
	us, err := s.db.User.Query().Where(user.IDIn(ids...)).Select(user.FieldID, user.FieldFullname).All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("load names: %w", err))
	}
	for _, u := range us {
		out[u.ID] = u.Fullname
	}
	return out, nil
}
