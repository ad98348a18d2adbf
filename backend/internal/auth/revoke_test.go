package auth_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// accessToken is the access cookie a signed-in browser holds.
func accessToken(t *testing.T, srv *testkit.Server, c *testkit.Session) string {
	t.Helper()
	u, _ := url.Parse(srv.URL)
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		if ck.Name == auth.AccessCookie {
			return ck.Value
		}
	}
	t.Fatal("no access cookie")
	return ""
}

// doors answers which of the four ways to present token srv accepts: REST
// with a bearer token, REST with the cookie, Connect with each.
func doors(t *testing.T, srv *testkit.Server, token string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for name, h := range map[string]string{"bearer": "Bearer " + token, "cookie": auth.AccessCookie + "=" + token} {
		key := "Authorization"
		if name == "cookie" {
			key = "Cookie"
		}
		res := get(t, srv, "/api/auth/me", map[string]string{key: h})
		out["rest "+name] = res.Status == http.StatusOK
		req := connect.NewRequest(&kesiv1.MeRequest{})
		req.Header().Set(key, h)
		_, err := srv.Anonymous().Auth().Me(context.Background(), req)
		out["connect "+name] = err == nil
	}
	return out
}

func wantDoors(t *testing.T, srv *testkit.Server, token string, open bool) {
	t.Helper()
	for door, ok := range doors(t, srv, token) {
		if ok != open {
			t.Errorf("%s: accepted %v, want %v", door, ok, open)
		}
	}
}

// waitRefused waits until srv refuses token at every door: another server
// hears of a revocation through the bus, a moment later.
func waitRefused(t *testing.T, srv *testkit.Server, token string) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		refused := true
		for _, ok := range doors(t, srv, token) {
			refused = refused && !ok
		}
		if refused {
			return time.Since(start)
		}
		if time.Since(start) > 5*time.Second {
			wantDoors(t, srv, token, false)
			t.Fatal("the other server still accepts the ended session")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Each way a session ends refuses its access token at once on the server
// that ended it and, through the bus, on another server of the same
// database: as a cookie and as a bearer token, through both doors.
func TestSessionEnds_OnEveryServerAtOnce(t *testing.T) {
	ends := []struct {
		name string
		end  func(t *testing.T, srv *testkit.Server, c *testkit.Session, email string)
	}{
		{"logout", func(t *testing.T, srv *testkit.Server, c *testkit.Session, email string) {
			c.Do(t, "POST", "/api/auth/logout", nil).Want(t, 200, "")
		}},
		{"password reset", func(t *testing.T, srv *testkit.Server, c *testkit.Session, email string) {
			requestReset(t, srv, email)
			changePassword(t, srv, email, srv.ResetCode(t, email), "fresh-secret-9").Want(t, 200, "")
		}},
		{"refresh reuse", func(t *testing.T, srv *testkit.Server, c *testkit.Session, email string) {
			u, _ := url.Parse(srv.URL + "/api/auth/")
			var refresh string
			for _, ck := range c.HTTP.Jar.Cookies(u) {
				if ck.Name == auth.RefreshCookie {
					refresh = ck.Value
				}
			}
			post(t, srv, "/api/auth/refresh", map[string]string{"Cookie": auth.RefreshCookie + "=" + refresh}).Want(t, 200, "")
			post(t, srv, "/api/auth/refresh", map[string]string{"Cookie": auth.RefreshCookie + "=" + refresh}).Want(t, 401, auth.MsgSessionExpired)
		}},
	}
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		one := testkit.NewServer(t, e, nil)
		two := one.Restart(t, nil) // a second server on the same database
		for _, tc := range ends {
			t.Run(tc.name, func(t *testing.T) {
				email := "ended-" + string(e) + "-" + url.PathEscape(tc.name) + "@example.co.ke"
				c := signIn(t, one, email)
				token := accessToken(t, one, c)
				wantDoors(t, one, token, true)
				wantDoors(t, two, token, true)

				tc.end(t, one, c, email)

				wantDoors(t, one, token, false)
				d := waitRefused(t, two, token)
				t.Logf("the other server refused the ended session after %v", d)
			})
		}
	})
}

// Ending one session leaves the user's others alone.
func TestSessionEnds_OnlyThatSession(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		phone := signIn(t, srv, "two-devices@example.co.ke")
		laptop := srv.Anonymous()
		laptop.Do(t, "POST", "/api/auth/login", map[string]any{"email": "two-devices@example.co.ke", "password": goodPassword}).Want(t, 200, "")
		phoneToken, laptopToken := accessToken(t, srv, phone), accessToken(t, srv, laptop)
		phone.Do(t, "POST", "/api/auth/logout", nil).Want(t, 200, "")
		wantDoors(t, srv, phoneToken, false)
		wantDoors(t, srv, laptopToken, true)
	})
}

// A server that starts after a logout knows of it from the database, and
// so does one that missed the message (its reload is the backstop).
func TestSessionEnds_KnownToAServerStartedLater(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		one := testkit.NewServer(t, e, nil)
		c := signIn(t, one, "later@example.co.ke")
		token := accessToken(t, one, c)
		c.Do(t, "POST", "/api/auth/logout", nil).Want(t, 200, "")
		later := one.Restart(t, nil)
		wantDoors(t, later, token, false)
	})
}
