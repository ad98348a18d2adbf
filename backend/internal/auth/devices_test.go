package auth_test

import (
	"context"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

const (
	androidChrome  = "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
	windowsFirefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
)

// uaTransport is a browser on Kesi's own page: its User-Agent, and Kesi's
// Origin, which the write guard asks of every cookie-carrying write.
type uaTransport struct{ ua, origin string }

func (u uaTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("User-Agent", u.ua)
	r.Header.Set("Origin", u.origin)
	return http.DefaultTransport.RoundTrip(r)
}

// device is a browser with its own cookie jar and User-Agent.
type device struct {
	http *http.Client
	auth kesiv1connect.AuthServiceClient
}

func newDevice(t *testing.T, srv *testkit.Server, ua, email, password string) device {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	public := srv.App.Config.PublicURL
	c := &http.Client{Jar: jar, Transport: uaTransport{ua, public.Scheme + "://" + public.Host}, Timeout: 30 * time.Second}
	d := device{http: c, auth: kesiv1connect.NewAuthServiceClient(c, srv.URL)}
	if _, err := d.auth.Login(context.Background(), connect.NewRequest(&kesiv1.LoginRequest{Email: email, Password: password})); err != nil {
		t.Fatalf("login from %s: %v", ua, err)
	}
	return d
}

func (d device) signedIn() bool {
	_, err := d.auth.Me(context.Background(), connect.NewRequest(&kesiv1.MeRequest{}))
	return err == nil
}

func TestSessions_ListedWithDeviceAndSignedOutOneOrOthers(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		register(t, srv, form("devices@example.co.ke")).Want(t, 201, "")
		phone := newDevice(t, srv, androidChrome, "devices@example.co.ke", goodPassword)
		srv.Clock.Advance(10 * time.Minute)
		laptop := newDevice(t, srv, windowsFirefox, "devices@example.co.ke", goodPassword)
		tablet := newDevice(t, srv, "", "devices@example.co.ke", goodPassword)

		list, err := laptop.auth.ListSessions(ctx, connect.NewRequest(&kesiv1.ListSessionsRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		ss := list.Msg.Sessions
		if len(ss) != 3 {
			t.Fatalf("%d sessions listed, want 3: %v", len(ss), ss)
		}
		if !ss[0].Current || ss[0].Device != "Firefox on Windows" || ss[0].IpAddress != "127.0.0.1" {
			t.Errorf("first listed %v, want the caller's Firefox on Windows, current", ss[0])
		}
		if ss[2].Device != "Chrome on Android" || ss[2].Current || !ss[2].LastUsedAt.AsTime().Equal(testkit.DefaultNow) {
			t.Errorf("last listed %v, want the phone, used ten minutes earlier", ss[2])
		}
		phoneID := ss[2].Id

		// Another user cannot see or end these sessions.
		other := srv.Lawyer(t)
		if l, err := other.Auth().ListSessions(ctx, connect.NewRequest(&kesiv1.ListSessionsRequest{})); err != nil || len(l.Msg.Sessions) != 0 {
			t.Fatalf("another lawyer lists %v, %v", l, err)
		}
		_, err = other.Auth().RevokeSession(ctx, connect.NewRequest(&kesiv1.RevokeSessionRequest{Id: phoneID}))
		wantConnect(t, err, connect.CodeNotFound, auth.MsgSessionNotFound)
		_, err = laptop.auth.RevokeSession(ctx, connect.NewRequest(&kesiv1.RevokeSessionRequest{Id: "not-an-id"}))
		wantConnect(t, err, connect.CodeNotFound, auth.MsgSessionNotFound)
		if !phone.signedIn() {
			t.Fatal("the phone was signed out by someone else")
		}

		if _, err := laptop.auth.RevokeSession(ctx, connect.NewRequest(&kesiv1.RevokeSessionRequest{Id: phoneID})); err != nil {
			t.Fatal(err)
		}
		if phone.signedIn() {
			t.Error("the phone is still signed in after signing it out")
		}
		if !laptop.signedIn() || !tablet.signedIn() {
			t.Fatal("signing the phone out ended other sessions")
		}
		_, err = laptop.auth.RevokeSession(ctx, connect.NewRequest(&kesiv1.RevokeSessionRequest{Id: phoneID}))
		wantConnect(t, err, connect.CodeNotFound, auth.MsgSessionNotFound)

		res, err := laptop.auth.RevokeOtherSessions(ctx, connect.NewRequest(&kesiv1.RevokeOtherSessionsRequest{}))
		if err != nil || res.Msg.Revoked != 1 {
			t.Fatalf("revoke others: %v %v, want 1", res, err)
		}
		if tablet.signedIn() || !laptop.signedIn() {
			t.Error("sign out all others: the tablet stays or the laptop went")
		}
		// The REST door refuses the phone's refresh as well.
		if l, _ := laptop.auth.ListSessions(ctx, connect.NewRequest(&kesiv1.ListSessionsRequest{})); len(l.Msg.Sessions) != 1 {
			t.Errorf("%d sessions left, want 1", len(l.Msg.Sessions))
		}
	})
}

func TestSessions_EndNinetyDaysAfterSignInHoweverActive(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		c := signIn(t, srv, "active@example.co.ke")
		for day := 20; day <= 80; day += 20 {
			srv.Clock.Advance(20 * 24 * time.Hour)
			c.Do(t, "POST", "/api/auth/refresh", nil).Want(t, 200, "")
		}
		srv.Clock.Advance(11 * 24 * time.Hour) // day 91
		c.Do(t, "POST", "/api/auth/refresh", nil).Want(t, 401, auth.MsgSessionExpired)
	})
}

func TestUpdatePassword_AsksTheCurrentOneAndEndsOtherSessions(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		register(t, srv, form("change@example.co.ke")).Want(t, 201, "")
		phone := newDevice(t, srv, androidChrome, "change@example.co.ke", goodPassword)
		laptop := newDevice(t, srv, windowsFirefox, "change@example.co.ke", goodPassword)

		_, err := laptop.auth.UpdatePassword(ctx, connect.NewRequest(&kesiv1.UpdatePasswordRequest{CurrentPassword: "wrong-one", NewPassword: "brand-new-9"}))
		wantConnect(t, err, connect.CodeInvalidArgument, auth.MsgCurrentPasswordWrong)
		_, err = laptop.auth.UpdatePassword(ctx, connect.NewRequest(&kesiv1.UpdatePasswordRequest{CurrentPassword: goodPassword, NewPassword: "short"}))
		wantConnect(t, err, connect.CodeInvalidArgument, "Password must be at least 6 characters.")
		if !phone.signedIn() {
			t.Fatal("a refused change ended a session")
		}

		res, err := laptop.auth.UpdatePassword(ctx, connect.NewRequest(&kesiv1.UpdatePasswordRequest{CurrentPassword: goodPassword, NewPassword: "brand-new-9"}))
		if err != nil || res.Msg.Message != auth.MsgPasswordUpdated {
			t.Fatalf("update password: %v %v", res, err)
		}
		if phone.signedIn() {
			t.Error("the other device is still signed in after a password change")
		}
		if !laptop.signedIn() {
			t.Error("the device that changed the password was signed out")
		}
		srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": "change@example.co.ke", "password": goodPassword}).Want(t, 401, "")
		srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": "change@example.co.ke", "password": "brand-new-9"}).Want(t, 200, "")

		// The shared demo account's visitors cannot sign each other out or
		// change its password.
		demo := newDevice(t, srv, windowsFirefox, auth.DemoEmail, auth.DemoPassword)
		_, err = demo.auth.RevokeOtherSessions(ctx, connect.NewRequest(&kesiv1.RevokeOtherSessionsRequest{}))
		wantConnect(t, err, connect.CodePermissionDenied, "")
		_, err = demo.auth.UpdatePassword(ctx, connect.NewRequest(&kesiv1.UpdatePasswordRequest{CurrentPassword: auth.DemoPassword, NewPassword: "taken-over"}))
		wantConnect(t, err, connect.CodePermissionDenied, "")
	})
}

func TestDeviceName_IsCoarse(t *testing.T) {
	for ua, want := range map[string]string{
		androidChrome:  "Chrome on Android",
		windowsFirefox: "Firefox on Windows",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1": "Safari on iPhone",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0":     "Edge on Mac",
		"":           "Unknown device",
		"curl/8.5.0": "curl",
	} {
		if got := auth.DeviceName(ua); got != want {
			t.Errorf("DeviceName(%q) = %q, want %q", ua, got, want)
		}
	}
}

// net/http lets a User-Agent carry bytes that are not UTF-8, and a long
// one is cut: neither may fail a sign-in (Postgres refuses such text) nor
// keep a failed one out of the audit log.
func TestLogin_AnyUserAgentSignsInAndIsAudited(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		register(t, srv, form("agent@example.co.ke")).Want(t, 201, "")
		uas := []string{"Mozilla/5.0 (Caf\xe9 kiosk)", "a" + strings.Repeat("é", 300)}
		for _, ua := range uas {
			d := newDevice(t, srv, ua, "agent@example.co.ke", goodPassword)
			_, err := d.auth.Login(ctx, connect.NewRequest(&kesiv1.LoginRequest{Email: "agent@example.co.ke", Password: "guess-123456"}))
			wantConnect(t, err, connect.CodeUnauthenticated, "")
		}
		if n := countKind(auditKinds(t, srv.DB()), auth.AuditLoginFailed); n != len(uas) {
			t.Errorf("%d failed sign-ins audited, want %d", n, len(uas))
		}
		for _, ev := range srv.DB().AuditEvent.Query().AllX(ctx) {
			if !utf8.ValidString(ev.UserAgent) || len(ev.UserAgent) > 512 {
				t.Errorf("audited User-Agent %q", ev.UserAgent)
			}
		}
	})
}
