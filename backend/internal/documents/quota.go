package documents

import (
	"context"
	"errors"
	"fmt"

	entsql "entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/document"
	"github.com/kesihq/kesi/ent/pendingupload"
	"github.com/kesihq/kesi/ent/user"
)

// Quota bounds the document bytes one account stores.
type Quota struct {
	Bytes     int64 // per account; 0: no quota
	DemoBytes int64 // the demo account's, whose credentials are public
	// RowLocks locks the owner's row while reserving (Postgres); SQLite's
	// immediate transactions already run one at a time.
	RowLocks bool
}

// SetQuota sets the storage quota (none until it is called).
func (s *Service) SetQuota(q Quota) { s.quota = q }

const (
	// reserveStep is how much of the quota an upload reserves at a time
	// as its bytes stream in.
	reserveStep  = 1 << 20
	msgOverQuota = "The file %q does not fit in your document storage: your documents use %s of the %s you may store. Please delete documents you no longer need, or upload a smaller file."
)

// errOverQuota is an upload that would take its owner past the quota.
type errOverQuota struct{ used, quota int64 }

func (e errOverQuota) Error() string {
	return fmt.Sprintf("storage quota: %d of %d bytes used", e.used, e.quota)
}

// Usage is the bytes owner's documents take, with what uploads in
// progress have reserved.
func (s *Service) Usage(ctx context.Context, owner uuid.UUID) (int64, error) {
	return usage(ctx, s.db, owner)
}

func usage(ctx context.Context, db *ent.Client, owner uuid.UUID) (int64, error) {
	stored, err := db.Document.Query().Where(document.OwnerID(owner)).
		Aggregate(coalesceSum(document.FieldSizeBytes)).Int(ctx)
	if err != nil {
		return 0, fmt.Errorf("sum the documents of %s: %w", owner, err)
	}
	reserved, err := db.PendingUpload.Query().Where(pendingupload.OwnerID(owner)).
		Aggregate(coalesceSum(pendingupload.FieldReservedBytes)).Int(ctx)
	if err != nil {
		return 0, fmt.Errorf("sum the uploads in progress of %s: %w", owner, err)
	}
	return int64(stored) + int64(reserved), nil
}

// coalesceSum is SUM(column), 0 over no rows.
func coalesceSum(column string) ent.AggregateFunc {
	return func(s *entsql.Selector) string {
		return "COALESCE(SUM(" + s.C(column) + "), 0)"
	}
}

// reserve holds at least need more bytes of owner's quota for the pending
// upload key, and up to reserveStep when there is room, in one
// transaction that no other reservation of the same owner runs beside, so
// that two uploads, on one server or several, cannot both pass the quota.
// It answers what it reserved.
func (s *Service) reserve(ctx context.Context, owner uuid.UUID, key string, quota, need int64) (int64, error) {
	var granted int64
	err := platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		if s.quota.RowLocks {
			if _, err := tx.User.Query().Where(user.ID(owner)).ForUpdate().IDs(ctx); err != nil {
				return fmt.Errorf("lock the account %s: %w", owner, err)
			}
		}
		used, err := usage(ctx, tx, owner)
		if err != nil {
			return err
		}
		avail := quota - used
		if avail < need {
			return errOverQuota{used: used, quota: quota}
		}
		granted = max(need, min(reserveStep, avail))
		n, err := tx.PendingUpload.Update().Where(pendingupload.BlobKey(key)).AddReservedBytes(granted).Save(ctx)
		if err != nil {
			return fmt.Errorf("reserve storage for %s: %w", key, err)
		}
		if n != 1 {
			return fmt.Errorf("reserve storage for %s: its pending record is gone", key)
		}
		return nil
	})
	return granted, err
}

// quotaError is the message a person sees for an upload over the quota.
func quotaError(err error, filename string) (error, bool) {
	var over errOverQuota
	if !errors.As(err, &over) {
		return nil, false
	}
	return errs.TooLarge(fmt.Sprintf(msgOverQuota, filename, humanSize(over.used), humanSize(over.quota))), true
}
