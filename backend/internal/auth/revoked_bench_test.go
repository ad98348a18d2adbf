package auth_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/role"
)

// revokedSet is a set with n recently ended sessions, more than a busy
// quarter of an hour ends.
func revokedSet(n int) *auth.Revoked {
	r := auth.NewRevoked(nil, platform.FixedClock{T: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)})
	fs := make([]uuid.UUID, n)
	for i := range fs {
		fs[i] = uuid.New()
	}
	r.Add(fs...)
	return r
}

// BenchmarkRevokedHas is the per-request cost of the revocation check
// alone, on all cores at once as requests arrive.
func BenchmarkRevokedHas(b *testing.B) {
	r := revokedSet(10_000)
	family := uuid.New()
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if r.Has(family) {
				b.Fatal("a live family is revoked")
			}
		}
	})
}

// BenchmarkAuthenticate is the whole per-request authentication of a
// bearer token, the revocation check included, against no check at all
// (Revoked empty): the difference is the check's cost.
func BenchmarkAuthenticate(b *testing.B) {
	now := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	signer, err := auth.NewSigner(make([]byte, 32))
	if err != nil {
		b.Fatal(err)
	}
	token := signer.Mint(auth.Principal{UserID: uuid.New(), Role: role.Lawyer, Scope: auth.ScopeSession, FamilyID: uuid.New()}, now)
	for _, n := range []int{0, 10_000} {
		b.Run(map[int]string{0: "none-revoked", 10_000: "10000-revoked"}[n], func(b *testing.B) {
			a := &auth.Authenticator{Signer: signer, Clock: platform.FixedClock{T: now}, Revoked: revokedSet(n)}
			ok := false
			h := a.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, ok = auth.PrincipalFrom(r.Context())
			}))
			req := httptest.NewRequest("GET", "/api/auth/me", nil)
			req.Header.Set("Authorization", "Bearer "+token)
			b.ReportAllocs()
			for b.Loop() {
				h.ServeHTTP(nil, req)
			}
			if !ok {
				b.Fatal("the token was refused")
			}
		})
	}
}
