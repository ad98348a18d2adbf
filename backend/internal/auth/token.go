package auth

import (
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/role"
)

// AccessTTL is how long an access token lives; refresh rotates it.
const AccessTTL = 15 * time.Minute

// Cookie names. Both cookies are HTTP-only; the refresh cookie is sent only to
// the auth endpoints that need it.
const (
	AccessCookie  = "kesi_access"
	RefreshCookie = "kesi_refresh"
)

// ErrBadToken is any access token that does not verify or has expired.
var ErrBadToken = errors.New("invalid or expired access token")

// Signer mints and verifies access tokens: a JSON claim set and its
// HMAC-SHA256, with a key derived from the master key.
type Signer struct {
	key []byte
}

// NewSigner derives the token key from the master key.
func NewSigner(masterKey []byte) (*Signer, error) {
	key, err := hkdf.Key(sha256.New, masterKey, nil, "kesi access token v1", 32)
	if err != nil {
		return nil, err
	}
	return &Signer{key: key}, nil
}

type claims struct {
	Sub uuid.UUID `json:"sub"`
	Rol role.Role `json:"rol"`
	Fam uuid.UUID `json:"fam"`
	Exp int64     `json:"exp"`
}

// Mint issues an access token for p that expires AccessTTL after now.
func (s *Signer) Mint(p Principal, now time.Time) string {
	body, _ := json.Marshal(claims{Sub: p.UserID, Rol: p.Role, Fam: p.FamilyID, Exp: now.Add(AccessTTL).Unix()})
	payload := base64.RawURLEncoding.EncodeToString(body)
	return payload + "." + base64.RawURLEncoding.EncodeToString(s.mac(payload))
}

// Verify checks an access token and answers its principal.
func (s *Signer) Verify(token string, now time.Time) (Principal, error) {
	payload, sig, ok := strings.Cut(token, ".")
	if !ok {
		return Principal{}, ErrBadToken
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, s.mac(payload)) {
		return Principal{}, ErrBadToken
	}
	body, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return Principal{}, ErrBadToken
	}
	var c claims
	if err := json.Unmarshal(body, &c); err != nil || now.Unix() >= c.Exp || c.Sub == uuid.Nil {
		return Principal{}, ErrBadToken
	}
	return Principal{UserID: c.Sub, Role: c.Rol, Scope: ScopeSession, FamilyID: c.Fam}, nil
}

func (s *Signer) mac(payload string) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(payload))
	return m.Sum(nil)
}
