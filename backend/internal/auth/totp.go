package auth

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/subtle"
	"encoding/base32"
	"encoding/binary"
	"fmt"
	"net/url"
	"time"
)

// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), written
// here rather than taken from a library: the algorithm is some twenty lines
// on the standard library's HMAC, its test vectors are in the RFC (see
// totp_test.go), and Kesi needs none of a library's extras (other digests,
// image rendering), which authenticator apps mostly ignore anyway.
const (
	// TOTPStep is the life of a code.
	TOTPStep = 30 * time.Second
	// TOTPDigits is the length of a code.
	TOTPDigits = 6
	// totpSkew is how many steps before and after now are accepted, for a
	// phone's clock that is a little off.
	totpSkew = 1
	// totpSecretBytes is the secret's length: 160 bits, as RFC 4226 advises.
	totpSecretBytes = 20
)

// hotp is RFC 4226's HOTP value of counter under key, digits long.
func hotp(key []byte, counter uint64, digits int) string {
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], counter)
	m := hmac.New(sha1.New, key)
	m.Write(msg[:])
	sum := m.Sum(nil)
	// Dynamic truncation (RFC 4226 section 5.3).
	off := sum[len(sum)-1] & 0x0f
	bin := binary.BigEndian.Uint32(sum[off:off+4]) & 0x7fffffff
	mod := uint32(1)
	for range digits {
		mod *= 10
	}
	return fmt.Sprintf("%0*d", digits, bin%mod)
}

// totpStep is the RFC 6238 time step of t (T0 = 0).
func totpStep(t time.Time) int64 { return t.Unix() / int64(TOTPStep/time.Second) }

// TOTP is the code of key at t.
func TOTP(key []byte, t time.Time) string { return hotp(key, uint64(totpStep(t)), TOTPDigits) }

// matchTOTP answers the step whose code is code, within totpSkew steps of
// now, preferring the latest; ok is false when none matches.
func matchTOTP(key []byte, code string, now time.Time) (step int64, ok bool) {
	cur := totpStep(now)
	for s := cur + totpSkew; s >= cur-totpSkew; s-- {
		if subtle.ConstantTimeCompare([]byte(hotp(key, uint64(s), TOTPDigits)), []byte(code)) == 1 {
			return s, true
		}
	}
	return 0, false
}

// base32NoPad is how authenticator apps take secrets.
var base32NoPad = base32.StdEncoding.WithPadding(base32.NoPadding)

// otpauthURI is the Key URI that authenticator apps read from a QR code.
func otpauthURI(secret []byte, account string) string {
	label := url.PathEscape("Kesi:" + account)
	q := url.Values{}
	q.Set("secret", base32NoPad.EncodeToString(secret))
	q.Set("issuer", "Kesi")
	q.Set("algorithm", "SHA1")
	q.Set("digits", fmt.Sprint(TOTPDigits))
	q.Set("period", fmt.Sprint(int(TOTPStep/time.Second)))
	return "otpauth://totp/" + label + "?" + q.Encode()
}
