package documents_test

import (
	"context"
	"encoding/base64"
	"errors"
	"net"
	"net/http"
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
	t.Parallel()
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
	t.Parallel()
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

// Issue 15: a wrong master key started fine and every download then
// answered 500, and documents uploaded meanwhile stayed unreadable once the
// right key returned. A wrong key now refuses to start; a rotated key with
// the old one among the previous keys starts and takes the record over.
func TestWrongMasterKeyRefusesToStart(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		env := func(extra map[string]string) map[string]string {
			vars := map[string]string{
				"KESI_DATABASE_URL": srv.App.Config.DatabaseURL,
				"KESI_BLOB_URL":     srv.App.Config.BlobURL,
			}
			for k, v := range extra {
				vars[k] = v
			}
			return vars
		}
		if srv.App.Config.DatabaseURL == "" {
			t.Fatal("the test server's database URL is empty")
		}
		oldKey := base64.StdEncoding.EncodeToString(srv.App.Config.MasterKey)
		newKey := base64.StdEncoding.EncodeToString(randomBytes(t, 32))

		wrong := newApp(t, env(map[string]string{"KESI_MASTER_KEY": newKey}))
		if err := wrong.Check(context.Background()); !errors.Is(err, documents.ErrWrongMasterKey) || !strings.Contains(err.Error(), "KESI_MASTER_KEY") {
			t.Fatalf("start with a wrong master key: %v", err)
		}
		if r := srv.Anonymous().Do(t, http.MethodGet, "/readyz", nil); r.Status != http.StatusOK {
			t.Fatalf("the right server's /readyz = %d %s", r.Status, r.Body)
		}

		rotated := newApp(t, env(map[string]string{"KESI_MASTER_KEY": newKey, "KESI_MASTER_KEY_PREVIOUS": oldKey}))
		if err := rotated.Check(context.Background()); err != nil {
			t.Fatalf("start with a rotated key and the old one kept: %v", err)
		}
		// A server still on the old key alone could not read what the new
		// key now wraps: it says so.
		r := srv.Anonymous().Do(t, http.MethodGet, "/readyz", nil)
		if r.Status != http.StatusServiceUnavailable || !strings.Contains(string(r.Body), "master key") {
			t.Fatalf("/readyz of a server left on the retired key = %d %s", r.Status, r.Body)
		}
	})
}

func TestReadinessFailsWhenTheBlobStoreIsNotWritable(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	anon := srv.Anonymous()
	if r := anon.Do(t, http.MethodGet, "/readyz", nil); r.Status != http.StatusOK {
		t.Fatalf("/readyz = %d %s", r.Status, r.Body)
	}
	// Where the probe writes, a file stands in the way of its directory.
	probes := filepath.Join(srv.DataDir, "blobs", "kesi", "readyz")
	if err := os.RemoveAll(probes); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(probes, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	r := anon.Do(t, http.MethodGet, "/readyz", nil)
	if r.Status != http.StatusServiceUnavailable || !strings.Contains(string(r.Body), "blob store is not writable") {
		t.Fatalf("/readyz with the store not writable = %d %s", r.Status, r.Body)
	}
}
