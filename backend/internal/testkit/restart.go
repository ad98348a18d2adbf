package testkit

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/config"
)

// Restart starts another Kesi on s's database and data directory (as after
// a redeploy), with env added to s's configuration: another
// KESI_MASTER_KEY, for instance. Its clock starts where s's is. Sign in
// again with the new server's Session: tokens are signed with the master key.
func (s *Server) Restart(t testing.TB, env map[string]string) *Server {
	t.Helper()
	cfg := s.App.Config
	vars := map[string]string{
		"KESI_DATA_DIR":     s.DataDir,
		"KESI_DATABASE_URL": cfg.DatabaseURL,
		"KESI_BLOB_URL":     cfg.BlobURL,
		"KESI_DB_MAX_CONNS": "4",
	}
	for k, v := range env {
		vars[k] = v
	}
	var handler http.Handler = http.NotFoundHandler()
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
	var protocols http.Protocols
	protocols.SetHTTP1(true)
	protocols.SetUnencryptedHTTP2(true)
	srv.Config.Protocols = &protocols
	srv.Start()
	t.Cleanup(srv.Close)
	if _, ok := vars["KESI_PUBLIC_URL"]; !ok {
		vars["KESI_PUBLIC_URL"] = srv.URL
	}
	next, err := config.Load(func(k string) string { return vars[k] })
	if err != nil {
		t.Fatalf("config: %v", err)
	}
	clock := NewClock(s.Clock.Now())
	a, err := app.New(context.Background(), next, app.WithClock(clock))
	if err != nil {
		t.Fatalf("restart kesi on %s: %v", s.Engine, err)
	}
	t.Cleanup(func() { a.Close() })
	if err := a.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	handler = a.Handler()
	signer, err := auth.NewSigner(next.MasterKey)
	if err != nil {
		t.Fatal(err)
	}
	return &Server{URL: srv.URL, App: a, Clock: clock, DataDir: s.DataDir, Engine: s.Engine, signer: signer}
}
