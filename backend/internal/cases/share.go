package cases

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/predicate"
)

// MsgOwnerOnly is what a firm member sees who tries what only a case's
// owner does (delete it, share it or take it back).
const MsgOwnerOnly = "Only the advocate who owns this case can do that."

// Share shares the owner's case id with the owner's firm (shared true) or
// takes it back. Taking it back also withdraws its sittings from the
// colleagues assigned to attend them. A case the caller sees through the
// firm but does not own is refused; one they do not see is not found. The
// caller's firm membership is the firm domain's rule, checked before.
func (s *Service) Share(ctx context.Context, owner, id uuid.UUID, shared bool) (Case, error) {
	c, err := loadCase(ctx, s.db, owner, courtcase.ID(id))
	if err != nil {
		return Case{}, err
	}
	if c.OwnerID != owner {
		return Case{}, errs.PermissionDenied(MsgOwnerOnly)
	}
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		if err := tx.CourtCase.Update().Where(courtcase.ID(id), owned(owner)).SetShared(shared).Exec(ctx); err != nil {
			return errs.Internal(fmt.Errorf("share case %s: %w", id, err))
		}
		if shared {
			return nil
		}
		return unassign(ctx, tx, activity.CaseRef(id), activity.AttendedByNEQ(owner))
	})
	if err != nil {
		return Case{}, err
	}
	return s.Get(ctx, owner, id)
}

// IsShared answers whether the case id the viewer sees is shared, and
// who owns it.
func (s *Service) IsShared(ctx context.Context, viewer, id uuid.UUID) (shared bool, owner uuid.UUID, err error) {
	c, err := s.db.CourtCase.Query().Where(courtcase.ID(id), scope(viewer)).
		Select(courtcase.FieldOwnerID, courtcase.FieldShared).Only(ctx)
	if ent.IsNotFound(err) {
		return false, uuid.Nil, errs.NotFound(MsgNotFound)
	}
	if err != nil {
		return false, uuid.Nil, errs.Internal(fmt.Errorf("load case %s: %w", id, err))
	}
	return c.Shared, c.OwnerID, nil
}

// Detach is member leaving their firm (or removed from it), in tx, the
// firm domain's transaction: their cases stay theirs and stop being
// shared, so that a later firm never inherits them; the sittings of their
// cases assigned to colleagues go back to them, and the sittings of
// colleagues' cases assigned to them go back to their owners. Reads scope
// by membership, so the colleagues' cases disappear from member's lists in
// the same commit.
func Detach(ctx context.Context, tx *ent.Client, member uuid.UUID) error {
	if err := tx.CourtCase.Update().Where(owned(member), courtcase.Shared(true)).SetShared(false).Exec(ctx); err != nil {
		return fmt.Errorf("unshare cases of %s: %w", member, err)
	}
	if err := unassign(ctx, tx, activity.OwnerID(member), activity.AttendedByNEQ(member)); err != nil {
		return err
	}
	return unassign(ctx, tx, activity.AttendedBy(member), activity.OwnerIDNEQ(member))
}

// unassign clears the attendee of the sittings matching where.
func unassign(ctx context.Context, tx *ent.Client, where ...predicate.Activity) error {
	where = append(where, activity.AttendedByNotNil())
	if err := tx.Activity.Update().Where(where...).ClearAttendedBy().ClearAssignedBy().Exec(ctx); err != nil {
		return errs.Internal(fmt.Errorf("clear assignments: %w", err))
	}
	return nil
}
