package auth

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/role"
)

// verifyBefore is Verify as it was before it kept its HMACs and read
// Mint's claims without encoding/json: the reference the new one must
// agree with on every token, accepted or refused.
func verifyBefore(s *Signer, token string, now time.Time) (Principal, error) {
	mac := func(payload string) []byte {
		m := hmac.New(sha256.New, s.key)
		m.Write([]byte(payload))
		return m.Sum(nil)
	}
	payload, sig, ok := strings.Cut(token, ".")
	if !ok {
		return Principal{}, ErrBadToken
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, mac(payload)) {
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

// signed is a token of body, any bytes, signed with s's key: what only the
// holder of the master key could make.
func signed(s *Signer, body string) string {
	payload := base64.RawURLEncoding.EncodeToString([]byte(body))
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(payload))
	return payload + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// agree fails t unless Verify and verifyBefore answer token alike.
func agree(t *testing.T, s *Signer, token string, now time.Time) (Principal, error) {
	t.Helper()
	got, gotErr := s.Verify(token, now)
	want, wantErr := verifyBefore(s, token, now)
	if got != want || (gotErr == nil) != (wantErr == nil) {
		t.Fatalf("Verify(%q) = %+v, %v; before it answered %+v, %v", token, got, gotErr, want, wantErr)
	}
	return got, gotErr
}

const (
	equivSub = "0b4f9a52-6c1e-4c55-9d7e-2f8d4a1c3b60"
	equivFam = "5e2d8c1a-9b3f-4a7e-8c6d-1f0e2a3b4c5d"
)

func TestVerifyDecidesAsEncodingJSONDid(t *testing.T) {
	s, _ := NewSigner(bytes.Repeat([]byte{1}, 32))
	now := time.Unix(1_763_884_800, 0)
	exp := "1763885700" // now + 15 minutes
	for name, tc := range map[string]struct {
		body   string
		accept bool
	}{
		"as Mint writes it":           {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `}`, true},
		"a role this server lacks":    {`{"sub":"` + equivSub + `","rol":"judge","fam":"` + equivFam + `","exp":` + exp + `}`, true},
		"no role":                     {`{"sub":"` + equivSub + `","rol":"","fam":"` + equivFam + `","exp":` + exp + `}`, true},
		"no family":                   {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"00000000-0000-0000-0000-000000000000","exp":` + exp + `}`, true},
		"expired":                     {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":1763884800}`, false},
		"expiry a second ahead":       {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":1763884801}`, true},
		"negative expiry":             {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":-5}`, false},
		"expiry -0":                   {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":-0}`, false},
		"expiry with a leading zero":  {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":01763885700}`, false},
		"expiry as a fraction":        {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":1763885700.5}`, false},
		"expiry with an exponent":     {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":1.8e9}`, false},
		"expiry past int64":           {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":99999999999999999999}`, false},
		"expiry as a string":          {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":"` + exp + `"}`, false},
		"expiry null":                 {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":null}`, false},
		"no subject":                  {`{"rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `}`, false},
		"nil subject":                 {`{"sub":"00000000-0000-0000-0000-000000000000","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `}`, false},
		"subject not a uuid":          {`{"sub":"someone","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `}`, false},
		"subject in braces":           {`{"sub":"{` + equivSub + `}","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `}`, true},
		"subject as a urn":            {`{"sub":"urn:uuid:` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `}`, true},
		"subject without dashes":      {`{"sub":"` + strings.ReplaceAll(equivSub, "-", "") + `","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `}`, true},
		"subject in capitals":         {`{"sub":"` + strings.ToUpper(equivSub) + `","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `}`, true},
		"subject escaped":             {`{"sub":"\u0030` + equivSub[1:] + `","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `}`, true},
		"subject null":                {`{"sub":null,"rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `}`, false},
		"subject a number":            {`{"sub":7,"rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `}`, false},
		"role escaped":                {`{"sub":"` + equivSub + `","rol":"\u006coderator","fam":"` + equivFam + `","exp":` + exp + `}`, true},
		"role not UTF-8":              {"{\"sub\":\"" + equivSub + "\",\"rol\":\"law\xffyer\",\"fam\":\"" + equivFam + "\",\"exp\":" + exp + "}", true},
		"role with a control byte":    {"{\"sub\":\"" + equivSub + "\",\"rol\":\"law\x01yer\",\"fam\":\"" + equivFam + "\",\"exp\":" + exp + "}", false},
		"role a number":               {`{"sub":"` + equivSub + `","rol":1,"fam":"` + equivFam + `","exp":` + exp + `}`, false},
		"keys in another order":       {`{"exp":` + exp + `,"fam":"` + equivFam + `","rol":"lawyer","sub":"` + equivSub + `"}`, true},
		"keys in capitals":            {`{"SUB":"` + equivSub + `","Rol":"moderator","fam":"` + equivFam + `","EXP":` + exp + `}`, true},
		"spaces":                      {` { "sub" : "` + equivSub + `" , "rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + ` } ` + "\n", true},
		"an extra field":              {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `,"adm":true}`, true},
		"an extra field first":        {`{"x":[1,{"y":null}],"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `}`, true},
		"the subject twice":           {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `,"sub":"` + equivFam + `"}`, true},
		"the role twice":              {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `,"rol":"moderator"}`, true},
		"the role twice, in capitals": {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `,"ROL":"moderator"}`, true},
		"the expiry twice, then null": {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `,"exp":null}`, true},
		"the subject twice, then bad": {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `,"sub":"x"}`, false},
		"trailing bytes":              {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `}x`, false},
		"two objects":                 {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp + `}{}`, false},
		"cut short":                   {`{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":` + exp, false},
		"not an object":               {`["` + equivSub + `"]`, false},
		"null":                        {`null`, false},
		"empty object":                {`{}`, false},
		"empty":                       {``, false},
		"not UTF-8 at all":            {"\xff\xfe\xfd", false},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := agree(t, s, signed(s, tc.body), now)
			if (err == nil) != tc.accept {
				t.Errorf("accepted = %v, want %v", err == nil, tc.accept)
			}
		})
	}
}

func TestVerifyRefusesWhatItRefusedBefore(t *testing.T) {
	s, _ := NewSigner(bytes.Repeat([]byte{1}, 32))
	other, _ := NewSigner(bytes.Repeat([]byte{2}, 32))
	now := time.Unix(1_763_884_800, 0)
	p := Principal{UserID: uuid.New(), Role: role.Lawyer, Scope: ScopeSession, FamilyID: uuid.New()}
	tok := s.Mint(p, now)
	payload, sig, _ := strings.Cut(tok, ".")
	for name, token := range map[string]string{
		"as minted":                     tok,
		"signed with another key":       other.Mint(p, now),
		"signature of another payload":  s.Mint(Principal{UserID: uuid.New()}, now)[:len(payload)] + "." + sig,
		"signature cut short":           payload + "." + sig[:len(sig)-1],
		"signature one byte longer":     tok + "A",
		"signature padded":              tok + "=",
		"signature with a newline":      payload + "." + sig[:10] + "\n" + sig[10:],
		"payload with a newline":        payload[:10] + "\r\n" + payload[10:] + "." + sig,
		"signature in standard base64":  payload + "." + strings.NewReplacer("-", "+", "_", "/").Replace(sig),
		"no signature":                  payload,
		"empty signature":               payload + ".",
		"two dots":                      tok + ".",
		"empty":                         "",
		"a dot":                         ".",
		"garbage":                       "a.b",
		"not UTF-8":                     "\xff." + sig,
		"an extension token":            ExtensionTokenPrefix + "abc",
		"a very long token":             strings.Repeat("A", 10_000) + "." + sig,
		"signature of the right length": payload + "." + strings.Repeat("A", len(sig)),
	} {
		t.Run(name, func(t *testing.T) {
			agree(t, s, token, now)
			agree(t, s, token, now.Add(AccessTTL))
		})
	}
}

// FuzzVerifyAgreesWithBefore checks Verify against verifyBefore on claim
// sets signed with the key (so that decoding is reached) and on raw tokens.
func FuzzVerifyAgreesWithBefore(f *testing.F) {
	s, _ := NewSigner(bytes.Repeat([]byte{1}, 32))
	now := time.Unix(1_763_884_800, 0)
	body := `{"sub":"` + equivSub + `","rol":"lawyer","fam":"` + equivFam + `","exp":1763885700}`
	f.Add(body, s.Mint(Principal{UserID: uuid.New(), Role: role.Lawyer}, now), int64(0))
	f.Add(`{"SUB":"`+equivSub+`","exp":1763885700,"sub":null}`, "e30.AAAA", int64(900))
	f.Add(`{"sub":"{`+equivSub+`}","rol":"\u006cawyer","fam":"`+equivFam+`","exp":-0}`, "", int64(-1))
	f.Fuzz(func(t *testing.T, body, token string, later int64) {
		at := now.Add(time.Duration(later) * time.Second)
		agree(t, s, signed(s, body), at)
		agree(t, s, token, at)
	})
}
