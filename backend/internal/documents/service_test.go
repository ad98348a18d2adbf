package documents_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/kesihq/kesi/backend/internal/blob"
	"github.com/kesihq/kesi/backend/internal/documents"
	"github.com/kesihq/kesi/backend/internal/documents/sealed"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
)

// fixture is a documents service over a fresh database and a local store.
type fixture struct {
	srv   *testkit.Server
	svc   *documents.Service
	blobs blob.Store
	clock *testkit.Clock
}

func newFixture(t *testing.T, e testkit.Engine) fixture {
	t.Helper()
	srv := testkit.NewServer(t, e, nil)
	blobs, err := blob.NewDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	keys, err := sealed.NewKeyring(randomBytes(t, 32))
	if err != nil {
		t.Fatal(err)
	}
	clock := testkit.NewClock(time.Now())
	return fixture{srv: srv, svc: documents.NewService(srv.DB(), blobs, keys, clock, documents.DefaultLimits), blobs: blobs, clock: clock}
}

func (f fixture) keys(t *testing.T) []string {
	t.Helper()
	var out []string
	if err := f.blobs.List(context.Background(), "", func(o blob.Object) error {
		out = append(out, o.Key)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

func (f fixture) add(t *testing.T, owner uuid.UUID, caseID string, names ...string) []documents.Document {
	t.Helper()
	up := f.svc.NewUpload(owner, role.Lawyer)
	for _, n := range names {
		if err := up.AddFile(context.Background(), n, strings.NewReader("contents of "+n)); err != nil {
			t.Fatal(err)
		}
	}
	docs, err := up.Commit(context.Background(), caseID, "Title", "")
	if err != nil {
		t.Fatal(err)
	}
	return docs
}

func TestPurge_CaseAndOwnerRemoveRowsAndBlobs(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := newFixture(t, e)
		ctx := context.Background()
		a, b := f.srv.CreateUser(t, testkit.UserSpec{}), f.srv.CreateUser(t, testkit.UserSpec{})
		c1 := newCase(t, f.srv, a.ID, "MCCC/E1/2024")
		newCase(t, f.srv, a.ID, "MCCC/E2/2024")
		newCase(t, f.srv, b.ID, "MCCC/E1/2024")
		f.add(t, a.ID, "MCCC/E1/2024", "1.pdf", "2.pdf")
		keep := f.add(t, a.ID, "MCCC/E2/2024", "3.pdf")
		other := f.add(t, b.ID, "MCCC/E1/2024", "4.pdf")

		// Another owner's case id purges nothing.
		if err := f.svc.PurgeCase(ctx, b.ID, c1.ID); err != nil {
			t.Fatal(err)
		}
		if got := len(f.keys(t)); got != 4 {
			t.Fatalf("purging another owner's case removed blobs: %d left", got)
		}
		if err := f.svc.PurgeCase(ctx, a.ID, c1.ID); err != nil {
			t.Fatal(err)
		}
		want := []string{"doc/" + keep[0].ID.String(), "doc/" + other[0].ID.String()}
		slices.Sort(want)
		if got := f.keys(t); !slices.Equal(got, want) {
			t.Fatalf("after PurgeCase blobs are %v, want %v", got, want)
		}
		if err := f.svc.PurgeOwner(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		if got := f.keys(t); !slices.Equal(got, []string{"doc/" + other[0].ID.String()}) {
			t.Fatalf("after PurgeOwner blobs are %v", got)
		}
		if n := documentRows(t, f.srv); n != 1 {
			t.Fatalf("%d rows left, want the other owner's one", n)
		}
	})
}

func TestSweep_DeletesOnlyUploadsThatNeverCompleted(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := newFixture(t, e)
		ctx := context.Background()
		owner := f.srv.CreateUser(t, testkit.UserSpec{})
		newCase(t, f.srv, owner.ID, "MCCC/E1/2024")
		kept := f.add(t, owner.ID, "MCCC/E1/2024", "kept.pdf")
		// A server dies between storing a blob and committing its row: the
		// upload stays recorded as pending.
		crashed := f.svc.NewUpload(owner.ID, role.Lawyer)
		if err := crashed.AddFile(ctx, "crashed.pdf", strings.NewReader("never committed")); err != nil {
			t.Fatal(err)
		}
		// A blob the database knows nothing about (another installation's,
		// a restore in progress): never the sweep's to delete.
		stranger := "doc/" + uuid.NewString()
		if err := f.blobs.Put(ctx, stranger, strings.NewReader("someone's document")); err != nil {
			t.Fatal(err)
		}
		// The leftover of a write cut by a crash, never an object.
		if err := f.blobs.Put(ctx, "doc/.tmp-123456", strings.NewReader("half a file")); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if got := len(f.keys(t)); got != 4 {
			t.Fatalf("a fresh pending upload (maybe still in progress) was swept: %d blobs left, want 4", got)
		}
		f.clock.Advance(2 * time.Hour)
		if err := f.svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		want := []string{"doc/" + kept[0].ID.String(), stranger}
		slices.Sort(want)
		if got := f.keys(t); !slices.Equal(got, want) {
			t.Fatalf("after the sweep the store holds %v, want %v", got, want)
		}
		if n := f.srv.DB().PendingUpload.Query().CountX(ctx); n != 0 {
			t.Fatalf("%d pending records left after the sweep", n)
		}
		// Running again deletes nothing more.
		if err := f.svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if got := f.keys(t); !slices.Equal(got, want) {
			t.Fatalf("a second sweep changed the store: %v", got)
		}
	})
}

func TestSweep_DeletesAtMostItsCapPerRun(t *testing.T) {
	t.Parallel()
	f := newFixture(t, testkit.SQLite)
	ctx := context.Background()
	owner := f.srv.CreateUser(t, testkit.UserSpec{})
	const n = 520 // over the cap of 500
	for i := range n {
		up := f.svc.NewUpload(owner.ID, role.Lawyer)
		if err := up.AddFile(ctx, "crashed.pdf", strings.NewReader(strings.Repeat("x", i+1))); err != nil {
			t.Fatal(err)
		}
	}
	f.clock.Advance(2 * time.Hour)
	if err := f.svc.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	if got := len(f.keys(t)); got != n-500 {
		t.Fatalf("one sweep left %d of %d abandoned blobs, want %d (the cap is 500)", got, n, n-500)
	}
	if err := f.svc.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	if got := len(f.keys(t)); got != 0 {
		t.Fatalf("the next sweep left %d", got)
	}
}

// deletesDown is a blob store whose deletes fail while down is set: S3
// answering 503 Slow Down for a while.
type deletesDown struct {
	blob.Store
	down bool
}

func (d *deletesDown) Delete(ctx context.Context, key string) error {
	if d.down {
		return errors.New("503 Slow Down")
	}
	return d.Store.Delete(ctx, key)
}

func TestDelete_BlobsTheStoreFailedToDeleteAreSwept(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := newFixture(t, e)
		ctx := context.Background()
		store := &deletesDown{Store: f.blobs}
		keys, err := sealed.NewKeyring(randomBytes(t, 32))
		if err != nil {
			t.Fatal(err)
		}
		f.svc = documents.NewService(f.srv.DB(), store, keys, f.clock, documents.DefaultLimits)
		owner := f.srv.CreateUser(t, testkit.UserSpec{})
		newCase(t, f.srv, owner.ID, "MCCC/E1/2024")
		purged := newCase(t, f.srv, owner.ID, "MCCC/E2/2024")
		newCase(t, f.srv, owner.ID, "MCCC/E3/2024")
		one := f.add(t, owner.ID, "MCCC/E1/2024", "plaint.pdf")
		f.add(t, owner.ID, "MCCC/E2/2024", "defence.pdf", "reply.pdf")
		f.add(t, owner.ID, "MCCC/E3/2024", "ruling.pdf")

		// Each way a document goes, while the store refuses every delete:
		// the rows go, and the blobs stay recorded for the sweep.
		store.down = true
		if err := f.svc.Delete(ctx, owner.ID, one[0].ID); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.PurgeCase(ctx, owner.ID, purged.ID); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.PurgeOwner(ctx, owner.ID); err != nil {
			t.Fatal(err)
		}
		if n := documentRows(t, f.srv); n != 0 {
			t.Fatalf("%d document rows left", n)
		}
		if got := len(f.keys(t)); got != 4 {
			t.Fatalf("%d blobs while the store refused deletes, want 4", got)
		}
		// The deleted documents no longer count against the quota.
		if used, err := f.svc.Usage(ctx, owner.ID); err != nil || used != 0 {
			t.Fatalf("usage after deleting everything: %d, %v", used, err)
		}

		// The store recovers; the next sweep, with no clock advanced,
		// deletes what the deletes could not.
		store.down = false
		if err := f.svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if got := f.keys(t); len(got) != 0 {
			t.Fatalf("the deleted documents' blobs are still stored after the sweep: %v", got)
		}
		if n := f.srv.DB().PendingUpload.Query().CountX(ctx); n != 0 {
			t.Fatalf("%d pending records left after the sweep", n)
		}
		if n := documentRows(t, f.srv); n != 0 {
			t.Fatalf("%d document rows after the sweep", n)
		}
	})
}

func TestUpload_AbortedUploadLeavesNothing(t *testing.T) {
	t.Parallel()
	f := newFixture(t, testkit.SQLite)
	ctx := context.Background()
	owner := f.srv.CreateUser(t, testkit.UserSpec{})
	newCase(t, f.srv, owner.ID, "MCCC/E1/2024")
	up := f.svc.NewUpload(owner.ID, role.Lawyer)
	if err := up.AddFile(ctx, "a.pdf", strings.NewReader("complete")); err != nil {
		t.Fatal(err)
	}
	// The client goes away in the middle of the second file.
	err := up.AddFile(ctx, "b.pdf", io.MultiReader(bytes.NewReader(randomBytes(t, 200000)), errReader{}))
	if err == nil {
		t.Fatal("a file whose stream broke was accepted")
	}
	up.Abort(ctx)
	if got := f.keys(t); len(got) != 0 {
		t.Fatalf("an aborted upload left %v", got)
	}
	// A commit that fails (here: the case is unknown) also cleans up.
	up = f.svc.NewUpload(owner.ID, role.Lawyer)
	if err := up.AddFile(ctx, "a.pdf", strings.NewReader("complete")); err != nil {
		t.Fatal(err)
	}
	if _, err := up.Commit(ctx, "NO/SUCH/CASE", "T", ""); errs.KindOf(err) != errs.KindNotFound {
		t.Fatalf("commit to an unknown case: %v", err)
	}
	if got := f.keys(t); len(got) != 0 || documentRows(t, f.srv) != 0 {
		t.Fatalf("a failed commit left %v", got)
	}
	if n := f.srv.DB().PendingUpload.Query().CountX(ctx); n != 0 {
		t.Fatalf("aborted uploads left %d pending records", n)
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("connection reset by peer") }

func TestUpload_ThroughS3CompatibleStorage(t *testing.T) {
	t.Parallel()
	s3 := httptest.NewServer(gofakes3.New(s3mem.New()).Server())
	t.Cleanup(s3.Close)
	u, _ := url.Parse(s3.URL)
	srv := testkit.NewServer(t, testkit.SQLite, map[string]string{
		"KESI_BLOB_URL": "s3://kesi:secret@kesi-documents/prod?region=us-east-1&insecure=true&endpoint=" + u.Host,
	})
	lawyer := srv.Lawyer(t)
	newCase(t, srv, lawyer.User.ID, "MCCC/E3574/2022")
	plain := randomBytes(t, 9<<20+123) // over one multipart part
	d := uploadOK(t, srv, lawyer, "MCCC/E3574/2022", "Bundle", bytesFile("bundle.pdf", plain))[0]
	got := fetch(t, srv, lawyer, d.DocumentURL, nil)
	if got.status != 200 || !bytes.Equal(got.body, plain) {
		t.Fatalf("download from S3: %d, %d bytes", got.status, len(got.body))
	}
	ranged := fetch(t, srv, lawyer, d.DocumentURL, map[string]string{"Range": "bytes=5000000-5100000"})
	if ranged.status != 206 || !bytes.Equal(ranged.body, plain[5000000:5100001]) {
		t.Fatalf("range from S3: %d, %d bytes", ranged.status, len(ranged.body))
	}
	if files := blobFiles(t, srv); len(files) != 0 {
		t.Fatalf("with S3 configured, files were written locally: %v", files)
	}
}

func TestDeleteCase_DeletesItsDocumentsAndBlobs(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		lawyer := srv.Lawyer(t)
		gone := newCase(t, srv, lawyer.User.ID, "MCCC/E1/2024")
		kept := newCase(t, srv, lawyer.User.ID, "MCCC/E2/2024")
		d := uploadOK(t, srv, lawyer, gone.CaseID, "Plaint", bytesFile("a.pdf", []byte("a")), bytesFile("b.pdf", []byte("b")))
		k := uploadOK(t, srv, lawyer, kept.CaseID, "Plaint", bytesFile("c.pdf", []byte("c")))
		if res := lawyer.Do(t, "DELETE", "/api/cases/"+gone.ID.String(), nil); res.Status != 200 && res.Status != 204 {
			t.Fatalf("delete case: %d %s", res.Status, res.Body)
		}
		for _, doc := range d {
			if got := fetch(t, srv, lawyer, doc.DocumentURL, nil); got.status != 404 {
				t.Errorf("a document of the deleted case answers %d", got.status)
			}
		}
		if files := blobFiles(t, srv); len(files) != 1 || !strings.HasSuffix(files[0], k[0].DocumentID) {
			t.Fatalf("blobs after deleting the case: %v", files)
		}
	})
}
