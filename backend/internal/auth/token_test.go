package auth

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/role"
)

func TestAccessTokenRoundTripAndExpiry(t *testing.T) {
	s, err := NewSigner(bytes.Repeat([]byte{1}, 32))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2025, 1, 15, 6, 0, 0, 0, time.UTC)
	p := Principal{UserID: uuid.New(), Role: role.Lawyer, Scope: ScopeSession, FamilyID: uuid.New()}
	tok := s.Mint(p, now)

	got, err := s.Verify(tok, now.Add(AccessTTL-time.Second))
	if err != nil || got != p {
		t.Fatalf("Verify within the TTL = %+v, %v; want %+v", got, err, p)
	}
	if _, err := s.Verify(tok, now.Add(AccessTTL)); err == nil {
		t.Error("an access token is accepted after its 15 minutes")
	}
}

func TestAccessTokenRejectsTamperingAndOtherKeys(t *testing.T) {
	s, _ := NewSigner(bytes.Repeat([]byte{1}, 32))
	other, _ := NewSigner(bytes.Repeat([]byte{2}, 32))
	now := time.Now()
	tok := s.Mint(Principal{UserID: uuid.New(), Role: role.Lawyer}, now)
	payload, sig, _ := strings.Cut(tok, ".")

	forged := other.Mint(Principal{UserID: uuid.New(), Role: role.Moderator}, now)
	_, forgedSig, _ := strings.Cut(forged, ".")
	for name, bad := range map[string]string{
		"signed with another key": forged,
		"payload swapped":         strings.Split(forged, ".")[0] + "." + sig,
		"signature swapped":       payload + "." + forgedSig,
		"no signature":            payload,
		"empty":                   "",
		"garbage":                 "a.b",
	} {
		if _, err := s.Verify(bad, now); err == nil {
			t.Errorf("%s: Verify accepted %q", name, bad)
		}
	}
}

func FuzzVerify(f *testing.F) {
	s, _ := NewSigner(bytes.Repeat([]byte{1}, 32))
	now := time.Now()
	f.Add(s.Mint(Principal{UserID: uuid.New(), Role: role.Lawyer}, now))
	f.Add("e30.AAAA")
	f.Fuzz(func(t *testing.T, tok string) {
		p, err := s.Verify(tok, now)
		if err == nil && p.UserID == uuid.Nil {
			t.Fatalf("Verify(%q) accepted a token without a subject", tok)
		}
	})
}
