package auth

import (
	"context"
	"net/http"
	"strings"

	"github.com/kesihq/kesi/backend/internal/platform"
)

// ExtensionTokenPrefix starts every browser-extension token, so that the
// middleware knows to look it up instead of verifying a signature.
const ExtensionTokenPrefix = "kxt_"

// ExtensionTokenResolver finds the principal of a browser-extension token.
type ExtensionTokenResolver interface {
	ResolveExtensionToken(ctx context.Context, token string) (Principal, error)
}

// Authenticator turns each request's credentials into a Principal, once per
// request, for both doors. A request without valid credentials goes on
// without a principal; the Authorizer decides whether that is allowed.
type Authenticator struct {
	Signer     *Signer
	Extensions ExtensionTokenResolver // nil: extension tokens are refused
	Clock      platform.Clock
	// Revoked lists ended sessions: their access tokens, still signed and
	// unexpired, are refused.
	Revoked *Revoked
	Cookies Cookies // names the access cookie
}

// Middleware authenticates every request that passes through it.
func (a *Authenticator) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, ok := a.authenticate(r); ok {
			r = r.WithContext(WithPrincipal(r.Context(), p))
		}
		next.ServeHTTP(w, r)
	})
}

func (a *Authenticator) authenticate(r *http.Request) (Principal, bool) {
	token := ""
	if h := r.Header.Get("Authorization"); h != "" {
		scheme, rest, ok := strings.Cut(h, " ")
		if ok && strings.EqualFold(scheme, "Bearer") {
			token = strings.TrimSpace(rest)
		}
	}
	if token == "" {
		if c, err := r.Cookie(a.Cookies.AccessName()); err == nil {
			token = c.Value
		}
	}
	if token == "" {
		return Principal{}, false
	}
	if strings.HasPrefix(token, ExtensionTokenPrefix) {
		if a.Extensions == nil {
			return Principal{}, false
		}
		p, err := a.Extensions.ResolveExtensionToken(r.Context(), token)
		return p, err == nil
	}
	p, err := a.Signer.Verify(token, a.Clock.Now())
	if err != nil || a.Revoked.Has(p.FamilyID) {
		return Principal{}, false
	}
	return p, true
}
