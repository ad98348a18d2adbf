package app_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/testkit"
)

const edgePassword = "mahakama-2025"

// raw sends one request outside any cookie jar, with exactly the headers given.
func raw(t *testing.T, srv *testkit.Server, method, path, contentType, body string, headers map[string]string) *testkit.Response {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	return (&testkit.Session{HTTP: http.DefaultClient}).Send(t, req)
}

// signedInCookie registers and signs in email from Kesi's own page and
// answers the Cookie header its browser would then send.
func signedInCookie(t *testing.T, srv *testkit.Server, email string) string {
	t.Helper()
	own := map[string]string{"Origin": srv.URL}
	body := `{"fullname":"Achieng Otieno","email":"` + email + `","password":"` + edgePassword + `","phone_number":"0712345678"}`
	if res := raw(t, srv, "POST", "/api/auth/register", "application/json", body, own); res.Status != 201 {
		t.Fatalf("register: %d %s", res.Status, res.Body)
	}
	res := raw(t, srv, "POST", "/api/auth/login", "application/json", `{"email":"`+email+`","password":"`+edgePassword+`"}`, own)
	if res.Status != 200 {
		t.Fatalf("login: %d %s", res.Status, res.Body)
	}
	var parts []string
	for _, c := range (&http.Response{Header: res.Header}).Cookies() {
		if c.Path == "/" || c.Path == "/api/auth/" {
			parts = append(parts, c.Name+"="+c.Value)
		}
	}
	return strings.Join(parts, "; ")
}

func TestCrossSiteWritesAreRefused(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	cookie := signedInCookie(t, srv, "owner@example.co.ke")
	rename := `{"fullname":"Renamed By Attacker"}`
	login := `{"email":"owner@example.co.ke","password":"` + edgePassword + `","phone_number":"0712345678"}`
	for _, tc := range []struct {
		name, method, path, contentType, body string
		headers                               map[string]string
		status                                int
		message                               string
	}{
		// Login CSRF: another site's form or fetch signs the browser in.
		{"login as a text/plain form", "POST", "/api/auth/login", "text/plain", login, map[string]string{"Origin": "https://evil.example"}, 403, app.MsgJSONOnly},
		{"login as a urlencoded form", "POST", "/api/auth/login", "application/x-www-form-urlencoded", "email=a", map[string]string{"Origin": "https://evil.example"}, 403, app.MsgJSONOnly},
		{"login as text/plain from Kesi itself", "POST", "/api/auth/login", "text/plain", login, map[string]string{"Origin": srv.URL}, 403, app.MsgJSONOnly},
		{"login with JSON from another origin", "POST", "/api/auth/login", "application/json", login, map[string]string{"Origin": "https://evil.example"}, 403, app.MsgCrossSite},
		{"login from a cross-site fetch", "POST", "/api/auth/login", "application/json", login, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, app.MsgCrossSite},
		{"login from a sibling subdomain", "POST", "/api/auth/login", "application/json", login, map[string]string{"Sec-Fetch-Site": "same-site", "Origin": "http://sub.127.0.0.1"}, 403, app.MsgCrossSite},
		{"login with Origin null", "POST", "/api/auth/login", "application/json", login, map[string]string{"Origin": "null"}, 403, app.MsgCrossSite},
		// Writes with the session cookie.
		{"rename from another origin", "POST", "/api/auth/update-user-info", "application/json", rename, map[string]string{"Cookie": cookie, "Origin": "https://evil.example"}, 403, app.MsgCrossSite},
		{"rename without Origin nor Sec-Fetch-Site", "POST", "/api/auth/update-user-info", "application/json", rename, map[string]string{"Cookie": cookie}, 403, app.MsgCrossSite},
		{"rename as text/plain", "POST", "/api/auth/update-user-info", "text/plain", rename, map[string]string{"Cookie": cookie, "Origin": srv.URL}, 403, app.MsgJSONOnly},
		{"upload from another origin", "POST", "/api/files/upload", "multipart/form-data; boundary=x", "--x--", map[string]string{"Cookie": cookie, "Origin": "https://evil.example"}, 403, app.MsgCrossSite},
		{"upload as text/plain", "POST", "/api/files/upload", "text/plain", "x", map[string]string{"Cookie": cookie, "Origin": srv.URL}, 403, app.MsgMultipartOnly},
		{"payment from another origin", "POST", "/api/payment/initialize", "application/json", `{"planId":"monthly"}`, map[string]string{"Cookie": cookie, "Origin": "https://evil.example"}, 403, app.MsgCrossSite},
		// The Connect door.
		{"Connect login from another origin", "POST", "/kesi.v1.AuthService/Login", "application/json", login, map[string]string{"Origin": "https://evil.example"}, 403, ""},
		{"Connect login as text/plain", "POST", "/kesi.v1.AuthService/Login", "text/plain", login, nil, 403, ""},
		{"Connect login as a urlencoded form", "POST", "/kesi.v1.AuthService/Login", "application/x-www-form-urlencoded", "email=a", map[string]string{"Origin": "https://evil.example"}, 403, ""},
		{"Connect rename as multipart with the cookie", "POST", "/kesi.v1.AuthService/UpdateUserInfo", "multipart/form-data; boundary=x", "--x--", map[string]string{"Cookie": cookie, "Origin": srv.URL}, 403, ""},
		{"Connect rename with the cookie from another site", "POST", "/kesi.v1.AuthService/UpdateUserInfo", "application/json", rename, map[string]string{"Cookie": cookie, "Sec-Fetch-Site": "cross-site"}, 403, ""},
		// Trailing data after the JSON value.
		{"trailing data", "POST", "/api/auth/update-user-info", "application/json", rename + `{"fullname":"x"}`, map[string]string{"Cookie": cookie, "Origin": srv.URL}, 400, "Request body must be valid JSON."},
		{"trailing garbage", "POST", "/api/auth/update-user-info", "application/json", rename + `garbage`, map[string]string{"Cookie": cookie, "Origin": srv.URL}, 400, "Request body must be valid JSON."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := raw(t, srv, tc.method, tc.path, tc.contentType, tc.body, tc.headers)
			if res.Status != tc.status {
				t.Fatalf("%d %s, want %d", res.Status, res.Body, tc.status)
			}
			if tc.message != "" && res.Message(t) != tc.message {
				t.Errorf("message %q, want %q", res.Message(t), tc.message)
			}
			if len(res.Header.Values("Set-Cookie")) != 0 {
				t.Errorf("a refused request set cookies: %q", res.Header.Values("Set-Cookie"))
			}
		})
	}
	me := raw(t, srv, "GET", "/api/auth/me", "", "", map[string]string{"Cookie": cookie})
	if strings.Contains(string(me.Body), "Attacker") || strings.Contains(string(me.Body), `"x"`) {
		t.Errorf("a refused write changed the profile: %s", me.Body)
	}

	// What Kesi's own pages and programs send still works.
	for _, tc := range []struct {
		name, path, contentType, body string
		headers                       map[string]string
	}{
		{"rename from Kesi's page (Origin)", "/api/auth/update-user-info", "application/json; charset=utf-8", `{"fullname":"Achieng O."}`, map[string]string{"Cookie": cookie, "Origin": srv.URL}},
		{"rename from Kesi's page (Sec-Fetch-Site)", "/api/auth/update-user-info", "application/json", `{"fullname":"Achieng O."}`, map[string]string{"Cookie": cookie, "Sec-Fetch-Site": "same-origin"}},
		{"Connect rename from Kesi's page", "/kesi.v1.AuthService/UpdateUserInfo", "application/json", `{"fullname":"Achieng O."}`, map[string]string{"Cookie": cookie, "Origin": srv.URL, "Sec-Fetch-Site": "same-origin"}},
		{"login from a program", "/api/auth/login", "application/json", login, nil},
		{"Connect login from a program", "/kesi.v1.AuthService/Login", "application/json", login, nil},
	} {
		if res := raw(t, srv, "POST", tc.path, tc.contentType, tc.body, tc.headers); res.Status != 200 {
			t.Errorf("%s: %d %s, want 200", tc.name, res.Status, res.Body)
		}
	}
	// A program with a bearer token and no browser headers.
	lawyer := srv.Lawyer(t)
	if res := lawyer.Do(t, "POST", "/api/auth/update-user-info", map[string]string{"fullname": "Bearer Works"}); res.Status != 200 {
		t.Errorf("bearer write: %d %s", res.Status, res.Body)
	}
	// The browser extension: a bearer token from its own origin.
	req, _ := http.NewRequest("POST", srv.URL+"/kesi.v1.AuthService/UpdateUserInfo", strings.NewReader(`{"fullname":"From The Extension"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "chrome-extension://abcdefghijklmnop")
	req.Header.Set("Sec-Fetch-Site", "none")
	if res := lawyer.Send(t, req); res.Status != 200 {
		t.Errorf("extension write: %d %s", res.Status, res.Body)
	}
}

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	page := raw(t, srv, "GET", "/", "", "", nil)
	csp := page.Header.Get("Content-Security-Policy")
	for _, want := range []string{"object-src 'none'", "base-uri 'none'", "frame-ancestors 'self'", "default-src 'self'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if pp := page.Header.Get("Permissions-Policy"); !strings.Contains(pp, "camera=()") || !strings.Contains(pp, "geolocation=()") {
		t.Errorf("Permissions-Policy = %q", pp)
	}
	if page.Header.Get("Strict-Transport-Security") != "" {
		t.Error("HSTS over an http public URL")
	}
	for _, path := range []string{"/api/auth/me", "/kesi.v1.AuthService/Me", "/api/plans"} {
		res := raw(t, srv, "POST", path, "application/json", "{}", nil)
		if path == "/api/auth/me" || path == "/api/plans" {
			res = raw(t, srv, "GET", path, "", "", nil)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("%s: Cache-Control %q, want no-store", path, cc)
		}
	}

	secure := testkit.NewServer(t, testkit.SQLite, map[string]string{"KESI_PUBLIC_URL": "https://kesi.example.co.ke"})
	if hsts := raw(t, secure, "GET", "/", "", "", nil).Header.Get("Strict-Transport-Security"); !strings.HasPrefix(hsts, "max-age=63072000") {
		t.Errorf("HSTS over an https public URL = %q", hsts)
	}
	res := raw(t, secure, "POST", "/api/auth/register", "application/json",
		`{"fullname":"Achieng Otieno","email":"host@example.co.ke","phone_number":"0712345678","password":"`+edgePassword+`"}`, map[string]string{"Origin": "https://kesi.example.co.ke"})
	if res.Status != 201 {
		t.Fatalf("register: %d %s", res.Status, res.Body)
	}
	res = raw(t, secure, "POST", "/api/auth/login", "application/json",
		`{"email":"host@example.co.ke","password":"`+edgePassword+`"}`, map[string]string{"Origin": "https://kesi.example.co.ke"})
	for _, c := range (&http.Response{Header: res.Header}).Cookies() {
		if !strings.HasPrefix(c.Name, auth.HostPrefix) || c.Path != "/" || !c.Secure || c.Domain != "" {
			t.Errorf("cookie %s: path %q secure %v domain %q; want a __Host- cookie", c.Name, c.Path, c.Secure, c.Domain)
		}
	}
	// The session works under its prefixed name.
	var access string
	for _, c := range (&http.Response{Header: res.Header}).Cookies() {
		if c.Name == auth.HostPrefix+auth.AccessCookie {
			access = c.Value
		}
	}
	if me := raw(t, secure, "GET", "/api/auth/me", "", "", map[string]string{"Cookie": auth.HostPrefix + auth.AccessCookie + "=" + access}); me.Status != 200 {
		t.Errorf("me with the __Host- cookie: %d %s", me.Status, me.Body)
	}
	if me := raw(t, secure, "GET", "/api/auth/me", "", "", map[string]string{"Cookie": auth.AccessCookie + "=" + access}); me.Status != 401 {
		t.Errorf("me with the unprefixed cookie over https: %d, want 401", me.Status)
	}
}
