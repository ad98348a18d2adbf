package documents_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent"
)

// lateUpload is the documents of a case with an upload that commits just
// after the case's documents were purged, before the case is deleted: the
// advocate's second tab, or a slow phone, finishing an upload.
type lateUpload struct {
	f     fixture
	t     *testing.T
	owner uuid.UUID
}

func (l lateUpload) PurgeCase(ctx context.Context, owner, caseRef uuid.UUID) error {
	if err := l.f.svc.PurgeCase(ctx, owner, caseRef); err != nil {
		return err
	}
	l.f.add(l.t, l.owner, "MCCC/E1/2024", "late.pdf")
	return nil
}

func (l lateUpload) PendCase(ctx context.Context, tx *ent.Client, caseRef uuid.UUID) error {
	return l.f.svc.PendCase(ctx, tx, caseRef)
}

// Deleting a case deletes its documents' files, even one whose upload
// committed while the case was being deleted: the database drops its row
// with the case, and nothing else would ever delete the client's file.
func TestDeleteCase_AnUploadLandingMeanwhileLeavesNoFile(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := newFixture(t, e)
		ctx := context.Background()
		a := f.srv.CreateUser(t, testkit.UserSpec{})
		c := newCase(t, f.srv, a.ID, "MCCC/E1/2024")
		f.add(t, a.ID, "MCCC/E1/2024", "plaint.pdf")
		diary := cases.NewService(f.srv.DB(), platform.Calendar{Clock: f.clock, Location: testkit.Nairobi}, lateUpload{f, t, a.ID})
		if e == testkit.Postgres {
			diary.LockRows()
		}
		if err := diary.Delete(ctx, a.ID, c.ID); err != nil {
			t.Fatal(err)
		}
		f.clock.Advance(2 * time.Hour)
		if err := f.svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if keys := f.keys(t); len(keys) != 0 {
			t.Fatalf("files left after the case and the sweep: %v", keys)
		}
	})
}
