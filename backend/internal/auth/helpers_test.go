package auth_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/auditevent"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

const goodPassword = "mahakama-2025"

// form is a registration body as the web app sends it.
func form(email string) map[string]any {
	return map[string]any{
		"fullname":     "Achieng Otieno",
		"email":        email,
		"password":     goodPassword,
		"phone_number": "+254 712 345 678",
	}
}

// register signs a new lawyer up through the REST door.
func register(t *testing.T, srv *testkit.Server, body map[string]any) *testkit.Response {
	t.Helper()
	return srv.Anonymous().Do(t, "POST", "/api/auth/register", body)
}

// signIn registers email and signs in through the REST door, answering a
// browser-like client holding the session cookies.
func signIn(t *testing.T, srv *testkit.Server, email string) *testkit.Session {
	t.Helper()
	if res := register(t, srv, form(email)); res.Status != http.StatusCreated {
		t.Fatalf("register %s: %d %s", email, res.Status, res.Body)
	}
	c := srv.Anonymous()
	if res := c.Do(t, "POST", "/api/auth/login", map[string]any{"email": email, "password": goodPassword}); res.Status != http.StatusOK {
		t.Fatalf("login %s: %d %s", email, res.Status, res.Body)
	}
	return c
}

// cookie finds the Set-Cookie named name (and path, when given).
func cookie(t *testing.T, res *testkit.Response, name, path string) *http.Cookie {
	t.Helper()
	for _, c := range (&http.Response{Header: res.Header}).Cookies() {
		if c.Name == name && (path == "" || c.Path == path) {
			return c
		}
	}
	t.Fatalf("response %d sets no cookie %s (path %q); Set-Cookie: %q", res.Status, name, path, res.Header.Values("Set-Cookie"))
	return nil
}

// post sends a JSON body with extra headers, outside any cookie jar, as
// Kesi's own page does.
func post(t *testing.T, srv *testkit.Server, path string, headers map[string]string) *testkit.Response {
	t.Helper()
	req, err := http.NewRequest("POST", srv.URL+path, bytes.NewReader([]byte("{}")))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", srv.URL)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	return (&testkit.Session{HTTP: http.DefaultClient}).Send(t, req)
}

// get sends a GET with extra headers, outside any cookie jar.
func get(t *testing.T, srv *testkit.Server, path string, headers map[string]string) *testkit.Response {
	t.Helper()
	req, err := http.NewRequest("GET", srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	return (&testkit.Session{HTTP: http.DefaultClient}).Send(t, req)
}

func wantConnect(t *testing.T, err error, code connect.Code, message string) {
	t.Helper()
	var ce *connect.Error
	if !errors.As(err, &ce) {
		t.Fatalf("error %v, want a %v", err, code)
	}
	if ce.Code() != code || (message != "" && ce.Message() != message) {
		t.Fatalf("got %v %q, want %v %q", ce.Code(), ce.Message(), code, message)
	}
}

// auditKinds lists the audit log's kinds, oldest first.
func auditKinds(t *testing.T, db *ent.Client) []string {
	t.Helper()
	evs, err := db.AuditEvent.Query().Order(ent.Asc(auditevent.FieldCreatedAt)).All(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, e := range evs {
		kinds = append(kinds, e.Kind)
	}
	return kinds
}

func countKind(kinds []string, kind string) int {
	n := 0
	for _, k := range kinds {
		if k == kind {
			n++
		}
	}
	return n
}

// userJSON is the documented user shape, decoded loosely.
type userJSON map[string]any

func decodeUser(t *testing.T, res *testkit.Response) userJSON {
	t.Helper()
	var body struct {
		User userJSON `json:"user"`
	}
	res.JSON(t, &body)
	if body.User == nil {
		t.Fatalf("no user in %s", res.Body)
	}
	return body.User
}

// noSecrets fails when a body carries a password hash or one of tokens.
func noSecrets(t *testing.T, body []byte, tokens ...string) {
	t.Helper()
	s := string(body)
	for _, bad := range []string{"argon2id", "password_hash", "passwordHash", "token"} {
		if strings.Contains(s, bad) {
			t.Fatalf("body carries %q: %s", bad, s)
		}
	}
	for _, tok := range tokens {
		if tok != "" && strings.Contains(s, tok) {
			t.Fatalf("body carries a token: %s", s)
		}
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

var _ = kesiv1.Role_ROLE_LAWYER

func jsonBody(v any, send bool) *bytes.Reader {
	if !send {
		return bytes.NewReader([]byte("{}"))
	}
	return bytes.NewReader(mustJSON(v))
}
