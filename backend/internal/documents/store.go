package documents

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/document"
	"github.com/kesihq/kesi/ent/pendingupload"
	"github.com/kesihq/kesi/ent/predicate"
)

// findCase finds owner's case by its court number or internal id.
func (s *Service) findCase(ctx context.Context, owner uuid.UUID, ref string) (*ent.CourtCase, error) {
	if ref == "" {
		return nil, errs.Invalid("case_id", "Please choose the case the documents belong to.")
	}
	match := courtcase.CaseID(ref)
	if id, err := uuid.Parse(ref); err == nil {
		match = courtcase.Or(match, courtcase.ID(id))
	}
	c, err := s.db.CourtCase.Query().
		Where(courtcase.OwnerID(owner), match).
		Select(courtcase.FieldID, courtcase.FieldCaseID).
		First(ctx)
	if ent.IsNotFound(err) {
		return nil, errs.NotFound(MsgCaseNotFound)
	}
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("find case %q of %s: %w", ref, owner, err))
	}
	return c, nil
}

// findVisibleCase finds a case owner sees (see cases.Scope) by its court
// number or internal id, their own first when a colleague's shared case
// has the same number.
func (s *Service) findVisibleCase(ctx context.Context, owner uuid.UUID, ref string) (*ent.CourtCase, error) {
	c, err := s.findCase(ctx, owner, ref)
	if errs.KindOf(err) != errs.KindNotFound {
		return c, err
	}
	match := courtcase.CaseID(ref)
	if id, err := uuid.Parse(ref); err == nil {
		match = courtcase.Or(match, courtcase.ID(id))
	}
	c, err = s.db.CourtCase.Query().
		Where(cases.Scope(owner), match).
		Select(courtcase.FieldID, courtcase.FieldCaseID).
		Order(courtcase.ByID()).
		First(ctx)
	if ent.IsNotFound(err) {
		return nil, errs.NotFound(MsgCaseNotFound)
	}
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("find case %q seen by %s: %w", ref, owner, err))
	}
	return c, nil
}

// insert writes the rows of an upload in one transaction.
func (s *Service) insert(ctx context.Context, docs []Document) error {
	tx, err := s.db.Tx(ctx)
	if err != nil {
		return errs.Internal(fmt.Errorf("begin document insert: %w", err))
	}
	builders := make([]*ent.DocumentCreate, len(docs))
	for i, d := range docs {
		builders[i] = tx.Document.Create().
			SetID(d.ID).
			SetOwnerID(d.Owner).
			SetCaseRef(d.CaseRef).
			SetTitle(d.Title).
			SetNote(d.Note).
			SetOriginalFilename(d.Filename).
			SetExtension(d.Extension).
			SetContentType(d.ContentType).
			SetSizeBytes(d.Size).
			SetSha256(d.SHA256).
			SetBlobKey(d.blobKey).
			SetWrappedKey(d.wrappedKey).
			SetKeyID(d.keyID).
			SetChunkSize(d.chunkSize).
			SetCreatedAt(d.CreatedAt)
	}
	if err := tx.Document.CreateBulk(builders...).Exec(ctx); err != nil {
		tx.Rollback()
		return errs.Internal(fmt.Errorf("insert %d documents: %w", len(docs), err))
	}
	keys := make([]string, len(docs))
	for i, d := range docs {
		keys[i] = d.blobKey
	}
	if _, err := tx.PendingUpload.Delete().Where(pendingupload.BlobKeyIn(keys...)).Exec(ctx); err != nil {
		tx.Rollback()
		return errs.Internal(fmt.Errorf("complete %d pending uploads: %w", len(docs), err))
	}
	if err := tx.Commit(); err != nil {
		return errs.Internal(fmt.Errorf("commit document insert: %w", err))
	}
	return nil
}

func (s *Service) get(ctx context.Context, owner, id uuid.UUID) (Document, error) {
	return s.getWhere(ctx, owner, id, document.OwnerID(owner))
}

// getWhere answers document id when it matches access, for owner.
func (s *Service) getWhere(ctx context.Context, owner, id uuid.UUID, access predicate.Document) (Document, error) {
	row, err := s.db.Document.Query().
		Where(access, document.ID(id)).
		WithCase(func(q *ent.CourtCaseQuery) { q.Select(courtcase.FieldID, courtcase.FieldCaseID) }).
		Only(ctx)
	if ent.IsNotFound(err) {
		return Document{}, errs.NotFound(MsgDocNotFound)
	}
	if err != nil {
		return Document{}, errs.Internal(fmt.Errorf("get document %s of %s: %w", id, owner, err))
	}
	return fromRow(row), nil
}

func (s *Service) listByCaseRef(ctx context.Context, owner, caseRef uuid.UUID) ([]Document, error) {
	return s.listOwned(ctx, owner, document.CaseRef(caseRef))
}

func (s *Service) listByOwner(ctx context.Context, owner uuid.UUID) ([]Document, error) {
	return s.listOwned(ctx, owner)
}

func (s *Service) listOwned(ctx context.Context, owner uuid.UUID, where ...predicate.Document) ([]Document, error) {
	return s.list(ctx, owner, append(where, document.OwnerID(owner))...)
}

// list answers the documents matching where, which names the access.
func (s *Service) list(ctx context.Context, owner uuid.UUID, where ...predicate.Document) ([]Document, error) {
	rows, err := s.db.Document.Query().
		Where(where...).
		WithCase(func(q *ent.CourtCaseQuery) { q.Select(courtcase.FieldID, courtcase.FieldCaseID) }).
		Order(ent.Desc(document.FieldCreatedAt), ent.Asc(document.FieldOriginalFilename), ent.Asc(document.FieldID)).
		All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("list documents of %s: %w", owner, err))
	}
	docs := make([]Document, len(rows))
	for i, row := range rows {
		docs[i] = fromRow(row)
	}
	return docs, nil
}

// deleteRows deletes owner's documents docs and, in the same transaction,
// records each deleted row's blob as a pending upload already due. The
// sweep deletes only blobs the database says are unfinished, so this record
// is what lets it finish the blob's deletion should the caller's own fail
// (the store answering 503, the process dying): nothing held in one
// process's memory decides it. The record carries no reserved bytes, so the
// owner's quota is freed at once. It answers the keys of the rows it
// deleted; a row already gone was deleted, and recorded, by someone else.
func (s *Service) deleteRows(ctx context.Context, owner uuid.UUID, docs []Document) ([]string, error) {
	if len(docs) == 0 {
		return nil, nil
	}
	// In one order, so that two purges of the same rows at once (Postgres)
	// wait for each other rather than deadlock.
	docs = slices.Clone(docs)
	slices.SortFunc(docs, func(a, b Document) int { return bytes.Compare(a.ID[:], b.ID[:]) })
	// Dated back past orphanAge: no upload is writing these blobs, so the
	// next sweep may take them.
	due := s.clock.Now().UTC().Add(-orphanAge - time.Second)
	var keys []string
	err := platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		var records []*ent.PendingUploadCreate
		for _, d := range docs {
			// One row at a time, so that only the rows this transaction
			// deleted get a record (blob_key is unique).
			n, err := tx.Document.Delete().Where(document.OwnerID(owner), document.ID(d.ID)).Exec(ctx)
			if err != nil {
				return fmt.Errorf("delete document %s of %s: %w", d.ID, owner, err)
			}
			if n == 0 {
				continue
			}
			keys = append(keys, d.blobKey)
			records = append(records, tx.PendingUpload.Create().SetBlobKey(d.blobKey).SetOwnerID(owner).SetCreatedAt(due))
		}
		for batch := range slices.Chunk(records, sweepBatch) {
			if err := tx.PendingUpload.CreateBulk(batch...).Exec(ctx); err != nil {
				return fmt.Errorf("record %d deleted documents' blobs for the sweep: %w", len(batch), err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("delete %d documents of %s: %w", len(docs), owner, err))
	}
	return keys, nil
}

// knownBlobs reports which of keys have a metadata row.
func (s *Service) knownBlobs(ctx context.Context, keys []string) (map[string]bool, error) {
	found, err := s.db.Document.Query().Where(document.BlobKeyIn(keys...)).Select(document.FieldBlobKey).Strings(ctx)
	if err != nil {
		return nil, fmt.Errorf("look up %d blob keys: %w", len(keys), err)
	}
	known := make(map[string]bool, len(found))
	for _, k := range found {
		known[k] = true
	}
	return known, nil
}

// recordPending records that owner's upload is about to write key.
func (s *Service) recordPending(ctx context.Context, owner uuid.UUID, key string) error {
	err := s.db.PendingUpload.Create().SetBlobKey(key).SetOwnerID(owner).SetCreatedAt(s.clock.Now().UTC()).Exec(ctx)
	if err != nil {
		return errs.Internal(fmt.Errorf("record pending upload %s: %w", key, err))
	}
	return nil
}

// forgetPending deletes the pending records of keys.
func (s *Service) forgetPending(ctx context.Context, keys []string) error {
	// In batches: a purge of an owner's documents may name thousands.
	for batch := range slices.Chunk(keys, sweepBatch) {
		if _, err := s.db.PendingUpload.Delete().Where(pendingupload.BlobKeyIn(batch...)).Exec(ctx); err != nil {
			return fmt.Errorf("forget %d pending uploads: %w", len(batch), err)
		}
	}
	return nil
}

// pendingBlobs reports which of keys are recorded as pending uploads.
func (s *Service) pendingBlobs(ctx context.Context, keys []string) (map[string]bool, error) {
	found, err := s.db.PendingUpload.Query().Where(pendingupload.BlobKeyIn(keys...)).Select(pendingupload.FieldBlobKey).Strings(ctx)
	if err != nil {
		return nil, fmt.Errorf("look up %d pending blob keys: %w", len(keys), err)
	}
	pending := make(map[string]bool, len(found))
	for _, k := range found {
		pending[k] = true
	}
	return pending, nil
}

// stalePending answers up to limit keys of uploads pending since before cutoff.
func (s *Service) stalePending(ctx context.Context, cutoff time.Time, limit int) ([]string, error) {
	keys, err := s.db.PendingUpload.Query().
		Where(pendingupload.CreatedAtLT(cutoff)).
		Order(ent.Asc(pendingupload.FieldCreatedAt)).
		Limit(limit).
		Select(pendingupload.FieldBlobKey).
		Strings(ctx)
	if err != nil {
		return nil, fmt.Errorf("list stale pending uploads: %w", err)
	}
	return keys, nil
}

func fromRow(row *ent.Document) Document {
	d := Document{
		ID:          row.ID,
		Owner:       row.OwnerID,
		CaseRef:     row.CaseRef,
		Title:       row.Title,
		Note:        row.Note,
		Filename:    row.OriginalFilename,
		Extension:   row.Extension,
		ContentType: row.ContentType,
		Size:        row.SizeBytes,
		SHA256:      row.Sha256,
		CreatedAt:   row.CreatedAt,
		blobKey:     row.BlobKey,
		wrappedKey:  row.WrappedKey,
		keyID:       row.KeyID,
		chunkSize:   row.ChunkSize,
	}
	if c := row.Edges.Case; c != nil {
		d.CaseID = c.CaseID
	}
	return d
}
