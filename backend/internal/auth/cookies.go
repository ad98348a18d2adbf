package auth

import (
	"net/http"
	"time"
)

// refreshCookiePaths scope the refresh cookie to the two doors of
// AuthService, so that the long-lived token travels only with calls that
// use it: the REST paths /api/auth/* and the Connect paths of AuthService.
var refreshCookiePaths = []string{"/api/auth/", "/kesi.v1.AuthService/"}

// Cookies builds the session cookies: HTTP-only, SameSite=Lax, and Secure
// when the public URL is https.
type Cookies struct {
	Secure bool
}

// Session answers the Set-Cookie values that store s in the browser.
func (c Cookies) Session(s *Session, now time.Time) []*http.Cookie {
	out := []*http.Cookie{c.cookie(AccessCookie, s.AccessToken, "/", int(AccessTTL/time.Second))}
	maxAge := int(s.RefreshExpiry.Sub(now) / time.Second)
	for _, p := range refreshCookiePaths {
		out = append(out, c.cookie(RefreshCookie, s.RefreshToken, p, maxAge))
	}
	return out
}

// Cleared answers the Set-Cookie values that delete both cookies.
func (c Cookies) Cleared() []*http.Cookie {
	out := []*http.Cookie{c.cookie(AccessCookie, "", "/", -1)}
	for _, p := range refreshCookiePaths {
		out = append(out, c.cookie(RefreshCookie, "", p, -1))
	}
	return out
}

func (c Cookies) cookie(name, value, path string, maxAge int) *http.Cookie {
	return &http.Cookie{
		Name:     name,
		Value:    value,
		Path:     path,
		MaxAge:   maxAge, // -1 writes Max-Age=0: delete now
		HttpOnly: true,
		Secure:   c.Secure,
		SameSite: http.SameSiteLaxMode,
	}
}

// cookieValue reads a cookie from request headers.
func cookieValue(h http.Header, name string) string {
	r := http.Request{Header: h}
	c, err := r.Cookie(name)
	if err != nil {
		return ""
	}
	return c.Value
}
