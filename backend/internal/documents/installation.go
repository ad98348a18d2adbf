package documents

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	stdsql "database/sql"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/blob"
	"github.com/kesihq/kesi/backend/internal/documents/sealed"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/installation"
)

// installationKey is where the blob store keeps the id of the installation
// it belongs to, outside the documents' prefix.
const installationKey = "kesi/installation-id"

// ErrWrongInstallation is returned by CheckInstallation when the database
// and the blob store belong to different installations.
var ErrWrongInstallation = errors.New("the database and the blob store belong to different Kesi installations")

// CheckInstallation makes sure that the database and the blob store belong
// together: both carry the same installation id. A fresh database with a
// fresh store gets a new id; an installation from before ids existed gets
// one on both sides. A store that holds another installation's id, or that
// holds documents while the database holds none, is refused: that is a
// mistyped database URL, a restore drill or a staging copy, and going on
// would make every blob look like an orphan.
func (s *Service) CheckInstallation(ctx context.Context) error {
	dbID, err := s.db.Installation.Query().Where(installation.ID(1)).Only(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return fmt.Errorf("read the installation id: %w", err)
	}
	storeID, err := s.storeInstallation(ctx)
	if err != nil {
		return err
	}
	switch {
	case dbID != nil && storeID != "" && dbID.InstallationID != storeID:
		return fmt.Errorf("%w: the database is installation %s, the blob store installation %s. Check KESI_DATABASE_URL and KESI_BLOB_URL: a restore must bring back the database that goes with the blob store", ErrWrongInstallation, dbID.InstallationID, storeID)
	case dbID == nil && storeID != "":
		return fmt.Errorf("%w: the blob store is installation %s but the database has no installation id (is it empty, or the wrong one?). Check KESI_DATABASE_URL: a restore must bring back the database that goes with the blob store", ErrWrongInstallation, storeID)
	case dbID != nil && storeID != "":
		return nil
	}
	if dbID == nil {
		// Neither side has an id: a new installation, or one from before
		// installation ids. Refuse a populated store over an empty database.
		docs, err := s.db.Document.Query().Exist(ctx)
		if err != nil {
			return fmt.Errorf("count documents: %w", err)
		}
		if !docs {
			stored, err := s.storeHasDocuments(ctx)
			if err != nil {
				return err
			}
			if stored {
				return fmt.Errorf("%w: the blob store holds documents but the database has none. Check KESI_DATABASE_URL: a restore must bring back the database that goes with the blob store", ErrWrongInstallation)
			}
		}
		// Concurrent first starts: the first insert wins, the others read it.
		err = s.db.Installation.Create().SetID(1).SetInstallationID(uuid.NewString()).SetCreatedAt(s.clock.Now().UTC()).
			OnConflict(sql.ConflictColumns(installation.FieldID)).DoNothing().Exec(ctx)
		if err != nil && !errors.Is(err, stdsql.ErrNoRows) {
			return fmt.Errorf("record the installation id: %w", err)
		}
		if dbID, err = s.db.Installation.Get(ctx, 1); err != nil {
			return fmt.Errorf("read the installation id: %w", err)
		}
	}
	// The database has an id, the store none yet (a new bucket, or an
	// upgrade): give the store the database's.
	if err := s.blobs.Put(ctx, installationKey, strings.NewReader(dbID.InstallationID)); err != nil {
		return fmt.Errorf("write the installation id to the blob store: %w", err)
	}
	return nil
}

func (s *Service) storeInstallation(ctx context.Context) (string, error) {
	rc, err := s.blobs.Get(ctx, installationKey, 0, -1)
	if errors.Is(err, blob.ErrNotFound) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read the blob store's installation id: %w", err)
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, 128))
	if err != nil {
		return "", fmt.Errorf("read the blob store's installation id: %w", err)
	}
	return string(bytes.TrimSpace(b)), nil
}

var errStop = errors.New("stop listing")

func (s *Service) storeHasDocuments(ctx context.Context) (bool, error) {
	found := false
	err := s.blobs.List(ctx, blobPrefix, func(o blob.Object) error {
		if blob.Partial(o.Key) {
			return nil
		}
		found = true
		return errStop
	})
	if err != nil && !errors.Is(err, errStop) {
		return false, fmt.Errorf("list the blob store: %w", err)
	}
	return found, nil
}

// keyCheckLabel binds the key-check record's wrapping to its purpose.
const keyCheckLabel = "kesi key check"

// ErrWrongMasterKey is returned when KESI_MASTER_KEY cannot open the
// key-check record: documents stored now could not be read with the key
// that stored the others, nor the others with this one.
var ErrWrongMasterKey = errors.New("the master key cannot open the key-check record")

// CheckKey proves at start that the master key (or one of the previous
// keys) is the one this installation's documents are wrapped with. The
// first start writes the record; after a rotation it is rewritten under the
// new key, once the new key has proved it holds the old one too.
func (s *Service) CheckKey(ctx context.Context) error {
	row, err := s.VerifyKey(ctx)
	if err != nil {
		return err
	}
	if row.KeyCheckID == s.keys.CurrentID() {
		return nil
	}
	secret, err := sealed.NewKey()
	if err != nil {
		return err
	}
	wrapped, keyID, err := s.keys.Wrap(secret, keyCheckLabel)
	if err != nil {
		return err
	}
	// Only over the record just read: another server may have written it.
	_, err = s.db.Installation.Update().
		Where(installation.ID(1), installation.KeyCheckID(row.KeyCheckID)).
		SetKeyCheck(wrapped).SetKeyCheckID(keyID).
		Save(ctx)
	if err != nil {
		return fmt.Errorf("write the key-check record: %w", err)
	}
	return nil
}

// VerifyKey opens the key-check record, if there is one, and answers the
// installation row. It writes nothing: readiness calls it.
func (s *Service) VerifyKey(ctx context.Context) (*ent.Installation, error) {
	row, err := s.db.Installation.Get(ctx, 1)
	if err != nil {
		return nil, fmt.Errorf("read the installation: %w", err)
	}
	if row.KeyCheckID == "" || row.KeyCheck == nil {
		return row, nil // not written yet: CheckKey writes it
	}
	if _, err := s.keys.Unwrap(*row.KeyCheck, row.KeyCheckID, keyCheckLabel); err != nil {
		return nil, fmt.Errorf("%w (it was written with master key %s, this server's is %s): check KESI_MASTER_KEY, and keep retired keys in KESI_MASTER_KEY_PREVIOUS until `kesi keys rewrap` has run",
			ErrWrongMasterKey, row.KeyCheckID, s.keys.CurrentID())
	}
	return row, nil
}

// minFreeBytes is the least free space a local blob store may have before
// readiness reports it nearly full.
const minFreeBytes = 256 << 20

// StoreReady reports whether the blob store accepts a write and, where it
// can tell, has room: readiness calls it.
func (s *Service) StoreReady(ctx context.Context) error {
	key := "kesi/readyz/" + s.probeID
	if err := s.blobs.Put(ctx, key, strings.NewReader("ok")); err != nil {
		return fmt.Errorf("the blob store is not writable: %w", err)
	}
	if err := s.blobs.Delete(ctx, key); err != nil {
		return fmt.Errorf("the blob store is not writable: %w", err)
	}
	if sp, ok := s.blobs.(blob.Spacer); ok {
		free, total, err := sp.Space()
		if err != nil {
			return fmt.Errorf("the blob store's free space: %w", err)
		}
		if free < minFreeBytes || free < total/100 {
			return fmt.Errorf("the blob store is nearly full: %s free of %s", humanSize(int64(free)), humanSize(int64(total)))
		}
	}
	return nil
}
