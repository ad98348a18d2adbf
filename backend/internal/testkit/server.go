package testkit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/config"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// Server is a running Kesi on a fresh database.
type Server struct {
	URL     string
	App     *app.App
	Clock   *Clock
	DataDir string
	Engine  Engine
	signer  *auth.Signer
}

// DB is the server's ent client, for arranging and checking rows.
func (s *Server) DB() *ent.Client { return s.App.DB.Client }

// NewServer starts Kesi on a fresh, migrated database on e, with the clock
// at DefaultNow. env adds or overrides KESI_* variables.
func NewServer(t testing.TB, e Engine, env map[string]string) *Server {
	t.Helper()
	dbURL, sqlitePath := DatabaseURL(t, e)
	dataDir := t.TempDir()
	vars := map[string]string{
		"KESI_DATA_DIR":     dataDir,
		"KESI_DATABASE_URL": dbURL,
		// Many test servers share one Postgres: small pools (issue 15).
		"KESI_DB_MAX_CONNS": "4",
	}
	if sqlitePath != "" {
		vars["KESI_DATABASE_URL"] = "file:" + sqlitePath
	}
	for k, v := range env {
		vars[k] = v
	}
	var srv *httptest.Server
	// The public URL is the test server's, known only once it listens: start
	// it on a handler that defers to the app built just after.
	var handler http.Handler = http.NotFoundHandler()
	srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
	var protocols http.Protocols
	protocols.SetHTTP1(true)
	protocols.SetUnencryptedHTTP2(true) // as `kesi serve`, so gRPC clients work
	srv.Config.Protocols = &protocols
	srv.Start()
	t.Cleanup(srv.Close)
	quietLogs()
	if _, ok := vars["KESI_PUBLIC_URL"]; !ok {
		vars["KESI_PUBLIC_URL"] = srv.URL
	}
	cfg, err := config.Load(func(k string) string { return vars[k] })
	if err != nil {
		t.Fatalf("config: %v", err)
	}
	clock := NewClock(DefaultNow)
	a, err := app.New(context.Background(), cfg, app.WithClock(clock))
	if err != nil {
		t.Fatalf("start kesi on %s: %v", e, err)
	}
	t.Cleanup(func() { a.Close() })
	if err := a.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	handler = a.Handler()
	signer, err := auth.NewSigner(cfg.MasterKey)
	if err != nil {
		t.Fatal(err)
	}
	return &Server{URL: srv.URL, App: a, Clock: clock, DataDir: dataDir, Engine: e, signer: signer}
}

// UserSpec describes a user to arrange directly in the database.
type UserSpec struct {
	Role      role.Role  // default lawyer
	Email     string     // default a unique address
	Fullname  string     // default "Test Advocate"
	PaidUntil *time.Time // default: 30 days after the clock for lawyers and moderators
	Unpaid    bool       // no subscription at all
	// Phone defaults to 0712345678, and for an affiliate to a number of
	// their own (a referral with the affiliate's number earns nothing).
	Phone string
}

// CreateUser inserts a user. It has no usable password: sign it in with
// Session, or register through the API to test passwords.
func (s *Server) CreateUser(t testing.TB, spec UserSpec) *ent.User {
	t.Helper()
	if spec.Role == "" {
		spec.Role = role.Lawyer
	}
	if spec.Email == "" {
		spec.Email = "advocate-" + randomHex(4) + "@example.co.ke"
	}
	if spec.Fullname == "" {
		spec.Fullname = "Test Advocate"
	}
	if spec.Phone == "" {
		spec.Phone = "0712345678"
		if spec.Role == role.Affiliate {
			spec.Phone = "0799" + fmt.Sprintf("%06d", rand.IntN(1_000_000))
		}
	}
	create := s.DB().User.Create().
		SetEmail(strings.ToLower(spec.Email)).
		SetFullname(spec.Fullname).
		SetPhoneNumber(spec.Phone).
		SetPasswordHash("!unusable").
		SetRole(spec.Role.User())
	switch {
	case spec.PaidUntil != nil:
		create.SetPaidUntil(*spec.PaidUntil)
	case !spec.Unpaid && (spec.Role == role.Lawyer || spec.Role == role.Moderator):
		create.SetPaidUntil(s.Clock.Now().Add(30 * 24 * time.Hour))
	}
	if spec.Role == role.Affiliate {
		create.SetAffiliateCode("T" + strings.ToUpper(randomHex(4)))
	}
	u, err := create.Save(context.Background())
	if err != nil {
		t.Fatalf("create user: %v", err)
	}
	return u
}

var quiet sync.Once

// quietLogs keeps request logs out of test output unless -v asks for them.
func quietLogs() {
	quiet.Do(func() {
		if !testing.Verbose() {
			slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError})))
		}
	})
}

// H2C is an HTTP client that speaks HTTP/2 without TLS, as gRPC clients do.
func H2C() *http.Client {
	var protocols http.Protocols
	protocols.SetUnencryptedHTTP2(true)
	return &http.Client{Transport: &http.Transport{Protocols: &protocols}, Timeout: 30 * time.Second}
}

// Session is an HTTP client signed in as one user with a bearer access token.
type Session struct {
	User   *ent.User
	HTTP   *http.Client
	server *Server
}

// Session signs u in by minting an access token, without the auth service.
func (s *Server) Session(t testing.TB, u *ent.User) *Session {
	t.Helper()
	token := s.signer.Mint(auth.Principal{UserID: u.ID, Role: role.FromUser(u.Role), Scope: auth.ScopeSession, FamilyID: uuid.New()}, s.Clock.Now())
	return &Session{User: u, HTTP: s.clientWith("Bearer " + token), server: s}
}

// Anonymous is a client with no credentials and a cookie jar, as a browser
// on Kesi's own page that has not signed in: it sends Kesi's Origin.
func (s *Server) Anonymous() *Session {
	jar, _ := cookiejar.New(nil)
	public := s.App.Config.PublicURL
	return &Session{HTTP: &http.Client{
		Jar:       jar,
		Timeout:   30 * time.Second,
		Transport: headerTransport{key: "Origin", value: public.Scheme + "://" + public.Host, next: http.DefaultTransport},
	}, server: s}
}

// Lawyer is a session of a new subscribed lawyer.
func (s *Server) Lawyer(t testing.TB) *Session {
	t.Helper()
	return s.Session(t, s.CreateUser(t, UserSpec{}))
}

func (s *Server) clientWith(authorization string) *http.Client {
	return &http.Client{
		Timeout:   30 * time.Second,
		Transport: headerTransport{key: "Authorization", value: authorization, next: http.DefaultTransport},
	}
}

type headerTransport struct {
	key, value string
	next       http.RoundTripper
}

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set(h.key, h.value)
	return h.next.RoundTrip(r)
}

// Response is a finished HTTP exchange.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v, failing the test if it is not JSON.
func (r *Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("response %d is not JSON: %v\n%s", r.Status, err, r.Body)
	}
}

// Message is the {"message": ...} of an error response.
func (r *Response) Message(t testing.TB) string {
	t.Helper()
	var m struct{ Message string }
	r.JSON(t, &m)
	return m.Message
}

// Want fails the test unless the answer has status and, when message is not
// empty, that {"message": ...}.
func (r *Response) Want(t testing.TB, status int, message string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
	if message != "" {
		if got := r.Message(t); got != message {
			t.Fatalf("message %q, want %q", got, message)
		}
	}
}

// Do sends method path with body encoded as JSON (nil: no body).
func (c *Session) Do(t testing.TB, method, path string, body any) *Response {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.server.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return c.Send(t, req)
}

// Send sends a prepared request.
func (c *Session) Send(t testing.TB, req *http.Request) *Response {
	t.Helper()
	res, err := c.HTTP.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return &Response{Status: res.StatusCode, Header: res.Header, Body: b}
}

// Connect clients of every service, signed in as the session's user.
func (c *Session) Auth() kesiv1connect.AuthServiceClient {
	return kesiv1connect.NewAuthServiceClient(c.HTTP, c.server.URL)
}

// Cases is the CaseService client.
func (c *Session) Cases() kesiv1connect.CaseServiceClient {
	return kesiv1connect.NewCaseServiceClient(c.HTTP, c.server.URL)
}

// Clients is the ClientService client.
func (c *Session) Clients() kesiv1connect.ClientServiceClient {
	return kesiv1connect.NewClientServiceClient(c.HTTP, c.server.URL)
}

// Documents is the DocumentService client.
func (c *Session) Documents() kesiv1connect.DocumentServiceClient {
	return kesiv1connect.NewDocumentServiceClient(c.HTTP, c.server.URL)
}

// Billing is the BillingService client.
func (c *Session) Billing() kesiv1connect.BillingServiceClient {
	return kesiv1connect.NewBillingServiceClient(c.HTTP, c.server.URL)
}

// Affiliate is the AffiliateService client.
func (c *Session) Affiliate() kesiv1connect.AffiliateServiceClient {
	return kesiv1connect.NewAffiliateServiceClient(c.HTTP, c.server.URL)
}

// Import is the ImportService client.
func (c *Session) Import() kesiv1connect.ImportServiceClient {
	return kesiv1connect.NewImportServiceClient(c.HTTP, c.server.URL)
}
