package causelists

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/causelistdismissal"
	"github.com/kesihq/kesi/ent/causelistupload"
)

// EraseOwner deletes what the cause lists hold of one advocate: the
// findings they dismissed and the record of the lists they uploaded. The
// published lists themselves are public court documents and stay.
func EraseOwner(ctx context.Context, db *ent.Client, owner uuid.UUID) error {
	if _, err := db.CauseListDismissal.Delete().Where(causelistdismissal.OwnerID(owner)).Exec(ctx); err != nil {
		return fmt.Errorf("erase cause-list dismissals of %s: %w", owner, err)
	}
	if _, err := db.CauseListUpload.Delete().Where(causelistupload.OwnerID(owner)).Exec(ctx); err != nil {
		return fmt.Errorf("erase cause-list uploads of %s: %w", owner, err)
	}
	return nil
}

// Exported is what the cause lists hold of one advocate, for their export.
type Exported struct {
	Uploads    []ExportedUpload    `json:"uploads"`
	Dismissals []ExportedDismissal `json:"dismissed_findings"`
}

// ExportedUpload is a list the advocate uploaded, under the name they gave it.
type ExportedUpload struct {
	FileName   string    `json:"file_name"`
	Court      string    `json:"court"`
	FirstDate  string    `json:"first_date"`
	LastDate   string    `json:"last_date"`
	Rows       int       `json:"rows"`
	UploadedAt time.Time `json:"uploaded_at"`
}

// ExportedDismissal is a finding the advocate hid.
type ExportedDismissal struct {
	CaseID      string    `json:"case_id"` // the case's internal id, as cases.json has it
	Kind        string    `json:"kind"`
	ListedDate  string    `json:"listed_date"`
	DismissedAt time.Time `json:"dismissed_at"`
}

// Export answers the lists owner uploaded and the findings they dismissed,
// oldest first.
func Export(ctx context.Context, db *ent.Client, owner uuid.UUID) (Exported, error) {
	var out Exported
	ups, err := db.CauseListUpload.Query().Where(causelistupload.OwnerID(owner)).
		WithList().Order(causelistupload.ByCreatedAt(), causelistupload.ByID()).All(ctx)
	if err != nil {
		return out, fmt.Errorf("export cause-list uploads of %s: %w", owner, err)
	}
	for _, u := range ups {
		e := ExportedUpload{FileName: u.FileName, UploadedAt: u.CreatedAt.UTC()}
		if l := u.Edges.List; l != nil {
			e.Court, e.FirstDate, e.LastDate, e.Rows = l.Court, l.FirstDate.String(), l.LastDate.String(), l.Rows
		}
		out.Uploads = append(out.Uploads, e)
	}
	ds, err := db.CauseListDismissal.Query().Where(causelistdismissal.OwnerID(owner)).
		Order(causelistdismissal.ByCreatedAt(), causelistdismissal.ByID()).All(ctx)
	if err != nil {
		return out, fmt.Errorf("export cause-list dismissals of %s: %w", owner, err)
	}
	for _, d := range ds {
		out.Dismissals = append(out.Dismissals, ExportedDismissal{
			CaseID: d.CaseRef.String(), Kind: d.Kind, ListedDate: d.ListedDate.String(), DismissedAt: d.CreatedAt.UTC(),
		})
	}
	return out, nil
}
