// Package documents holds a case's documents: files encrypted as they
// stream in (package sealed), kept in a blob.Store, with their metadata and
// wrapped data keys in the database. Only the owner reaches them.
package documents

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/blob"
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/documents/sealed"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/metrics"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/document"
	"github.com/kesihq/kesi/ent/pendingupload"
)

// Messages of SPEC.md section 5, and Kesi's own for what it adds.
const (
	MsgNoFiles      = "Please select at least one file to upload"
	MsgNoTitle      = "Please enter a document title"
	MsgCaseNotFound = "Case not found"
	MsgDocNotFound  = "Document not found"
	msgEmptyFile    = "The file %q is empty. Please choose a file that has content."
	msgFileTooLarge = "The file %q is larger than %s, the most one file may be."
	msgTitleTooLong = "The document title must be at most 300 characters."
	msgNoteTooLong  = "The note must be at most 5000 characters."
	maxTitleBytes   = 300 // bytes, as the columns' validators count
	maxNoteBytes    = 5000
	blobPrefix      = "doc/"
	orphanAge       = time.Hour
	sweepBatch      = 200
	// sweepMaxDeletes caps what one sweep deletes: a mistake costs at most
	// this many blobs before someone reads the WARN lines.
	sweepMaxDeletes = 500
)

// Document is one file's metadata.
type Document struct {
	ID          uuid.UUID
	Owner       uuid.UUID
	CaseRef     uuid.UUID
	CaseID      string // the court's case number
	Title       string
	Note        string
	Filename    string
	Extension   string
	ContentType string
	Size        int64
	SHA256      string
	CreatedAt   time.Time

	blobKey    string
	wrappedKey []byte
	keyID      string
	chunkSize  int
}

// Limits bound uploads.
type Limits struct {
	File     int64 // per file
	DemoFile int64 // per file, for the demo account, whose credentials are public
	Request  int64 // per upload request, all files together
	Files    int   // files per upload request
}

// DefaultLimits are Kesi's limits when the configuration sets none.
var DefaultLimits = Limits{File: 25 << 20, DemoFile: 2 << 20, Request: 100 << 20, Files: 20}

// Service is the documents domain.
type Service struct {
	db        *ent.Client
	blobs     blob.Store
	keys      *sealed.Keyring
	clock     platform.Clock
	limits    Limits
	chunkSize int
	probeID   string // names this process's readiness probe in the blob store
	quota     Quota
}

// NewService builds the documents service.
func NewService(db *ent.Client, blobs blob.Store, keys *sealed.Keyring, clock platform.Clock, limits Limits) *Service {
	return &Service{db: db, blobs: blobs, keys: keys, clock: clock, limits: limits, chunkSize: sealed.DefaultChunkSize, probeID: uuid.NewString()}
}

// Limits are the service's upload limits.
func (s *Service) Limits() Limits { return s.limits }

// RequestTooLarge is the error for an upload request over Limits.Request.
func (s *Service) RequestTooLarge() error {
	return errs.TooLarge(fmt.Sprintf("The upload is larger than %s, the most one upload may be. Please send fewer or smaller files.", humanSize(s.limits.Request)))
}

// Upload gathers the files of one upload request. Each file is sealed
// straight into the blob store as it streams in; the metadata rows are
// written only by Commit, once every blob is complete. Abort (or a failed
// Commit) deletes the blobs written so far, so nothing is left half-written.
type Upload struct {
	svc       *Service
	owner     uuid.UUID
	fileLimit int64
	quota     int64 // bytes the owner may store; 0: no quota
	files     []Document
}

// NewUpload starts an upload by owner, whose role decides the file size
// limit: the demo account's is smaller.
func (s *Service) NewUpload(owner uuid.UUID, r role.Role) *Upload {
	limit, quota := s.limits.File, s.quota.Bytes
	if r == role.Demo {
		limit, quota = s.limits.DemoFile, s.quota.DemoBytes
	}
	return &Upload{svc: s, owner: owner, fileLimit: limit, quota: quota}
}

// ErrEmptyFile is returned by AddFile for a file with no bytes.
var ErrEmptyFile = errors.New("empty file")

// ErrRequestBody wraps a failure to read a file from the client: a broken
// or malformed request, not a failure of Kesi's.
var ErrRequestBody = errors.New("read the uploaded file")

// AddFile seals r into a new blob, refusing files over the upload's limit
// and files past Limits.Files. A file with no bytes answers an
// invalid-input error wrapping ErrEmptyFile.
func (u *Upload) AddFile(ctx context.Context, filename string, r io.Reader) error {
	s := u.svc
	if len(u.files) >= s.limits.Files {
		return errs.Invalidf("files", "One upload may hold at most %d files. Please upload the others separately.", s.limits.Files)
	}
	limit := u.fileLimit
	id := uuid.New()
	doc := Document{
		ID:        id,
		Owner:     u.owner,
		Filename:  SanitizeFilename(filename),
		blobKey:   blobPrefix + id.String(),
		chunkSize: s.chunkSize,
	}
	doc.Extension = Extension(doc.Filename)
	dataKey, err := sealed.NewKey()
	if err != nil {
		return errs.Internal(err)
	}
	if doc.wrappedKey, doc.keyID, err = s.keys.Wrap(dataKey, doc.blobKey); err != nil {
		return errs.Internal(err)
	}

	// Recorded before the first byte is stored: the sweep deletes only
	// blobs the database knows to be unfinished uploads.
	if err := s.recordPending(ctx, u.owner, doc.blobKey); err != nil {
		return err
	}
	in := &inspector{r: r, limit: limit, hash: sha256.New()}
	if u.quota > 0 {
		// The quota is reserved as the bytes come, so that two uploads at
		// once cannot both pass it.
		in.reserve = func(need int64) (int64, error) {
			return s.reserve(context.WithoutCancel(ctx), u.owner, doc.blobKey, u.quota, need)
		}
	}
	pr, pw := io.Pipe()
	stored := make(chan error, 1)
	go func() {
		err := s.blobs.Put(ctx, doc.blobKey, pr)
		pr.CloseWithError(err) // unblock the writer if the store gave up
		stored <- err
	}()
	sealErr := func() error {
		w, err := sealed.NewWriter(pw, dataKey, s.chunkSize)
		if err != nil {
			return err
		}
		if _, err := io.Copy(w, in); err != nil {
			return err
		}
		if in.n == 0 {
			e := errs.Invalidf("files", msgEmptyFile, doc.Filename)
			e.Err = ErrEmptyFile
			return e
		}
		return w.Close()
	}()
	if sealErr != nil {
		pw.CloseWithError(sealErr)
	} else {
		pw.Close()
	}
	putErr := <-stored
	if sealErr != nil || putErr != nil {
		// The store may have finished before the failure reached it: undo.
		s.discard(ctx, []string{doc.blobKey})
	}
	switch {
	case sealErr != nil:
		if errors.Is(sealErr, errTooLarge) {
			return errs.TooLarge(fmt.Sprintf(msgFileTooLarge, doc.Filename, humanSize(limit)))
		}
		if e, ok := quotaError(sealErr, doc.Filename); ok {
			return e
		}
		if in.err != nil {
			return fmt.Errorf("%w: %w", ErrRequestBody, in.err)
		}
		if errs.KindOf(sealErr) != errs.KindInternal {
			return sealErr
		}
		return errs.Internal(fmt.Errorf("store %s: %w", doc.blobKey, sealErr))
	case putErr != nil:
		return errs.Internal(fmt.Errorf("store %s: %w", doc.blobKey, putErr))
	}
	doc.Size = in.n
	doc.SHA256 = hex.EncodeToString(in.hash.Sum(nil))
	doc.ContentType = DetectContentType(in.head, doc.Extension)
	u.files = append(u.files, doc)
	return nil
}

// Files is how many files were added.
func (u *Upload) Files() int { return len(u.files) }

// Commit checks the form fields and writes one metadata row per file, in
// one transaction, under the owner's case caseRef (its court number or
// internal id). On any failure it deletes the blobs.
func (u *Upload) Commit(ctx context.Context, caseRef, title, note string) ([]Document, error) {
	docs, err := u.commit(ctx, caseRef, title, note)
	if err != nil {
		u.Abort(context.WithoutCancel(ctx))
		return nil, err
	}
	return docs, nil
}

func (u *Upload) commit(ctx context.Context, caseRef, title, note string) ([]Document, error) {
	s := u.svc
	c, title, note, err := s.Prepare(ctx, u.owner, caseRef, title, note)
	if err != nil {
		return nil, err
	}
	if len(u.files) == 0 {
		return nil, errs.Invalid("files", MsgNoFiles)
	}
	now := s.clock.Now().UTC().Truncate(time.Microsecond)
	for i := range u.files {
		d := &u.files[i]
		d.CaseRef, d.CaseID, d.Title, d.Note, d.CreatedAt = c.ID, c.CaseID, title, note, now
	}
	if err := s.insert(ctx, u.files); err != nil {
		return nil, err
	}
	docs := u.files
	u.files = nil
	return docs, nil
}

// Abort deletes the blobs of an upload that will not be committed.
func (u *Upload) Abort(ctx context.Context) {
	keys := make([]string, len(u.files))
	for i, d := range u.files {
		keys[i] = d.blobKey
	}
	u.svc.discard(ctx, keys)
	u.files = nil
}

// Prepare checks an upload's fields and finds its case: a blank title, an
// over-long note or another owner's case are refused before any byte is
// stored when the form sends its fields first, as SPEC.md's client does.
func (s *Service) Prepare(ctx context.Context, owner uuid.UUID, caseRef, title, note string) (*ent.CourtCase, string, string, error) {
	title, note = cleanText(title), cleanText(note)
	switch {
	case title == "":
		return nil, "", "", errs.Invalid("document_title", MsgNoTitle)
	case len(title) > maxTitleBytes:
		return nil, "", "", errs.Invalid("document_title", msgTitleTooLong)
	case len(note) > maxNoteBytes:
		return nil, "", "", errs.Invalid("note", msgNoteTooLong)
	}
	c, err := s.findCase(ctx, owner, caseRef)
	if err != nil {
		return nil, "", "", err
	}
	return c, title, note, nil
}

// List answers the documents of owner's case caseRef, newest first; an
// unknown case has none.
func (s *Service) List(ctx context.Context, owner uuid.UUID, caseRef string) ([]Document, error) {
	// Documents follow their case's visibility: a case shared with the
	// caller's firm shows its documents to every member.
	c, err := s.findVisibleCase(ctx, owner, caseRef)
	if errs.KindOf(err) == errs.KindNotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	docs, err := s.list(ctx, owner, document.CaseRef(c.ID), document.HasCaseWith(cases.Scope(owner)))
	for i := range docs {
		docs[i].CaseID = c.CaseID
	}
	return docs, err
}

// Get answers one document of a case owner sees (their own, or shared with
// their firm).
func (s *Service) Get(ctx context.Context, owner, id uuid.UUID) (Document, error) {
	return s.getWhere(ctx, owner, id, document.HasCaseWith(cases.Scope(owner)))
}

// Delete removes one of owner's documents: the row, then the blob. A blob
// this cannot delete stays recorded for the sweep (see deleteRows).
func (s *Service) Delete(ctx context.Context, owner, id uuid.UUID) error {
	d, err := s.get(ctx, owner, id)
	if err != nil {
		return err
	}
	return s.purge(ctx, owner, []Document{d})
}

// PurgeCase deletes every document of owner's case (the cases service calls
// it before deleting the case).
func (s *Service) PurgeCase(ctx context.Context, owner, caseRef uuid.UUID) error {
	docs, err := s.listByCaseRef(ctx, owner, caseRef)
	if err != nil {
		return err
	}
	return s.purge(ctx, owner, docs)
}

// PendCase records, in tx, the file of every document still on the case
// as one the sweep deletes: the cases service calls it in the transaction
// that deletes the case, after PurgeCase, so that a document committed in
// between, whose row the database drops with the case, does not leave its
// file behind for ever.
func (s *Service) PendCase(ctx context.Context, tx *ent.Client, caseRef uuid.UUID) error {
	rows, err := tx.Document.Query().Where(document.CaseRef(caseRef)).
		Select(document.FieldBlobKey, document.FieldOwnerID).All(ctx)
	if err != nil {
		return fmt.Errorf("documents left on case %s: %w", caseRef, err)
	}
	// Dated back past orphanAge, as deleteRows does: no upload is writing them.
	due := s.clock.Now().UTC().Add(-orphanAge - time.Second)
	for _, d := range rows {
		err := tx.PendingUpload.Create().SetBlobKey(d.BlobKey).SetOwnerID(d.OwnerID).SetCreatedAt(due).
			OnConflictColumns(pendingupload.FieldBlobKey).DoNothing().Exec(ctx)
		if err != nil && !ent.IsNotFound(err) { // DoNothing answers "no rows" on some dialects
			return fmt.Errorf("record the file of a document left on case %s: %w", caseRef, err)
		}
	}
	return nil
}

// PurgeOwner deletes every document of owner (the demo reset calls it).
func (s *Service) PurgeOwner(ctx context.Context, owner uuid.UUID) error {
	docs, err := s.listByOwner(ctx, owner)
	if err != nil {
		return err
	}
	return s.purge(ctx, owner, docs)
}

// purge deletes the rows of docs, each blob recorded for the sweep in the
// same transaction, then the blobs and, for those deleted, their records.
func (s *Service) purge(ctx context.Context, owner uuid.UUID, docs []Document) error {
	keys, err := s.deleteRows(ctx, owner, docs)
	if err != nil {
		return err
	}
	s.discard(ctx, keys)
	return nil
}

// deleteBlob removes a blob whose row is gone or was never written; a
// failure is logged, and the blob's pending record left for the sweep.
func (s *Service) deleteBlob(ctx context.Context, key string) bool {
	if err := s.blobs.Delete(context.WithoutCancel(ctx), key); err != nil {
		slog.WarnContext(ctx, "delete document blob; the sweep retries it", "key", key, "err", err)
		return false
	}
	return true
}

// discard deletes the blobs of uploads that will not commit, or of deleted
// documents, then their pending records. A blob that could not be deleted
// keeps its record, so that the sweep retries it.
func (s *Service) discard(ctx context.Context, keys []string) {
	ctx = context.WithoutCancel(ctx)
	var gone []string
	for _, key := range keys {
		if s.deleteBlob(ctx, key) {
			gone = append(gone, key)
		}
	}
	if err := s.forgetPending(ctx, gone); err != nil {
		slog.WarnContext(ctx, "forget pending uploads; the sweep will", "count", len(gone), "err", err)
	}
}

// Sweep finishes what interrupted uploads left behind, and nothing else.
// It deletes the blobs of uploads recorded as pending more than an hour ago
// that never committed (among them the blobs of deleted documents whose
// own delete failed: deleteRows records them so, already due), and the
// leftovers of interrupted writes; at most sweepMaxDeletes a run, each run
// logged at WARN with its count. A blob the database knows nothing about
// is reported, never deleted: it is a sign of a database that does not go
// with the store, not an orphan.
func (s *Service) Sweep(ctx context.Context) error {
	cutoff := s.clock.Now().Add(-orphanAge)
	budget := sweepMaxDeletes
	swept, err := s.sweepPending(ctx, cutoff, &budget)
	metrics.SweepDeletions.WithLabelValues("upload never completed").Add(float64(swept))
	if swept > 0 {
		slog.WarnContext(ctx, "swept the blobs of uploads that never completed", "count", swept, "cap", sweepMaxDeletes)
	}
	if err != nil {
		return err
	}
	partial, unknown, examples, err := s.survey(ctx, cutoff, &budget)
	metrics.SweepDeletions.WithLabelValues("interrupted write").Add(float64(partial))
	if err == nil {
		metrics.SweepUnknownBlobs.Set(float64(unknown))
	}
	if partial > 0 {
		slog.WarnContext(ctx, "swept the leftovers of interrupted blob writes", "count", partial, "cap", sweepMaxDeletes)
	}
	if unknown > 0 {
		slog.WarnContext(ctx, "document blobs the database does not know; left in place. Check that KESI_DATABASE_URL and KESI_BLOB_URL belong to the same installation",
			"count", unknown, "examples", examples)
	}
	if budget == 0 {
		slog.WarnContext(ctx, "sweep reached its cap; the rest waits for the next run", "cap", sweepMaxDeletes)
	}
	return err
}

// sweepPending deletes the blobs of uploads pending since before cutoff,
// then their records.
func (s *Service) sweepPending(ctx context.Context, cutoff time.Time, budget *int) (int, error) {
	swept := 0
	for *budget > 0 {
		pending, err := s.stalePending(ctx, cutoff, min(*budget, sweepBatch))
		if err != nil || len(pending) == 0 {
			return swept, err
		}
		known, err := s.knownBlobs(ctx, pending)
		if err != nil {
			return swept, err
		}
		for _, key := range pending {
			if !known[key] { // a committed row never has a pending record; be sure
				if err := s.blobs.Delete(ctx, key); err != nil {
					return swept, fmt.Errorf("sweep %s: %w", key, err)
				}
				swept++
				*budget--
			}
		}
		if err := s.forgetPending(ctx, pending); err != nil {
			return swept, err
		}
		if len(pending) < sweepBatch {
			return swept, nil
		}
	}
	return swept, nil
}

// survey lists the store's document blobs older than cutoff: leftovers of
// interrupted writes are deleted (within budget); blobs neither a document
// nor a pending upload are counted, with a few examples.
func (s *Service) survey(ctx context.Context, cutoff time.Time, budget *int) (partial, unknown int, examples []string, err error) {
	var batch []string
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		known, err := s.knownBlobs(ctx, batch)
		if err != nil {
			return err
		}
		pending, err := s.pendingBlobs(ctx, batch)
		if err != nil {
			return err
		}
		for _, key := range batch {
			if !known[key] && !pending[key] {
				unknown++
				if len(examples) < 5 {
					examples = append(examples, key)
				}
			}
		}
		batch = batch[:0]
		return nil
	}
	err = s.blobs.List(ctx, blobPrefix, func(o blob.Object) error {
		if o.Modified.After(cutoff) {
			return nil // maybe an upload in progress
		}
		if blob.Partial(o.Key) {
			if *budget == 0 {
				return nil
			}
			if err := s.blobs.Delete(ctx, o.Key); err != nil {
				return fmt.Errorf("sweep %s: %w", o.Key, err)
			}
			partial++
			*budget--
			return nil
		}
		batch = append(batch, o.Key)
		if len(batch) == sweepBatch {
			return flush()
		}
		return nil
	})
	if err != nil {
		return partial, unknown, examples, fmt.Errorf("survey document blobs: %w", err)
	}
	return partial, unknown, examples, flush()
}

// Content opens plaintext bytes [start, end) of d, decrypting only the
// chunks that hold them. It fails before answering anything if the data
// key cannot be unwrapped or the first chunk does not authenticate.
func (s *Service) Content(ctx context.Context, d Document, start, end int64) (io.ReadCloser, error) {
	if start < 0 || end > d.Size || start > end {
		return nil, fmt.Errorf("content range [%d, %d) of %d bytes", start, end, d.Size)
	}
	key, err := s.keys.Unwrap(d.wrappedKey, d.keyID, d.blobKey)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("unwrap the data key of document %s: %w", d.ID, err))
	}
	cs := int64(d.chunkSize)
	total := sealed.Chunks(d.Size, d.chunkSize)
	first, last := start/cs, max(end-1, 0)/cs
	if end == start { // nothing to read, but still prove the first chunk authentic
		last = first
	}
	header, err := s.readHeader(ctx, d)
	if err != nil {
		return nil, err
	}
	from := sealed.ChunkOffset(first, d.chunkSize)
	to := min(sealed.ChunkOffset(last+1, d.chunkSize), sealed.SealedSize(d.Size, d.chunkSize))
	body, err := s.blobs.Get(ctx, d.blobKey, from, to-from)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("open document %s: %w", d.ID, err))
	}
	r, err := sealed.NewChunkReader(body, key, header, first, last+1, total)
	if err != nil {
		body.Close()
		return nil, errs.Internal(err)
	}
	// Open the first chunk now, so that a tampered start fails with a status
	// rather than in the middle of a response.
	br := &prefetched{r: r}
	if err := br.fill(start-first*cs, d.chunkSize); err != nil {
		body.Close()
		return nil, errs.Internal(fmt.Errorf("decrypt document %s: %w", d.ID, err))
	}
	return struct {
		io.Reader
		io.Closer
	}{io.LimitReader(br, end-start), body}, nil
}

func (s *Service) readHeader(ctx context.Context, d Document) (sealed.Header, error) {
	rc, err := s.blobs.Get(ctx, d.blobKey, 0, sealed.HeaderSize)
	if err != nil {
		return sealed.Header{}, errs.Internal(fmt.Errorf("open document %s: %w", d.ID, err))
	}
	defer rc.Close()
	var raw [sealed.HeaderSize]byte
	if _, err := io.ReadFull(rc, raw[:]); err != nil {
		return sealed.Header{}, errs.Internal(fmt.Errorf("read header of document %s: %w", d.ID, err))
	}
	h, err := sealed.ParseHeader(raw[:])
	if err != nil {
		return h, errs.Internal(fmt.Errorf("document %s: %w", d.ID, err))
	}
	if h.ChunkSize() != d.chunkSize {
		return h, errs.Internal(fmt.Errorf("document %s: chunk size %d in the blob, %d in the row", d.ID, h.ChunkSize(), d.chunkSize))
	}
	return h, nil
}

// prefetched is a reader whose first chunk was opened ahead of time.
type prefetched struct {
	r    *sealed.Reader
	head []byte
}

// fill opens the first chunk, skipping skip of its bytes, and keeps the rest.
func (p *prefetched) fill(skip int64, chunkSize int) error {
	if skip > 0 {
		if _, err := io.CopyN(io.Discard, p.r, skip); err != nil {
			return err
		}
	}
	buf := make([]byte, chunkSize)
	n, err := p.r.Read(buf) // the rest of the chunk that is open, or the next one
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	p.head = buf[:n]
	return nil
}

func (p *prefetched) Read(b []byte) (int, error) {
	if len(p.head) > 0 {
		n := copy(b, p.head)
		p.head = p.head[n:]
		return n, nil
	}
	return p.r.Read(b)
}

// inspector passes a file through, counting, hashing and keeping its first
// 512 bytes for content sniffing, and fails once it passes limit.
type inspector struct {
	r     io.Reader
	limit int64
	n     int64
	// reserve, if set, is asked for at least need more bytes of quota
	// whenever n passes what it granted so far.
	reserve  func(need int64) (int64, error)
	reserved int64
	hash     hash.Hash
	head     []byte
	err      error // the reader's failure, other than io.EOF
}

var errTooLarge = errors.New("file over the size limit")

func (in *inspector) Read(p []byte) (int, error) {
	n, err := in.r.Read(p)
	if n > 0 {
		in.n += int64(n)
		if in.n > in.limit {
			return 0, errTooLarge
		}
		if in.reserve != nil && in.n > in.reserved {
			granted, err := in.reserve(in.n - in.reserved)
			if err != nil {
				return 0, err
			}
			in.reserved += granted
		}
		in.hash.Write(p[:n])
		if len(in.head) < 512 {
			in.head = append(in.head, p[:min(n, 512-len(in.head))]...)
		}
	}
	if err != nil && !errors.Is(err, io.EOF) {
		in.err = err
	}
	return n, err
}

// humanSize writes a byte limit for people: "25 MiB".
func humanSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
