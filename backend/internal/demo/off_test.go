package demo_test

import (
	"context"
	"io/fs"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/user"
)

// Issue 15: KESI_DEMO=off removes the demo account, whose credentials are
// public, with its diary and files; nobody signs in with them, the web app
// is told there is no demo, and no demo reset runs.
func TestDemoOffRemovesTheDemoAccount(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		u, err := auth.DemoAccount(ctx, srv.DB())
		if err != nil || u == nil {
			t.Fatalf("the demo account of a default start: %v, %v", u, err)
		}
		c := srv.DB().CourtCase.Query().Where(courtcase.OwnerID(u.ID)).FirstX(ctx)
		up := srv.App.Documents.NewUpload(u.ID, role.Demo)
		if err := up.AddFile(ctx, "notes.txt", strings.NewReader("demo notes")); err != nil {
			t.Fatal(err)
		}
		if _, err := up.Commit(ctx, c.CaseID, "Notes", ""); err != nil {
			t.Fatal(err)
		}
		login := func(s *testkit.Server) int {
			return s.Anonymous().Do(t, http.MethodPost, "/api/auth/login", map[string]any{"email": auth.DemoEmail, "password": auth.DemoPassword}).Status
		}
		if st := login(srv); st != http.StatusOK {
			t.Fatalf("demo sign-in answered %d", st)
		}
		if r := srv.Anonymous().Do(t, http.MethodGet, "/api/config", nil); r.Status != http.StatusOK || string(r.Body) != `{"demo":true}` {
			t.Fatalf("/api/config = %d %s", r.Status, r.Body)
		}

		off := srv.Restart(t, map[string]string{"KESI_DEMO": "off"})
		if off.DB().User.Query().Where(user.Email(auth.DemoEmail)).ExistX(ctx) {
			t.Fatal("KESI_DEMO=off left the demo account")
		}
		if off.DB().CourtCase.Query().Where(courtcase.OwnerID(u.ID)).ExistX(ctx) || off.DB().Document.Query().ExistX(ctx) {
			t.Fatal("KESI_DEMO=off left the demo's diary or documents")
		}
		blobs := 0
		filepath.WalkDir(filepath.Join(srv.DataDir, "blobs", "doc"), func(_ string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				blobs++
			}
			return nil
		})
		if blobs != 0 {
			t.Fatalf("%d demo blobs left", blobs)
		}
		if st := login(off); st != http.StatusUnauthorized {
			t.Fatalf("demo sign-in with the demo off answered %d", st)
		}
		if r := off.Anonymous().Do(t, http.MethodGet, "/api/config", nil); string(r.Body) != `{"demo":false}` {
			t.Fatalf("/api/config with the demo off = %s", r.Body)
		}
		for _, j := range off.App.Jobs.Jobs() {
			if j.Name == "demo-reset" {
				t.Fatal("the demo-reset job runs with the demo off")
			}
		}
		if err := off.App.ResetDemo(ctx); err == nil || !strings.Contains(err.Error(), "KESI_DEMO=off") {
			t.Fatalf("demo reset with the demo off: %v", err)
		}
		// A second start with the demo off has nothing to remove.
		again := off.Restart(t, map[string]string{"KESI_DEMO": "off"})
		if again.DB().User.Query().Where(user.Email(auth.DemoEmail)).ExistX(ctx) {
			t.Fatal("the demo account came back")
		}
	})
}
