package causelists

import (
	"context"
	"fmt"

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
