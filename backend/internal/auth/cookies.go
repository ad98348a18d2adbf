package auth

import (
	"net/http"
	"time"
)

// refreshCookiePaths scope the refresh cookie to the two doors of
// AuthService, so that the long-lived token travels only with calls that
// use it: the REST paths /api/auth/* and the Connect paths of AuthService.
var refreshCookiePaths = []string{"/api/auth/", "/kesi.v1.AuthService/"}

// HostPrefix pins a cookie to Kesi's exact host: the browser takes it only
// Secure, with Path=/ and no Domain, so a sibling subdomain can neither set
// nor shadow it.
const HostPrefix = "__Host-"

// Cookies builds the session cookies: HTTP-only, SameSite=Lax, and, when
// the public URL is https, Secure and __Host- prefixed.
type Cookies struct {
	Secure bool
}

// AccessName is the access cookie's name.
func (c Cookies) AccessName() string { return c.name(AccessCookie) }

// RefreshName is the refresh cookie's name.
func (c Cookies) RefreshName() string { return c.name(RefreshCookie) }

func (c Cookies) name(base string) string {
	if c.Secure {
		return HostPrefix + base
	}
	return base
}

// refreshPaths are where the refresh cookie goes: a __Host- cookie must have
// Path=/, which is no loss, as paths are no boundary within one origin.
func (c Cookies) refreshPaths() []string {
	if c.Secure {
		return []string{"/"}
	}
	return refreshCookiePaths
}

// Session answers the Set-Cookie values that store s in the browser.
func (c Cookies) Session(s *Session, now time.Time) []*http.Cookie {
	out := []*http.Cookie{c.cookie(c.AccessName(), s.AccessToken, "/", int(AccessTTL/time.Second))}
	maxAge := int(s.RefreshExpiry.Sub(now) / time.Second)
	for _, p := range c.refreshPaths() {
		out = append(out, c.cookie(c.RefreshName(), s.RefreshToken, p, maxAge))
	}
	return out
}

// Cleared answers the Set-Cookie values that delete both cookies.
func (c Cookies) Cleared() []*http.Cookie {
	out := []*http.Cookie{c.cookie(c.AccessName(), "", "/", -1)}
	for _, p := range c.refreshPaths() {
		out = append(out, c.cookie(c.RefreshName(), "", p, -1))
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
