package firm

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/firmmember"
)

// ShareCase shares caller's own case id with their firm, or takes it back.
// Sharing needs a firm; taking back never does.
func (s *Service) ShareCase(ctx context.Context, caller, id uuid.UUID, shared bool) (cases.Case, error) {
	m, err := s.membership(ctx, s.db, caller)
	if shared && errs.KindOf(err) == errs.KindNotFound {
		if _, _, err := s.cases.IsShared(ctx, caller, id); err != nil {
			return cases.Case{}, err // another's case: not found, before anything else
		}
		return cases.Case{}, errs.FailedPrecondition(MsgShareNeedsFirm)
	}
	if err != nil && errs.KindOf(err) != errs.KindNotFound {
		return cases.Case{}, err
	}
	c, err := s.cases.Share(ctx, caller, id, shared)
	if err != nil {
		return cases.Case{}, err
	}
	kind, firm := AuditCaseUnshared, ""
	if shared {
		kind = AuditCaseShared
	}
	if m != nil {
		firm = " firm " + m.FirmID.String()
	}
	s.audit.Audit(ctx, kind, &caller, "", "case "+c.ID.String()+" "+c.CaseID+firm)
	return c, nil
}

// AssignSitting names member (a member of caller's firm, or uuid.Nil for
// the case's owner) to attend sitting activityID, and answers it with the
// attendee's clashes that day.
func (s *Service) AssignSitting(ctx context.Context, caller, activityID, member uuid.UUID) (Sitting, []ClashView, error) {
	m, err := s.membership(ctx, s.db, caller)
	if err != nil {
		return Sitting{}, nil, err
	}
	if member != uuid.Nil {
		ok, err := s.db.FirmMember.Query().Where(firmmember.FirmID(m.FirmID), firmmember.UserID(member)).Exist(ctx)
		if err != nil {
			return Sitting{}, nil, errs.Internal(err)
		}
		if !ok {
			return Sitting{}, nil, errs.NotFound(MsgNotMember)
		}
	}
	sit, err := s.cases.Assign(ctx, caller, activityID, member)
	if err != nil {
		return Sitting{}, nil, err
	}
	s.audit.Audit(ctx, AuditSittingAssigned, &caller, "",
		fmt.Sprintf("sitting %s of case %s %s on %s: attended by %s", sit.ID, sit.CaseRef, sit.CaseNumber, sit.Date, sit.Attendee()))
	// The attendee's whole day, as they see it: their own private matters
	// clash too, but the caller sees only their court and time.
	day, err := s.cases.Attendance(ctx, sit.Attendee(), sit.Date, sit.Date)
	if err != nil {
		return Sitting{}, nil, err
	}
	seen, err := s.cases.Attendance(ctx, caller, sit.Date, sit.Date)
	if err != nil {
		return Sitting{}, nil, err
	}
	visible := map[uuid.UUID]bool{}
	for _, x := range seen {
		visible[x.ID] = true
	}
	var mine []Clash
	for _, c := range Clashes(day) {
		if c.Attendee != sit.Attendee() {
			continue
		}
		for i, x := range c.Sittings {
			if !visible[x.ID] {
				c.Sittings[i] = private(x)
			}
		}
		mine = append(mine, c)
	}
	views, err := s.clashViews(ctx, mine)
	if err != nil {
		return Sitting{}, nil, err
	}
	named, err := s.named(ctx, []cases.CaseSitting{sit})
	if err != nil {
		return Sitting{}, nil, err
	}
	return named[0], views, nil
}

// CaseSittings answers the sittings of case id with who attends each,
// whether it is shared, and who owns it (named even when it has no
// sitting yet).
func (s *Service) CaseSittings(ctx context.Context, caller, id uuid.UUID) (shared bool, owner uuid.UUID, ownerName string, out []Sitting, err error) {
	shared, owner, err = s.cases.IsShared(ctx, caller, id)
	if err != nil {
		return false, uuid.Nil, "", nil, err
	}
	ss, err := s.cases.CaseAttendance(ctx, caller, id)
	if err != nil {
		return false, uuid.Nil, "", nil, err
	}
	name, err := s.names(ctx, []uuid.UUID{owner})
	if err != nil {
		return false, uuid.Nil, "", nil, err
	}
	out, err = s.named(ctx, ss)
	return shared, owner, name[owner], out, err
}

// ListClashes answers the clashes of start..end among the sittings caller
// sees.
func (s *Service) ListClashes(ctx context.Context, caller uuid.UUID, start, end civil.Date) ([]ClashView, error) {
	if err := cases.CheckRange(start, end, MaxClashDays); err != nil {
		return nil, err
	}
	ss, err := s.cases.Attendance(ctx, caller, start, end)
	if err != nil {
		return nil, err
	}
	return s.clashViews(ctx, Clashes(ss))
}

// FirmDay answers every sitting on day that caller sees, with who attends.
func (s *Service) FirmDay(ctx context.Context, caller uuid.UUID, day civil.Date) ([]Sitting, error) {
	if day.IsZero() {
		return nil, errs.Invalid("date", "date is required, written YYYY-MM-DD.")
	}
	ss, err := s.cases.Attendance(ctx, caller, day, day)
	if err != nil {
		return nil, err
	}
	return s.named(ctx, ss)
}

// named resolves the names of the sittings' owners, attendees and assigners.
func (s *Service) named(ctx context.Context, ss []cases.CaseSitting) ([]Sitting, error) {
	var ids []uuid.UUID
	for _, x := range ss {
		ids = append(ids, x.CaseOwner, x.Attendee())
		if x.AssignedBy != uuid.Nil {
			ids = append(ids, x.AssignedBy)
		}
	}
	name, err := s.names(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]Sitting, len(ss))
	for i, x := range ss {
		out[i] = Sitting{CaseSitting: x, OwnerName: name[x.CaseOwner], AttendeeName: name[x.Attendee()], AssignedByName: name[x.AssignedBy]}
	}
	return out, nil
}

func (s *Service) clashViews(ctx context.Context, cs []Clash) ([]ClashView, error) {
	out := make([]ClashView, 0, len(cs))
	for _, c := range cs {
		ss, err := s.named(ctx, c.Sittings)
		if err != nil {
			return nil, err
		}
		name := ""
		if len(ss) > 0 {
			name = ss[0].AttendeeName
		}
		out = append(out, ClashView{Clash: c, Name: name, Message: c.Message(name), Sittings: ss})
	}
	return out, nil
}

// MsgPrivateMatter stands for a colleague's case not shared with the firm.
const MsgPrivateMatter = "Private matter"

// private is x as a colleague may see it in a clash: when and where, not
// which case.
func private(x cases.CaseSitting) cases.CaseSitting {
	return cases.CaseSitting{Owner: x.Owner, CaseOwner: x.CaseOwner, AttendedBy: x.AttendedBy, Court: x.Court,
		Activity: x.Activity, Date: x.Date, Time: x.Time, Parties: MsgPrivateMatter}
}
