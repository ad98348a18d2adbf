package reminders

import (
	"context"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent/civil"
)

// The kinds of cause-list finding a digest tells.
const (
	FindingListed    = "LISTED"     // the list confirms a sitting of the diary
	FindingNewDate   = "NEW_DATE"   // listed on a day the diary does not have
	FindingNotListed = "NOT_LISTED" // a list of the day and court omits a sitting
)

// Finding is what a cause list says about one of the advocate's matters on
// one day. Reminders reads findings and never the lists' tables: the
// cause-list check owns them (the app plugs it in through ListFindings).
type Finding struct {
	Kind        string
	CaseRef     uuid.UUID // the case's internal id
	CaseNumber  string    // as the advocate wrote it
	Activity    string    // the list's activity, "Mention"
	Time        string    // the list's time, "9:00 AM", or ""
	CourtRoom   string
	VirtualLink string
	Station     string // the station whose list it is, "BUTERE"
}

// ListFindings answers what the cause lists say about an advocate's matters
// on a day. Covers lets a run skip the check for advocates with nothing in
// the diary when no list of the day is stored at all.
type ListFindings interface {
	Covers(ctx context.Context, day civil.Date) (bool, error)
	Findings(ctx context.Context, owner uuid.UUID, day civil.Date) ([]Finding, error)
}
