package gateway_test

import (
	"context"
	"net/http"
	"testing"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// TestWrongMethodIs405: a documented path called with a method it does not
// take answers 405 with the methods it does take (RFC 9110), not 404 "Not
// found", which tells a client developer the path does not exist. A path
// that does not exist stays 404.
func TestWrongMethodIs405(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.Engines()[0], nil)
	law := srv.Lawyer(t)
	cl, err := law.Clients().CreateClient(context.Background(), connect.NewRequest(&kesiv1.CreateClientRequest{Client: &kesiv1.ClientFields{Fullname: "Mary Kilonzo"}}))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ method, path, allow string }{
		{"DELETE", "/api/clients/" + cl.Msg.Client.Id, "GET, HEAD"},
		{"POST", "/api/clients", "GET, HEAD"},
		{"GET", "/api/auth/login", "POST"},
		{"PUT", "/api/cases-needing-update/mark-updated", "PATCH"},
		{"POST", "/api/cases/" + cl.Msg.Client.Id, "GET, HEAD, DELETE"},
		{"DELETE", "/api/account/export", "GET, HEAD"},
	} {
		res := law.Do(t, tc.method, tc.path, map[string]string{})
		if res.Status != http.StatusMethodNotAllowed || res.Header.Get("Allow") != tc.allow {
			t.Errorf("%s %s = %d Allow %q: %s, want 405 Allow %q", tc.method, tc.path, res.Status, res.Header.Get("Allow"), res.Body, tc.allow)
		}
	}
	for _, path := range []string{"/api/nothing", "/api/clients/x/y", "/api/account/nothing"} {
		if res := law.Do(t, "GET", path, nil); res.Status != http.StatusNotFound {
			t.Errorf("GET %s = %d: %s, want 404", path, res.Status, res.Body)
		}
	}
}
