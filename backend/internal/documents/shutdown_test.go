package documents_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"io"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/config"
	"github.com/kesihq/kesi/backend/internal/testkit"
)

// Issue 15: an upload cut by the shutdown deadline leaves nothing behind:
// no row, no pending record, no blob, even though the process exits at
// once after serving.
func TestUploadCutByShutdownLeavesNothing(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		lawyer := srv.Lawyer(t)
		newCase(t, srv, lawyer.User.ID, "MCCC/E1/2024")
		env := map[string]string{
			"KESI_DATA_DIR":       srv.DataDir,
			"KESI_DATABASE_URL":   srv.App.Config.DatabaseURL,
			"KESI_BLOB_URL":       srv.App.Config.BlobURL,
			"KESI_MASTER_KEY":     base64.StdEncoding.EncodeToString(srv.App.Config.MasterKey),
			"KESI_SHUTDOWN_GRACE": "300ms",
			"KESI_DB_MAX_CONNS":   "4",
		}
		cfg, err := config.Load(func(k string) string { return env[k] })
		if err != nil {
			t.Fatal(err)
		}
		a, err := app.New(ctx, cfg, app.WithClock(srv.Clock)) // the clock the session was signed in by
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		serveCtx, stop := context.WithCancel(ctx)
		served := make(chan error, 1)
		go func() { served <- a.ServeListener(serveCtx, ln) }()

		// An upload that sends 300 KB and then nothing more.
		stall := &gated{head: bytes.NewReader(randomBytes(t, 300<<10)), tail: strings.NewReader("never sent"), open: make(chan struct{})}
		defer close(stall.open)
		req := uploadRequest(t, srv, form{caseID: str("MCCC/E1/2024"), title: str("Plaint"), files: []file{{name: "big.pdf", body: stall}}})
		req.URL, _ = url.Parse("http://" + ln.Addr().String() + "/api/files/upload")
		go func() {
			if res, err := lawyer.HTTP.Do(req); err == nil {
				b, _ := io.ReadAll(res.Body)
				res.Body.Close()
				t.Logf("upload answered %d %s", res.StatusCode, b)
			}
		}()
		deadline := time.Now().Add(20 * time.Second)
		for srv.DB().PendingUpload.Query().CountX(ctx) == 0 || len(blobFiles(t, srv)) == 0 {
			if time.Now().After(deadline) {
				t.Fatal("the upload never started storing")
			}
			time.Sleep(20 * time.Millisecond)
		}

		stop() // SIGTERM
		select {
		case err := <-served:
			if err == nil || !strings.Contains(err.Error(), "shutdown after 300ms") {
				t.Fatalf("serve with an upload cut at the deadline: %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("serve did not return")
		}
		// The process would exit here: everything is already undone.
		if n := srv.DB().PendingUpload.Query().CountX(ctx); n != 0 {
			t.Errorf("%d pending uploads left by the cut upload", n)
		}
		if files := blobFiles(t, srv); len(files) != 0 {
			t.Errorf("blobs left by the cut upload: %v", files)
		}
		if n := documentRows(t, srv); n != 0 {
			t.Errorf("%d document rows from a cut upload", n)
		}
	})
}
