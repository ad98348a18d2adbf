package documents_test

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/blob"
	"github.com/kesihq/kesi/backend/internal/config"
	"github.com/kesihq/kesi/backend/internal/documents"
	"github.com/kesihq/kesi/backend/internal/documents/sealed"
	"github.com/kesihq/kesi/backend/internal/testkit"
)

// The operator's experiment of issue 15: Kesi started on an empty database
// (a typo in the URL, a restore drill) with the real, populated blob store.
// It used to sweep every blob older than an hour. Now it refuses to start,
// and even a sweep run over that pair deletes nothing.
func TestEmptyDatabaseOverPopulatedStoreLosesNothing(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		lawyer := srv.Lawyer(t)
		newCase(t, srv, lawyer.User.ID, "MCCC/E1/2024")
		for range 3 {
			uploadOK(t, srv, lawyer, "MCCC/E1/2024", "Pleadings", bytesFile("plaint.pdf", randomBytes(t, 5000)))
		}
		before := blobFiles(t, srv)
		if len(before) != 3 {
			t.Fatalf("%d blobs stored, want 3", len(before))
		}
		blobURL := "file://" + filepath.Join(srv.DataDir, "blobs")

		// Another database, empty, against the same store.
		emptyURL, emptyPath := testkit.DatabaseURL(t, e)
		if emptyPath != "" {
			emptyURL = "file:" + emptyPath
		}
		a := newApp(t, map[string]string{"KESI_DATABASE_URL": emptyURL, "KESI_BLOB_URL": blobURL})
		err := a.Migrate(context.Background())
		if !errors.Is(err, documents.ErrWrongInstallation) || !strings.Contains(err.Error(), "KESI_DATABASE_URL") {
			t.Fatalf("migrate on an empty database over a populated store: %v", err)
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := a.ServeListener(ctx, ln); !errors.Is(err, documents.ErrWrongInstallation) {
			t.Fatalf("serve on the wrong database: %v", err)
		}

		// Even a sweep forced over the pair, hours later, deletes nothing.
		store, err := blob.Open(blobURL)
		if err != nil {
			t.Fatal(err)
		}
		keys, err := sealed.NewKeyring(randomBytes(t, 32))
		if err != nil {
			t.Fatal(err)
		}
		clock := testkit.NewClock(time.Now().Add(48 * time.Hour))
		if err := documents.NewService(a.DB.Client, store, keys, clock, documents.DefaultLimits).Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		if after := blobFiles(t, srv); len(after) != len(before) {
			t.Fatalf("the sweep over an empty database deleted blobs: %d of %d left", len(after), len(before))
		}

		// A store from before installation ids (no id file) with documents,
		// over an empty database: refused too.
		if err := os.Remove(filepath.Join(srv.DataDir, "blobs", "kesi", "installation-id")); err != nil {
			t.Fatal(err)
		}
		if err := a.Check(context.Background()); !errors.Is(err, documents.ErrWrongInstallation) {
			t.Fatalf("an empty database over a populated store without an id: %v", err)
		}
		// The right database adopts such a store again.
		if err := srv.App.Check(context.Background()); err != nil {
			t.Fatalf("the right database over its own store: %v", err)
		}
		if err := a.Check(context.Background()); !errors.Is(err, documents.ErrWrongInstallation) {
			t.Fatalf("after the store got its id back: %v", err)
		}
	})
}

func TestInstallationIDsThatDifferStopTheServer(t *testing.T) {
	one := testkit.NewServer(t, testkit.SQLite, nil)
	two := testkit.NewServer(t, testkit.SQLite, nil)
	// Server two's database, pointed at server one's store.
	a := newApp(t, map[string]string{
		"KESI_DATABASE_URL": two.App.Config.DatabaseURL,
		"KESI_DATA_DIR":     two.DataDir,
		"KESI_BLOB_URL":     one.App.Config.BlobURL,
	})
	err := a.Check(context.Background())
	if !errors.Is(err, documents.ErrWrongInstallation) || !strings.Contains(err.Error(), "belong to different Kesi installations") {
		t.Fatalf("two installations' database and store: %v", err)
	}
}

func newApp(t *testing.T, env map[string]string) *app.App {
	t.Helper()
	if _, ok := env["KESI_DATA_DIR"]; !ok {
		env["KESI_DATA_DIR"] = t.TempDir()
	}
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	a, err := app.New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}
