package cases

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/user"
)

// MsgSittingNotFound is what a person sees for a sitting of a case they do
// not see, or no sitting at all.
const MsgSittingNotFound = "Sitting not found."

// MsgShareFirst refuses to assign a colleague to a sitting of a case that
// is not shared with the firm: they could not see it.
const MsgShareFirst = "Share this case with the firm before assigning a colleague to it."

// Assign names attendee to attend the sitting activityID of a case viewer
// sees; uuid.Nil, or the case's owner, clears the assignment (the owner
// attends). A colleague may be assigned only to a shared case's sitting.
// That attendee is a member of viewer's firm is the firm domain's rule,
// checked before. The sitting is answered as it now is.
func (s *Service) Assign(ctx context.Context, viewer, activityID, attendee uuid.UUID) (CaseSitting, error) {
	a, err := s.db.Activity.Query().Where(activity.ID(activityID), sittingScope(viewer)).WithCase().Only(ctx)
	if ent.IsNotFound(err) {
		return CaseSitting{}, errs.NotFound(MsgSittingNotFound)
	}
	if err != nil {
		return CaseSitting{}, errs.Internal(fmt.Errorf("load sitting %s: %w", activityID, err))
	}
	c := a.Edges.Case
	up := s.db.Activity.UpdateOneID(a.ID)
	if attendee == uuid.Nil || attendee == c.OwnerID {
		up.ClearAttendedBy().ClearAssignedBy()
	} else {
		if !c.Shared {
			return CaseSitting{}, errs.FailedPrecondition(MsgShareFirst)
		}
		up.SetAttendedBy(attendee).SetAssignedBy(viewer)
	}
	// One statement: of two assignments at once, the later one stands, whole.
	if err := up.Exec(ctx); err != nil {
		return CaseSitting{}, errs.Internal(fmt.Errorf("assign sitting %s: %w", a.ID, err))
	}
	ss, err := sittings(ctx, s.db, activity.ID(a.ID))
	if err != nil {
		return CaseSitting{}, errs.Internal(err)
	}
	if len(ss) == 0 {
		return CaseSitting{}, errs.NotFound(MsgSittingNotFound)
	}
	return ss[0], nil
}

// Attendance answers the sittings dated start..end of the cases viewer
// sees (their own and those shared with their firm), each with who
// attends it: the firm's days, and the material of the clash rules.
func (s *Service) Attendance(ctx context.Context, viewer uuid.UUID, start, end civil.Date) ([]CaseSitting, error) {
	if err := CheckRange(start, end, MaxRangeDays); err != nil {
		return nil, err
	}
	ss, err := sittings(ctx, s.db, sittingScope(viewer), activity.ActivityDateGTE(start), activity.ActivityDateLTE(end))
	if err != nil {
		return nil, errs.Internal(err)
	}
	return ss, nil
}

// CaseAttendance answers the sittings of the case id viewer sees, by date,
// each with who attends it.
func (s *Service) CaseAttendance(ctx context.Context, viewer, id uuid.UUID) ([]CaseSitting, error) {
	if _, _, err := s.IsShared(ctx, viewer, id); err != nil {
		return nil, err
	}
	ss, err := sittings(ctx, s.db, activity.CaseRef(id), sittingScope(viewer))
	if err != nil {
		return nil, errs.Internal(err)
	}
	return ss, nil
}

// names answers the full names of the accounts ids, for the sittings'
// "assigned by" marks.
func names(ctx context.Context, db *ent.Client, ids []uuid.UUID) (map[uuid.UUID]string, error) {
	out := map[uuid.UUID]string{}
	if len(ids) == 0 {
		return out, nil
	}
	us, err := db.User.Query().Where(user.IDIn(ids...)).Select(user.FieldID, user.FieldFullname).All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("load names: %w", err))
	}
	for _, u := range us {
		out[u.ID] = u.Fullname
	}
	return out, nil
}
