package auth

import (
	"bytes"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"hash"
	"slices"
	"strconv"
	"sync"
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
	// macs keeps keyed HMACs with scratch space between tokens: every
	// request verifies one, and hmac.New would hash the key into fresh pads
	// and allocate each time, where Reset restores the pads it saved.
	macs sync.Pool // of *macState
}

// macState is one HMAC of the signer's key and the buffers one token needs.
type macState struct {
	h       hash.Hash
	sum     [sha256.Size]byte
	token   []byte // the token's bytes, for the decoders and the MAC
	decoded []byte // the signature, then the claims
}

// maxKeptScratch is the most scratch space a pooled macState keeps: an
// access token is about 200 bytes, and a client that sends a huge one
// should not leave its buffers in the pool.
const maxKeptScratch = 4 << 10

// NewSigner derives the token key from the master key.
func NewSigner(masterKey []byte) (*Signer, error) {
	key, err := hkdf.Key(sha256.New, masterKey, nil, "kesi access token v1", 32)
	if err != nil {
		return nil, err
	}
	s := &Signer{key: key}
	s.macs.New = func() any { return &macState{h: hmac.New(sha256.New, s.key)} }
	return s, nil
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
	m := s.macs.Get().(*macState)
	defer s.put(m)
	return payload + "." + base64.RawURLEncoding.EncodeToString(m.mac([]byte(payload)))
}

// Verify checks an access token and answers its principal.
func (s *Signer) Verify(token string, now time.Time) (Principal, error) {
	m := s.macs.Get().(*macState)
	defer s.put(m)
	m.token = append(m.token[:0], token...)
	payload, sig, ok := bytes.Cut(m.token, []byte("."))
	if !ok {
		return Principal{}, ErrBadToken
	}
	got, err := m.decode(sig)
	if err != nil || !hmac.Equal(got, m.mac(payload)) {
		return Principal{}, ErrBadToken
	}
	body, err := m.decode(payload)
	if err != nil {
		return Principal{}, ErrBadToken
	}
	c, ok := decodeMinted(body)
	if !ok {
		// Not as Mint writes claims: encoding/json decides, as it always
		// has. (Its own variable: one that json.Unmarshal is given escapes
		// to the heap, and c should not on the usual path.)
		var other claims
		if err := json.Unmarshal(body, &other); err != nil {
			return Principal{}, ErrBadToken
		}
		c = other
	}
	if now.Unix() >= c.Exp || c.Sub == uuid.Nil {
		return Principal{}, ErrBadToken
	}
	return Principal{UserID: c.Sub, Role: c.Rol, Scope: ScopeSession, FamilyID: c.Fam}, nil
}

func (s *Signer) put(m *macState) {
	if cap(m.token)+cap(m.decoded) > maxKeptScratch {
		m.token, m.decoded = nil, nil
	}
	s.macs.Put(m)
}

// mac is the HMAC of payload, valid until m's next use.
func (m *macState) mac(payload []byte) []byte {
	m.h.Reset()
	m.h.Write(payload)
	return m.h.Sum(m.sum[:0])
}

// decode is the unpadded base64url of src, valid until m's next decode. It
// is base64.RawURLEncoding.DecodeString without the allocation, newlines
// skipped as that skips them.
func (m *macState) decode(src []byte) ([]byte, error) {
	m.decoded = slices.Grow(m.decoded[:0], base64.RawURLEncoding.DecodedLen(len(src)))[:base64.RawURLEncoding.DecodedLen(len(src))]
	n, err := base64.RawURLEncoding.Decode(m.decoded, src)
	return m.decoded[:n], err
}

// decodeMinted reads claims written exactly as Mint's json.Marshal writes
// them: {"sub":"…","rol":"…","fam":"…","exp":N}, keys in that order, no
// space, strings of printable ASCII without escapes. For such input it
// answers what json.Unmarshal would; for any other (reordered, spaced,
// escaped, extra or repeated keys, not a claim set at all) it answers false
// and leaves the decision to json.Unmarshal, whose rules (keys matched
// without regard to case, the last of repeated keys winning, null ignored,
// unknown keys skipped) are too many to copy faithfully.
func decodeMinted(b []byte) (claims, bool) {
	var c claims
	var sub, rol, fam, exp []byte
	var ok bool
	if sub, b, ok = mintedField(b, `{"sub":"`, '"'); !ok {
		return c, false
	}
	if rol, b, ok = mintedField(b, `,"rol":"`, '"'); !ok {
		return c, false
	}
	if fam, b, ok = mintedField(b, `,"fam":"`, '"'); !ok {
		return c, false
	}
	if exp, b, ok = mintedField(b, `,"exp":`, '}'); !ok || len(b) != 0 || !jsonInteger(exp) {
		return c, false
	}
	var err error
	// uuid.UUID.UnmarshalText is uuid.ParseBytes; strconv.ParseInt is how
	// encoding/json reads an integer into an int64.
	if c.Sub, err = uuid.ParseBytes(sub); err != nil {
		return c, false
	}
	if c.Fam, err = uuid.ParseBytes(fam); err != nil {
		return c, false
	}
	if c.Exp, err = strconv.ParseInt(string(exp), 10, 64); err != nil {
		return c, false
	}
	c.Rol = mintedRole(rol)
	return c, true
}

// mintedField cuts prefix from b and then the value up to end, which must
// be printable ASCII other than a quote or a backslash: a JSON string's
// contents that decode to themselves. rest is what follows end.
func mintedField(b []byte, prefix string, end byte) (value, rest []byte, ok bool) {
	b, ok = bytes.CutPrefix(b, []byte(prefix))
	if !ok {
		return nil, nil, false
	}
	for i, c := range b {
		if c == end {
			return b[:i], b[i+1:], true
		}
		if c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return nil, nil, false
		}
	}
	return nil, nil, false
}

// jsonInteger reports whether b is a JSON number without fraction or
// exponent: -?(0|[1-9][0-9]*).
func jsonInteger(b []byte) bool {
	b, _ = bytes.CutPrefix(b, []byte("-"))
	if len(b) == 0 || b[0] == '0' && len(b) > 1 {
		return false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// mintedRole is the role named by b, without allocating for the known ones.
// An unknown name is kept as it is, as json.Unmarshal keeps it; the
// authorization rules refuse it.
func mintedRole(b []byte) role.Role {
	switch string(b) {
	case string(role.Lawyer):
		return role.Lawyer
	case string(role.Moderator):
		return role.Moderator
	case string(role.Demo):
		return role.Demo
	case string(role.Affiliate):
		return role.Affiliate
	}
	return role.Role(b)
}
