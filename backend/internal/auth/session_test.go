package auth_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

func TestLogin_CookieAttributes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		public string
		secure bool
	}{
		{"http public URL", "", false},
		{"https public URL", "https://kesi.example.co.ke", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := map[string]string{}
			if tc.public != "" {
				env["KESI_PUBLIC_URL"] = tc.public
			}
			srv := testkit.NewServer(t, testkit.SQLite, env)
			register(t, srv, form("njeri@example.co.ke")).Want(t, 201, "")
			res := srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": "njeri@example.co.ke", "password": goodPassword})
			res.Want(t, 200, "")
			wants := []struct {
				name, path string
				maxAge     int
			}{
				{auth.AccessCookie, "/", 15 * 60},
				{auth.RefreshCookie, "/api/auth/", 30 * 24 * 3600},
				{auth.RefreshCookie, "/kesi.v1.AuthService/", 30 * 24 * 3600},
			}
			if tc.secure {
				// Over https both are __Host- cookies, which must have Path=/.
				wants = wants[:2]
				wants[0].name, wants[1].name, wants[1].path = auth.HostPrefix+auth.AccessCookie, auth.HostPrefix+auth.RefreshCookie, "/"
			}
			for _, want := range wants {
				c := cookie(t, res, want.name, want.path)
				if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Secure != tc.secure || c.MaxAge != want.maxAge || c.Value == "" {
					t.Errorf("%s (path %s) = HttpOnly %v SameSite %v Secure %v Max-Age %d; want HttpOnly, Lax, Secure %v, Max-Age %d",
						c.Name, c.Path, c.HttpOnly, c.SameSite, c.Secure, c.MaxAge, tc.secure, want.maxAge)
				}
			}
		})
	}
}

func TestRefresh_RotatesAndAReusedTokenKillsTheFamily(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		register(t, srv, form("mutua@example.co.ke")).Want(t, 201, "")
		login := srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": "mutua@example.co.ke", "password": goodPassword})
		r1 := cookie(t, login, auth.RefreshCookie, "/api/auth/").Value

		res := post(t, srv, "/api/auth/refresh", map[string]string{"Cookie": auth.RefreshCookie + "=" + r1})
		res.Want(t, 200, "")
		r2 := cookie(t, res, auth.RefreshCookie, "/api/auth/").Value
		access := cookie(t, res, auth.AccessCookie, "/").Value
		noSecrets(t, res.Body, r1, r2, access)
		if r2 == r1 {
			t.Fatal("refresh did not rotate the refresh token")
		}
		if decodeUser(t, res)["email"] != "mutua@example.co.ke" {
			t.Fatalf("refresh answered %s", res.Body)
		}
		// The new access token works.
		get(t, srv, "/api/auth/me", map[string]string{"Authorization": "Bearer " + access}).Want(t, 200, "")

		// r1 again: someone copied it. Both r1 and its successor r2 die.
		post(t, srv, "/api/auth/refresh", map[string]string{"Cookie": auth.RefreshCookie + "=" + r1}).Want(t, 401, auth.MsgSessionExpired)
		post(t, srv, "/api/auth/refresh", map[string]string{"Cookie": auth.RefreshCookie + "=" + r2}).Want(t, 401, auth.MsgSessionExpired)
		// Through the Connect door as well.
		_, err := srv.Anonymous().Auth().Refresh(context.Background(), withCookie(connect.NewRequest(&kesiv1.RefreshRequest{}), r2))
		wantConnect(t, err, connect.CodeUnauthenticated, auth.MsgSessionExpired)

		if n := countKind(auditKinds(t, srv.DB()), auth.AuditRefreshReuse); n < 1 {
			t.Fatal("refresh reuse was not audited")
		}
		// Without a cookie, or with garbage, refresh is refused.
		post(t, srv, "/api/auth/refresh", nil).Want(t, 401, auth.MsgSessionExpired)
		post(t, srv, "/api/auth/refresh", map[string]string{"Cookie": auth.RefreshCookie + "=nonsense"}).Want(t, 401, auth.MsgSessionExpired)
	})
}

func withCookie[T any](req *connect.Request[T], refresh string) *connect.Request[T] {
	req.Header().Set("Cookie", auth.RefreshCookie+"="+refresh)
	return req
}

func TestRefresh_AnExpiredAccessTokenIsRefreshedAndTheCallRetried(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		for _, door := range []string{"rest", "connect"} {
			t.Run(door, func(t *testing.T) {
				c := signIn(t, srv, door+"@example.co.ke")
				c.Do(t, "GET", "/api/auth/me", nil).Want(t, 200, "")
				srv.Clock.Advance(16 * time.Minute)
				ctx := context.Background()
				if door == "rest" {
					c.Do(t, "GET", "/api/auth/me", nil).Want(t, 401, auth.MsgSignInRequired)
					c.Do(t, "POST", "/api/auth/refresh", nil).Want(t, 200, "")
					c.Do(t, "GET", "/api/auth/me", nil).Want(t, 200, "")
					return
				}
				_, err := c.Auth().Me(ctx, connect.NewRequest(&kesiv1.MeRequest{}))
				wantConnect(t, err, connect.CodeUnauthenticated, auth.MsgSignInRequired)
				if _, err := c.Auth().Refresh(ctx, connect.NewRequest(&kesiv1.RefreshRequest{})); err != nil {
					t.Fatalf("connect refresh with the cookie scoped to /kesi.v1.AuthService/: %v", err)
				}
				me, err := c.Auth().Me(ctx, connect.NewRequest(&kesiv1.MeRequest{}))
				if err != nil || me.Msg.User.Email != "connect@example.co.ke" {
					t.Fatalf("me after refresh: %v %v", me, err)
				}
			})
		}
		// A refresh token past its 30 days is refused.
		c := signIn(t, srv, "late@example.co.ke")
		srv.Clock.Advance(auth.RefreshTTL + time.Minute)
		c.Do(t, "POST", "/api/auth/refresh", nil).Want(t, 401, auth.MsgSessionExpired)
	})
}

func TestLogout_RevokesTheFamilyAndClearsCookies(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		register(t, srv, form("chebet@example.co.ke")).Want(t, 201, "")
		login := srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": "chebet@example.co.ke", "password": goodPassword})
		refresh := cookie(t, login, auth.RefreshCookie, "/api/auth/").Value

		// Logout works with only the refresh cookie (the access token may have expired).
		res := post(t, srv, "/api/auth/logout", map[string]string{"Cookie": auth.RefreshCookie + "=" + refresh})
		res.Want(t, 200, "Logged out successfully")
		for _, c := range []struct{ name, path string }{{auth.AccessCookie, "/"}, {auth.RefreshCookie, "/api/auth/"}, {auth.RefreshCookie, "/kesi.v1.AuthService/"}} {
			if got := cookie(t, res, c.name, c.path); got.MaxAge >= 0 || got.Value != "" {
				t.Errorf("logout left %s (path %s): Max-Age %d value %q", c.name, c.path, got.MaxAge, got.Value)
			}
		}
		post(t, srv, "/api/auth/refresh", map[string]string{"Cookie": auth.RefreshCookie + "=" + refresh}).Want(t, 401, auth.MsgSessionExpired)

		// With no credentials at all it still answers, so a browser can always sign out.
		post(t, srv, "/api/auth/logout", nil).Want(t, 200, "Logged out successfully")

		// Through Connect, the cookie-jar browser is signed out.
		c := signIn(t, srv, "kiprop@example.co.ke")
		out, err := c.Auth().Logout(context.Background(), connect.NewRequest(&kesiv1.LogoutRequest{}))
		if err != nil || out.Msg.Message != "Logged out successfully" {
			t.Fatalf("connect logout: %v %v", out, err)
		}
		c.Do(t, "GET", "/api/auth/me", nil).Want(t, 401, "")
		c.Do(t, "POST", "/api/auth/refresh", nil).Want(t, 401, "")
		if n := countKind(auditKinds(t, srv.DB()), auth.AuditLogout); n != 2 {
			t.Fatalf("%d logouts audited, want 2", n)
		}
	})
}

func TestRawBodies_NeverCarryAHashOrAToken(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		c := srv.Anonymous()
		var bodies [][]byte
		var tokens []string
		keep := func(res *testkit.Response) {
			bodies = append(bodies, res.Body)
			for _, ck := range (&http.Response{Header: res.Header}).Cookies() {
				tokens = append(tokens, ck.Value)
			}
		}
		keep(c.Do(t, "POST", "/api/auth/register", form("safe@example.co.ke")))
		keep(c.Do(t, "POST", "/api/auth/login", map[string]any{"email": "safe@example.co.ke", "password": goodPassword}))
		keep(c.Do(t, "GET", "/api/auth/me", nil))
		keep(c.Do(t, "POST", "/api/auth/refresh", nil))
		keep(c.Do(t, "POST", "/api/auth/update-user-info", map[string]any{"fullname": "Safe Advocate"}))
		// The Connect door, in its JSON form so that the raw body is readable.
		for _, proc := range []string{"Login", "Me", "Refresh"} {
			req, _ := http.NewRequest("POST", srv.URL+"/kesi.v1.AuthService/"+proc, jsonBody(map[string]any{"email": "safe@example.co.ke", "password": goodPassword}, proc == "Login"))
			req.Header.Set("Content-Type", "application/json")
			keep(c.Send(t, req))
		}
		keep(c.Do(t, "POST", "/api/auth/logout", nil))
		if len(tokens) < 6 {
			t.Fatalf("only %d cookies seen; the flow did not sign in", len(tokens))
		}
		for _, b := range bodies {
			noSecrets(t, b, tokens...)
		}
	})
}
