package auth

import (
	"testing"
	"time"
)

// The SHA-1 test vectors of RFC 6238 appendix B (8 digits, the RFC's
// 20-byte ASCII seed).
func TestTOTP_RFC6238Vectors(t *testing.T) {
	key := []byte("12345678901234567890")
	for _, v := range []struct {
		unix int64
		want string
	}{
		{59, "94287082"},
		{1111111109, "07081804"},
		{1111111111, "14050471"},
		{1234567890, "89005924"},
		{2000000000, "69279037"},
		{20000000000, "65353130"},
	} {
		got := hotp(key, uint64(totpStep(time.Unix(v.unix, 0))), 8)
		if got != v.want {
			t.Errorf("T=%d: %s, want %s", v.unix, got, v.want)
		}
		// Six digits are the last six of the eight (the same modulus chain).
		if six := TOTP(key, time.Unix(v.unix, 0)); six != v.want[2:] {
			t.Errorf("T=%d: six digits %s, want %s", v.unix, six, v.want[2:])
		}
	}
}

// RFC 4226 appendix D: HOTP of counters 0..9.
func TestHOTP_RFC4226Vectors(t *testing.T) {
	key := []byte("12345678901234567890")
	want := []string{"755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"}
	for c, w := range want {
		if got := hotp(key, uint64(c), 6); got != w {
			t.Errorf("counter %d: %s, want %s", c, got, w)
		}
	}
}

func TestMatchTOTP_OneStepEitherSideAndNoFurther(t *testing.T) {
	key := []byte("12345678901234567890")
	now := time.Unix(1_800_000_015, 0)
	for _, d := range []time.Duration{-TOTPStep, 0, TOTPStep} {
		if step, ok := matchTOTP(key, TOTP(key, now.Add(d)), now); !ok || step != totpStep(now.Add(d)) {
			t.Errorf("offset %v: step %d ok %v", d, step, ok)
		}
	}
	for _, d := range []time.Duration{-2 * TOTPStep, 2 * TOTPStep} {
		if _, ok := matchTOTP(key, TOTP(key, now.Add(d)), now); ok {
			t.Errorf("offset %v accepted", d)
		}
	}
}
