package cases

import (
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/civil"
)

// Case is a court matter as the diary answers it: the doors and other
// domains see this, never the stored row.
type Case struct {
	ID         uuid.UUID
	CaseID     string // the number as the court writes it
	Parties    string
	LawCourt   string
	FilingDate civil.Date
	Status     string
	CaseType   string
	Notes      string
	// MarkUpdated: the viewer snoozed the needing-update reminder (Pending):
	// the owner's snooze or a colleague's own (a case mark).
	MarkUpdated bool
	// Concluded: no next date, never needing an update.
	Concluded bool
	// The sitting the case shows (see DatesOf): its next date, else its
	// latest; zero with no sittings or when concluded.
	NextDate civil.Date
	NextTime string
	NextKind string
	// LatestDate is the date of the case's latest sitting.
	LatestDate civil.Date
	// ClientIDs are the clients linked to the case, ordered by their names;
	// none when none is linked or the read did not ask for them (Parts).
	ClientIDs []uuid.UUID
	CreatedAt time.Time
	UpdatedAt time.Time
	// SharedWithMe: the case is a colleague's, shared with the viewer's
	// firm. Its number may name one of the viewer's own cases too.
	SharedWithMe bool
}

// Parts says which parts of a Case a read answers beyond the case's own
// columns: its client links cost the read a lookup a case, and its
// timestamps (created, updated) the decoding of two columns a row, so a
// read whose caller shows none (the REST door, an integrator's read mask)
// leaves them out. The doors derive it from a read mask (AIP-157).
type Parts struct {
	ClientIDs bool
	Times     bool
}

// AllParts answers a case whole.
var AllParts = Parts{ClientIDs: true, Times: true}

// Sitting is one dated step of a case: a mention, a hearing, a ruling...
type Sitting struct {
	ID         uuid.UUID
	CaseRef    uuid.UUID
	Kind       string
	Date       civil.Date
	Time       string // "HH:MM", "" when unknown
	Outcome    string // "" until recorded; recorded, the sitting is done
	ClientName string
	CreatedAt  time.Time
	// AttendedBy is the firm member assigned to attend, AssignedBy who
	// assigned them (uuid.Nil when no one is: the owner attends), with
	// their names in calendar answers.
	AttendedBy, AssignedBy         uuid.UUID
	AttendedByName, AssignedByName string
}

// sittingOf is the stored row a as the domain's Sitting.
func sittingOf(a *ent.Activity) Sitting {
	out := Sitting{ID: a.ID, CaseRef: a.CaseRef, Kind: a.Activity, Date: a.ActivityDate, Time: a.Time,
		Outcome: a.Outcome, ClientName: a.ClientName, CreatedAt: a.CreatedAt}
	if a.AttendedBy != nil {
		out.AttendedBy = *a.AttendedBy
	}
	if a.AssignedBy != nil {
		out.AssignedBy = *a.AssignedBy
	}
	return out
}
