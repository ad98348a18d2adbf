package app

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
)

// securityHeaders shares its header values between responses: a handler
// that adds to one, or replaces it, must change its own response only.
func TestSecurityHeadersOfOneResponseDoNotLeakIntoTheNext(t *testing.T) {
	h := securityHeaders(true, nil, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Has("meddle") {
			w.Header().Add("Cache-Control", "private")
			w.Header().Add("Content-Security-Policy", "sandbox")
			w.Header().Set("Referrer-Policy", "no-referrer")
			w.Header().Del("Permissions-Policy")
		}
	}))
	want := map[string]map[string][]string{
		"/api/cases": {
			"X-Content-Type-Options":    {"nosniff"},
			"Referrer-Policy":           {"same-origin"},
			"Permissions-Policy":        {permissionsPolicy},
			"Strict-Transport-Security": {"max-age=63072000; includeSubDomains"},
			"Cache-Control":             {"no-store"},
		},
		"/calendar": {
			"X-Content-Type-Options":    {"nosniff"},
			"Referrer-Policy":           {"same-origin"},
			"Permissions-Policy":        {permissionsPolicy},
			"Strict-Transport-Security": {"max-age=63072000; includeSubDomains"},
			"Content-Security-Policy":   {contentSecurityPolicy},
		},
	}
	for _, path := range []string{"/api/cases", "/calendar"} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, path+"?meddle", nil))
	}
	for _, path := range []string{"/api/cases", "/calendar"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		got := rec.Header()
		if len(got) != len(want[path]) {
			t.Errorf("%s: headers %v, want %v", path, got, want[path])
		}
		for k, v := range want[path] {
			if !slices.Equal(got[k], v) {
				t.Errorf("%s: %s = %q, want %q", path, k, got[k], v)
			}
		}
	}
}

// The pages allow their own files and the inline scripts given, and no other script.
func TestPagePolicyAllowsTheGivenInlineScriptsAlone(t *testing.T) {
	if got := pagePolicy(nil); got != contentSecurityPolicy {
		t.Errorf("pagePolicy(nil) = %q, want %q", got, contentSecurityPolicy)
	}
	rec := httptest.NewRecorder()
	securityHeaders(false, []string{"'sha256-AAAA'", "'sha256-BBBB'"}, http.NotFoundHandler()).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/dashboard", nil))
	want := contentSecurityPolicy + "; script-src 'self' 'sha256-AAAA' 'sha256-BBBB'"
	if got := rec.Header().Get("Content-Security-Policy"); got != want {
		t.Errorf("Content-Security-Policy = %q, want %q", got, want)
	}
}
