package cases

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/lawclient"
	"github.com/kesihq/kesi/ent/predicate"
)

// The data subject's rights (Kenya Data Protection Act 2019): what the
// account export reads of the diary, and what the erasure deletes. The
// cases domain owns the cases, their sittings and the client-case links.

// ExportedCase is one case of the account export, with every sitting and
// its outcome.
type ExportedCase struct {
	ID         string             `json:"id"`
	CaseNumber string             `json:"case_number"`
	Parties    string             `json:"parties"`
	Court      string             `json:"court"`
	FilingDate string             `json:"filing_date,omitempty"`
	Status     string             `json:"status"`
	CaseType   string             `json:"case_type"`
	Notes      string             `json:"notes"`
	Concluded  bool               `json:"concluded"`
	NextDate   string             `json:"next_date,omitempty"`
	ClientIDs  []string           `json:"client_ids"`
	CreatedAt  time.Time          `json:"created_at"`
	UpdatedAt  time.Time          `json:"updated_at"`
	Activities []ExportedActivity `json:"activities"`
}

// ExportedActivity is one sitting of an exported case.
type ExportedActivity struct {
	Activity   string    `json:"activity"`
	Date       string    `json:"date,omitempty"`
	Time       string    `json:"time,omitempty"`
	Outcome    string    `json:"outcome"`
	ClientName string    `json:"client_name,omitempty"`
	Imported   bool      `json:"imported"`
	CreatedAt  time.Time `json:"created_at"`
}

// Export answers every case owner owns, by case number, with its sittings
// in date order.
func Export(ctx context.Context, db *ent.Client, owner uuid.UUID) ([]ExportedCase, error) {
	return export(ctx, db, owner)
}

// ExportOnly answers the cases among ids that owner owns, as Export does
// (the client export passes one client's cases). No ids, no cases: a
// client linked to none must not get the whole diary.
func ExportOnly(ctx context.Context, db *ent.Client, owner uuid.UUID, ids []uuid.UUID) ([]ExportedCase, error) {
	if len(ids) == 0 {
		return []ExportedCase{}, nil
	}
	return export(ctx, db, owner, courtcase.IDIn(ids...))
}

func export(ctx context.Context, db *ent.Client, owner uuid.UUID, where ...predicate.CourtCase) ([]ExportedCase, error) {
	rows, err := db.CourtCase.Query().Where(owned(owner)).Where(where...).
		WithActivities(func(q *ent.ActivityQuery) {
			q.Order(activity.ByActivityDate(), activity.ByCreatedAt())
		}).
		WithClients(func(q *ent.LawClientQuery) { q.Select(lawclient.FieldID) }).
		Order(courtcase.ByCaseID()).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("export cases of %s: %w", owner, err)
	}
	out := make([]ExportedCase, len(rows))
	for i, c := range rows {
		e := ExportedCase{
			ID: c.ID.String(), CaseNumber: c.CaseID, Parties: c.Parties, Court: c.LawCourt,
			Status: c.Status, CaseType: c.CaseType, Notes: c.Notes, Concluded: c.Concluded,
			ClientIDs: []string{}, CreatedAt: c.CreatedAt.UTC(), UpdatedAt: c.UpdatedAt.UTC(),
			Activities: make([]ExportedActivity, len(c.Edges.Activities)),
		}
		if !c.FilingDate.IsZero() {
			e.FilingDate = c.FilingDate.String()
		}
		if !c.ActivityDate.IsZero() {
			e.NextDate = c.ActivityDate.String()
		}
		for _, cl := range c.Edges.Clients {
			e.ClientIDs = append(e.ClientIDs, cl.ID.String())
		}
		for j, a := range c.Edges.Activities {
			ea := ExportedActivity{Activity: a.Activity, Time: a.Time, Outcome: a.Outcome,
				ClientName: a.ClientName, Imported: a.Imported, CreatedAt: a.CreatedAt.UTC()}
			if !a.ActivityDate.IsZero() {
				ea.Date = a.ActivityDate.String()
			}
			e.Activities[j] = ea
		}
		out[i] = e
	}
	return out, nil
}

// UnlinkClient removes every link between owner's client and their cases,
// answering how many cases were unlinked; the clients domain calls it
// before it deletes the client. db may be a transaction.
func UnlinkClient(ctx context.Context, db *ent.Client, owner, clientID uuid.UUID) (int, error) {
	n, err := db.CourtCase.Update().
		Where(owned(owner), courtcase.HasClientsWith(lawclient.ID(clientID))).
		RemoveClientIDs(clientID).
		Save(ctx)
	if err != nil {
		return 0, fmt.Errorf("unlink client %s: %w", clientID, err)
	}
	return n, nil
}

// EraseOwner deletes every case of owner with its sittings and client
// links (the database cascades): the account erasure. The documents
// domain erases the case files (rows and blobs) before this runs.
func EraseOwner(ctx context.Context, db *ent.Client, owner uuid.UUID) error {
	if _, err := db.Activity.Delete().Where(activity.OwnerID(owner)).Exec(ctx); err != nil {
		return fmt.Errorf("erase sittings of %s: %w", owner, err)
	}
	return DeleteAll(ctx, db, owner)
}
