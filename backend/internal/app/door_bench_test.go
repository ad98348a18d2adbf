package app_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
)

// BenchmarkDoor is what every request pays before its handler: the whole
// middleware chain of the app's handler, in process (no sockets), in front
// of the cheapest handlers. bench/loadtest's "HTTP door alone" is the
// bearer /healthz over the network.
func BenchmarkDoor(b *testing.B) {
	srv := testkit.NewServer(b, testkit.SQLite, nil)
	signer, err := auth.NewSigner(srv.App.Config.MasterKey)
	if err != nil {
		b.Fatal(err)
	}
	token := signer.Mint(auth.Principal{UserID: uuid.New(), Role: role.Lawyer, Scope: auth.ScopeSession, FamilyID: uuid.New()}, srv.Clock.Now())
	h := srv.App.Handler()
	for _, bc := range []struct {
		name, path, authorization string
	}{
		{"healthz", "/healthz", ""},
		{"healthz-bearer", "/healthz", "Bearer " + token},
		{"api-bearer", "/api/config", "Bearer " + token},
	} {
		b.Run(bc.name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, bc.path, nil)
			req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/148.0 Safari/537.36")
			if bc.authorization != "" {
				req.Header.Set("Authorization", bc.authorization)
			}
			b.ReportAllocs()
			for b.Loop() {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatalf("GET %s = %d", bc.path, rec.Code)
				}
			}
		})
	}
}
