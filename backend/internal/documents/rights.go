package documents

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent/document"
	"github.com/kesihq/kesi/ent/pendingupload"
)

// OwnerDocuments answers every document of owner, oldest first: the
// account export opens each with Content.
func (s *Service) OwnerDocuments(ctx context.Context, owner uuid.UUID) ([]Document, error) {
	return s.listByOwner(ctx, owner)
}

// EraseOwner deletes every document of owner, the stored file first and
// then its row, and every upload of theirs that never finished: the
// account erasure. Unlike a purge it stops at the first file the store
// cannot delete, so that the erasure job retries it rather than leave a
// blob nobody knows about; a file already gone counts as deleted, so a run
// cut short resumes cleanly.
func (s *Service) EraseOwner(ctx context.Context, owner uuid.UUID) error {
	docs, err := s.listByOwner(ctx, owner)
	if err != nil {
		return err
	}
	for _, d := range docs {
		if err := s.blobs.Delete(ctx, d.blobKey); err != nil {
			return fmt.Errorf("erase document %s of %s: %w", d.ID, owner, err)
		}
		if _, err := s.db.Document.Delete().Where(document.ID(d.ID), document.OwnerID(owner)).Exec(ctx); err != nil {
			return fmt.Errorf("erase document row %s: %w", d.ID, err)
		}
	}
	pending, err := s.db.PendingUpload.Query().Where(pendingupload.OwnerID(owner)).All(ctx)
	if err != nil {
		return fmt.Errorf("list pending uploads of %s: %w", owner, err)
	}
	for _, p := range pending {
		if err := s.blobs.Delete(ctx, p.BlobKey); err != nil {
			return fmt.Errorf("erase pending upload of %s: %w", owner, err)
		}
		if err := s.db.PendingUpload.DeleteOne(p).Exec(ctx); err != nil {
			return fmt.Errorf("forget pending upload of %s: %w", owner, err)
		}
	}
	return nil
}
