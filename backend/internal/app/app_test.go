package app_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"connectrpc.com/grpcreflect"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/testkit"
)

func TestHealthAndReadiness(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		anon := srv.Anonymous()
		for _, path := range []string{"/healthz", "/readyz"} {
			if r := anon.Do(t, http.MethodGet, path, nil); r.Status != http.StatusOK {
				t.Errorf("GET %s = %d, want 200", path, r.Status)
			}
		}
		srv.App.DB.SQL.Close() // the database goes away
		if r := anon.Do(t, http.MethodGet, "/readyz", nil); r.Status != http.StatusServiceUnavailable {
			t.Errorf("GET /readyz with the database gone = %d, want 503", r.Status)
		}
		if r := anon.Do(t, http.MethodGet, "/healthz", nil); r.Status != http.StatusOK {
			t.Errorf("GET /healthz with the database gone = %d, want 200 (the process is up)", r.Status)
		}
	})
}

func TestUnknownAPIPathAnswersJSON404(t *testing.T) {
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	r := srv.Anonymous().Do(t, http.MethodGet, "/api/no-such-thing", nil)
	if r.Status != http.StatusNotFound {
		t.Fatalf("GET /api/no-such-thing = %d, want 404", r.Status)
	}
	if msg := r.Message(t); !strings.Contains(msg, "Not found") {
		t.Errorf("message = %q, want a 'Not found' message", msg)
	}
}

func TestClientRoutesServeTheApp(t *testing.T) {
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	for _, path := range []string{"/", "/dashboard", "/cases/MCCC%2FE3574%2F2022"} {
		r := srv.Anonymous().Do(t, http.MethodGet, path, nil)
		if r.Status != http.StatusOK || !strings.Contains(strings.ToLower(string(r.Body)), "<!doctype html>") {
			t.Errorf("GET %s = %d, want the app's HTML", path, r.Status)
		}
	}
}

func TestEveryProcedureHasARule(t *testing.T) {
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	for _, proc := range app.Procedures() {
		if _, ok := srv.App.Authz.Rule(proc); !ok {
			t.Errorf("%s has no authorization rule; it would be refused", proc)
		}
	}
}

func TestReflectionListsEveryService(t *testing.T) {
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	client := grpcreflect.NewClient(testkit.H2C(), srv.URL, connect.WithGRPC())
	stream := client.NewStream(context.Background())
	defer stream.Close()
	names, err := stream.ListServices()
	if err != nil {
		t.Fatalf("list services over gRPC reflection: %v", err)
	}
	got := map[string]bool{}
	for _, n := range names {
		got[string(n)] = true
	}
	for _, want := range append(app.ServiceNames(), "grpc.health.v1.Health") {
		if !got[want] {
			t.Errorf("reflection does not list %s (got %v)", want, names)
		}
	}
}
