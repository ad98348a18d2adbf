package cases

import (
	"context"
	"fmt"
	"sort"

	entsql "entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/lawclient"
	"github.com/kesihq/kesi/ent/predicate"
)

// MsgNotFound is what a person sees for a case that is not theirs or not there.
const MsgNotFound = "Case not found."

// loadCase is the owner's case matching where, with its linked clients' ids.
// Not found is decided here: another lawyer's case is simply not found.
func loadCase(ctx context.Context, db *ent.Client, owner uuid.UUID, where ...predicate.CourtCase) (*ent.CourtCase, error) {
	c, err := db.CourtCase.Query().
		Where(append(where, scope(owner))...).
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, errs.NotFound(MsgNotFound)
	}
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("load case of %s: %w", owner, err))
	}
	if err := withClientIDs(ctx, db, owner, []*ent.CourtCase{c}); err != nil {
		return nil, err
	}
	return c, nil
}

// Settle recomputes and saves the stored next date of case id after its
// sittings changed in db (a transaction of the caller's): the next-date
// rule's one write path, for the imports that add sittings.
func Settle(ctx context.Context, db *ent.Client, id uuid.UUID, today civil.Date) error {
	return settle(ctx, db, id, today)
}

// withClientIDs sets the Clients edge of the owner's cases cs to their
// linked clients' ids, by client name. It starts from the owner's clients
// (the owner_id, fullname index) and reads the links by the join table's
// primary key, which begins with the client: ent's WithClients instead
// sends every case id as a parameter (500 for a full case list) and reads
// the join table by court_case_id, which no index covers. An owner with no
// clients costs one indexed query that finds nothing.
func withClientIDs(ctx context.Context, db *ent.Client, owner uuid.UUID, cs []*ent.CourtCase) error {
	if len(cs) == 0 {
		return nil
	}
	q := db.LawClient.Query().Where(lawclient.OwnerID(owner))
	if len(cs) == 1 {
		q.Where(lawclient.HasCasesWith(courtcase.ID(cs[0].ID)))
	}
	cls, err := q.Select(lawclient.FieldID).Order(lawclient.ByFullname(), lawclient.ByID()).
		WithCases(func(q *ent.CourtCaseQuery) { q.Select(courtcase.FieldID) }).
		All(ctx)
	if err != nil {
		return errs.Internal(fmt.Errorf("load client links of %s: %w", owner, err))
	}
	byID := make(map[uuid.UUID]*ent.CourtCase, len(cs))
	for _, c := range cs {
		c.Edges.Clients = nil
		byID[c.ID] = c
	}
	for _, cl := range cls {
		for _, linked := range cl.Edges.Cases {
			if c := byID[linked.ID]; c != nil {
				c.Edges.Clients = append(c.Edges.Clients, &ent.LawClient{ID: cl.ID})
			}
		}
	}
	return nil
}

// SortActivities orders activities by date, then by time with unknown
// times after known ones, then by kind, ascending.
func SortActivities(acts []*ent.Activity) {
	sort.SliceStable(acts, func(i, j int) bool {
		a, b := acts[i], acts[j]
		if a.ActivityDate != b.ActivityDate {
			return a.ActivityDate.Before(b.ActivityDate)
		}
		return timeLess(a.Time, b.Time)
	})
}

// timeLess orders "HH:MM" times, unknown ("") last.
func timeLess(a, b string) bool {
	switch {
	case a == b:
		return false
	case a == "":
		return false
	case b == "":
		return true
	}
	return a < b
}

// entries is the owner's activities dated start..end with their cases, by
// date, then time (unknown last), then case number. Two queries, each on
// an owner-scoped index and with a fixed number of parameters: the
// activities on (owner_id, activity_date), and the cases having such an
// activity as a semi-join on the same index (a list of hundreds of case
// ids as parameters costs more than the query itself).
func entries(ctx context.Context, db *ent.Client, owner uuid.UUID, today, start, end civil.Date) ([]Entry, error) {
	// The sittings of owner's firm; those of a colleague's unshared case
	// are dropped below with their case, which scope does not select.
	inRange := []predicate.Activity{peerSittings(owner)}
	if start == end {
		inRange = append(inRange, activity.ActivityDate(start))
	} else {
		inRange = append(inRange, activity.ActivityDateGTE(start), activity.ActivityDateLTE(end))
	}
	acts, err := db.Activity.Query().Where(inRange...).
		Select(activity.FieldCaseRef, activity.FieldActivity, activity.FieldActivityDate, activity.FieldTime,
			activity.FieldOutcome, activity.FieldClientName, activity.FieldCreatedAt,
			activity.FieldAttendedBy, activity.FieldAssignedBy).
		All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("list activities of %s from %s to %s: %w", owner, start, end, err))
	}
	if len(acts) == 0 {
		return []Entry{}, nil
	}
	cs, err := db.CourtCase.Query().
		Where(scope(owner), courtcase.HasActivitiesWith(inRange...)).
		All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("list cases of %s from %s to %s: %w", owner, start, end, err))
	}
	// Each case keeps its own next date, right on today.
	if err := asOf(ctx, db, today, cs); err != nil {
		return nil, err
	}
	byID := make(map[uuid.UUID]*ent.CourtCase, len(cs))
	for _, c := range cs {
		byID[c.ID] = c
	}
	out := make([]Entry, 0, len(acts))
	var assigned []uuid.UUID
	for _, a := range acts {
		if c := byID[a.CaseRef]; c != nil {
			out = append(out, Entry{Case: caseOf(c), Sitting: sittingOf(a)})
			if a.AttendedBy != nil {
				assigned = append(assigned, *a.AttendedBy)
			}
			if a.AssignedBy != nil {
				assigned = append(assigned, *a.AssignedBy)
			}
		}
	}
	if len(assigned) > 0 {
		// A firm's sittings assigned to a member say to whom, and by whom.
		name, err := names(ctx, db, assigned)
		if err != nil {
			return nil, err
		}
		for i := range out {
			st := &out[i].Sitting
			st.AttendedByName, st.AssignedByName = name[st.AttendedBy], name[st.AssignedBy]
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Sitting, out[j].Sitting
		if a.Date != b.Date {
			return a.Date.Before(b.Date)
		}
		if a.Time != b.Time {
			return timeLess(a.Time, b.Time)
		}
		return out[i].Case.CaseID < out[j].Case.CaseID
	})
	return out, nil
}

func entDesc() entsql.OrderTermOption { return entsql.OrderDesc() }
