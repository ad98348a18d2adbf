package app_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"connectrpc.com/grpcreflect"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/user"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

func TestHealthAndReadiness(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	for _, path := range []string{"/", "/dashboard", "/cases/MCCC%2FE3574%2F2022"} {
		r := srv.Anonymous().Do(t, http.MethodGet, path, nil)
		if r.Status != http.StatusOK || !strings.Contains(strings.ToLower(string(r.Body)), "<!doctype html>") {
			t.Errorf("GET %s = %d, want the app's HTML", path, r.Status)
		}
	}
}

func TestEveryProcedureHasARule(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	for _, proc := range app.Procedures() {
		if _, ok := srv.App.Authz.Rule(proc); !ok {
			t.Errorf("%s has no authorization rule; it would be refused", proc)
		}
	}
}

func TestReflectionListsEveryService(t *testing.T) {
	t.Parallel()
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

func TestDemoResetPurgesUploadsAndRestoresTheDiary(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		demoUser, err := srv.DB().User.Query().Where(user.Email("demo@kesi.app")).Only(ctx)
		if err != nil {
			t.Fatalf("the demo account exists after migrate: %v", err)
		}
		demo := srv.Session(t, demoUser)
		list, err := demo.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{}))
		if err != nil || len(list.Msg.Cases) < 40 {
			t.Fatalf("the demo diary has %d cases (%v), want at least 40", len(list.Msg.Cases), err)
		}
		first := list.Msg.Cases[0]

		// A visitor uploads a file and deletes a case.
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		mw.WriteField("case_id", first.CaseId)
		mw.WriteField("document_title", "Visitor's upload")
		fw, _ := mw.CreateFormFile("files", "note.txt")
		fw.Write([]byte("uploaded by a demo visitor"))
		mw.Close()
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/files/upload", &body)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		if r := demo.Send(t, req); r.Status != http.StatusOK && r.Status != http.StatusCreated {
			t.Fatalf("demo upload = %d %s", r.Status, r.Body)
		}
		if _, err := demo.Cases().DeleteCase(ctx, connect.NewRequest(&kesiv1.DeleteCaseRequest{Id: list.Msg.Cases[1].Id})); err != nil {
			t.Fatal(err)
		}

		if before, _ := filepath.Glob(filepath.Join(srv.DataDir, "blobs", "doc", "*")); len(before) != 1 {
			t.Fatalf("after one upload the store holds %d blobs, want 1", len(before))
		}
		if err := srv.App.ResetDemo(ctx); err != nil {
			t.Fatalf("ResetDemo: %v", err)
		}
		if n := srv.DB().Document.Query().CountX(ctx); n != 0 {
			t.Errorf("%d documents survive the demo reset", n)
		}
		if after, _ := filepath.Glob(filepath.Join(srv.DataDir, "blobs", "doc", "*")); len(after) != 0 {
			t.Errorf("blobs %v survive the demo reset", after)
		}
		again, err := demo.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{}))
		if err != nil || len(again.Msg.Cases) != len(list.Msg.Cases) {
			t.Errorf("after reset the demo diary has %d cases (%v), want %d", len(again.Msg.Cases), err, len(list.Msg.Cases))
		}
	})
}
