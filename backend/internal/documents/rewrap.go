package documents

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/documents/sealed"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/document"
)

// RewrapReport counts what Rewrap did.
type RewrapReport struct {
	Rewrapped int // data keys moved to the current master key
	Current   int // documents already under it
	Unknown   int // wrapped under a key no configured master key has
	Failed    int // could not be unwrapped (damaged or moved rows)
	// Unreadable lists up to a few documents of Unknown and Failed.
	Unreadable []uuid.UUID
}

const rewrapBatch = 200

// Rewrap re-wraps every document's data key under the current master key,
// from the previous ones (KESI_MASTER_KEY_PREVIOUS), so that an old key can
// be retired. The documents' bytes do not change: only the wrapped keys
// do. It is idempotent and resumable: a document already under the current
// key is left alone, each row is updated on its own and only if its key is
// still the one read (another server's rewrap, run at once, wins without
// harm), so an interrupted run is finished by running it again.
func (s *Service) Rewrap(ctx context.Context) (RewrapReport, error) {
	var r RewrapReport
	current := s.keys.CurrentID()
	n, err := s.db.Document.Query().Where(document.KeyID(current)).Count(ctx)
	if err != nil {
		return r, fmt.Errorf("count documents under the current key: %w", err)
	}
	r.Current = n
	var after uuid.UUID // rows are visited in id order; uuid.Nil sorts first
	for {
		rows, err := s.db.Document.Query().
			Where(document.KeyIDNEQ(current), document.IDGT(after)).
			Order(ent.Asc(document.FieldID)).
			Limit(rewrapBatch).
			Select(document.FieldID, document.FieldBlobKey, document.FieldWrappedKey, document.FieldKeyID).
			All(ctx)
		if err != nil {
			return r, fmt.Errorf("list documents to rewrap: %w", err)
		}
		for _, row := range rows {
			after = row.ID
			if err := s.rewrapOne(ctx, row, &r); err != nil {
				return r, err
			}
		}
		if len(rows) < rewrapBatch {
			return r, nil
		}
	}
}

func (s *Service) rewrapOne(ctx context.Context, row *ent.Document, r *RewrapReport) error {
	key, err := s.keys.Unwrap(row.WrappedKey, row.KeyID, row.BlobKey)
	if err != nil {
		if errors.Is(err, sealed.ErrUnknownKey) {
			r.Unknown++
		} else {
			r.Failed++
		}
		if len(r.Unreadable) < 5 {
			r.Unreadable = append(r.Unreadable, row.ID)
		}
		slog.WarnContext(ctx, "rewrap: cannot open a document's data key", "document", row.ID, "key_id", row.KeyID, "err", err)
		return nil
	}
	wrapped, keyID, err := s.keys.Wrap(key, row.BlobKey)
	if err != nil {
		return err
	}
	n, err := s.db.Document.Update().
		Where(document.ID(row.ID), document.KeyID(row.KeyID)).
		SetWrappedKey(wrapped).SetKeyID(keyID).
		Save(ctx)
	if err != nil {
		return fmt.Errorf("rewrap document %s: %w", row.ID, err)
	}
	if n == 1 {
		r.Rewrapped++
	} else {
		r.Current++ // rewrapped meanwhile by another run (or deleted)
	}
	return nil
}
