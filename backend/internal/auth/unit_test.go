package auth_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kesihq/kesi/backend/internal/auth"
)

// cheap keeps unit tests fast; the format is the same.
var cheap = auth.PasswordParams{Memory: 1024, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}

func TestPasswords_HashIsArgon2idPHCAndChecks(t *testing.T) {
	h, err := auth.HashPassword("mahakama-2025", auth.DefaultPasswordParams)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=65536,t=3,p=2$") {
		t.Fatalf("hash %q is not an argon2id PHC string with its parameters", h)
	}
	h2, _ := auth.HashPassword("mahakama-2025", auth.DefaultPasswordParams)
	if h == h2 {
		t.Fatal("two hashes of one password are equal: no salt")
	}
	for _, tc := range []struct {
		password string
		want     bool
	}{{"mahakama-2025", true}, {"mahakama-2026", false}, {"", false}} {
		if ok, err := auth.CheckPassword(tc.password, h); ok != tc.want || err != nil {
			t.Errorf("CheckPassword(%q) = %v, %v; want %v", tc.password, ok, err, tc.want)
		}
	}
	for _, bad := range []string{"", "!unusable", "$argon2i$v=19$m=65536,t=3,p=2$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA", "$argon2id$v=19$m=99999999,t=3,p=2$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA"} {
		if ok, err := auth.CheckPassword("x", bad); ok || err == nil {
			t.Errorf("CheckPassword against %q = %v, %v; want false and an error", bad, ok, err)
		}
	}
}

func FuzzCheckPassword(f *testing.F) {
	h, _ := auth.HashPassword("secret", cheap)
	f.Add("secret", h)
	f.Add("x", "$argon2id$v=19$m=1024,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA")
	f.Add("x", "$argon2id$v=19$m=,t=1,p=1$$")
	f.Fuzz(func(t *testing.T, password, encoded string) {
		// Bound the cost a fuzzed hash may claim, as a corrupted row could.
		if strings.Contains(encoded, "m=") && len(encoded) > 0 {
			var m, tt, p int
			if i := strings.Index(encoded, "m="); i >= 0 {
				if n, _ := fmtSscanf(encoded[i:], &m, &tt, &p); n == 3 && (m > 64*1024 || tt > 4) {
					return
				}
			}
		}
		ok, err := auth.CheckPassword(password, encoded)
		if ok && err != nil {
			t.Fatalf("matched with an error: %v", err)
		}
		if ok && encoded != h {
			// Only a genuine hash of the password may match.
			if again, _ := auth.CheckPassword(password+"\x00different", encoded); again {
				t.Fatalf("%q matches any password", encoded)
			}
		}
	})
}

func TestValidatePhone_CountsDigits(t *testing.T) {
	for _, tc := range []struct {
		phone string
		ok    bool
	}{
		{"0712345678", true},
		{"+254 712 345 678", true},
		{"(0712) 345-678", true},
		{"071234567", false},
		{"+254 7", false},
		{"0712345678x", false},
		{"０７１２３４５６７８", false}, // full-width digits are not phone digits here
		{strings.Repeat("1", 33), false},
	} {
		if err := auth.ValidatePhone(tc.phone); (err == nil) != tc.ok {
			t.Errorf("ValidatePhone(%q) = %v, want ok=%v", tc.phone, err, tc.ok)
		}
	}
}

func FuzzValidateEmail(f *testing.F) {
	for _, s := range []string{"a@example.co.ke", "a@b", "<a@b.c>", "a b@c.d", "@.", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := auth.NormalizeEmail(s)
		if auth.ValidateEmail(e) == nil {
			if !strings.Contains(e, "@") || strings.ContainsAny(e, " <>\r\n") || len(e) > 254 {
				t.Fatalf("accepted %q", e)
			}
		}
	})
}

func fmtSscanf(s string, m, t, p *int) (int, error) { return fmt.Sscanf(s, "m=%d,t=%d,p=%d", m, t, p) }

func BenchmarkCheckPassword(b *testing.B) {
	h, _ := auth.HashPassword("mahakama-2025", auth.DefaultPasswordParams)
	for b.Loop() {
		auth.CheckPassword("mahakama-2025", h)
	}
}
