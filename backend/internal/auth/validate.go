package auth

import (
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent"
)

// The messages of SPEC.md section 5, and ours where it says nothing.
const (
	MsgNameShort     = "Name must be at least 2 characters."
	MsgNameLong      = "Name must be at most 200 characters."
	MsgEmailInvalid  = "Please enter a valid email address."
	MsgPhoneShort    = "Phone number must be at least 10 digits."
	MsgPhoneInvalid  = "Phone number may contain only digits, spaces, +, - and brackets, at most 32 characters."
	MsgPasswordShort = "Password must be at least 6 characters."
	MsgPasswordLong  = "Password must be at most 256 characters."
	MsgCodeFormat    = "Code must be 6 digits."
)

// NormalizeEmail trims and lower-cases an address: e-mail is unique
// case-insensitively, and stored lower-cased.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// ValidateName checks a person's full name (already trimmed).
func ValidateName(name string) error {
	n := utf8.RuneCountInString(name)
	if n < 2 {
		return errs.Invalid("fullname", MsgNameShort)
	}
	if n > 200 {
		return errs.Invalid("fullname", MsgNameLong)
	}
	return nil
}

// ValidateEmail checks a normalized address: one bare address, no display
// name, a dot in the domain.
func ValidateEmail(email string) error {
	a, err := mail.ParseAddress(email)
	if err != nil || a.Address != email || len(email) > 254 {
		return errs.Invalid("email", MsgEmailInvalid)
	}
	_, domain, _ := strings.Cut(email, "@")
	if !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") {
		return errs.Invalid("email", MsgEmailInvalid)
	}
	return nil
}

// ValidatePhone checks a phone number (already trimmed): at least 10
// digits, counting digits only, so "+254 712 345 678" is fine.
func ValidatePhone(phone string) error {
	digits := 0
	for _, r := range phone {
		switch {
		case unicode.IsDigit(r) && r < utf8.RuneSelf:
			digits++
		case strings.ContainsRune(" +-()", r):
		default:
			return errs.Invalid("phone_number", MsgPhoneInvalid)
		}
	}
	if len(phone) > 32 {
		return errs.Invalid("phone_number", MsgPhoneInvalid)
	}
	if digits < 10 {
		return errs.Invalid("phone_number", MsgPhoneShort)
	}
	return nil
}

// ValidatePassword checks a new password. The upper bound keeps hashing cheap
// enough that a huge body cannot tie up the server.
func ValidatePassword(field, password string) error {
	n := utf8.RuneCountInString(password)
	if n < 6 {
		return errs.Invalid(field, MsgPasswordShort)
	}
	if n > 256 {
		return errs.Invalid(field, MsgPasswordLong)
	}
	return nil
}

// checkNewPassword applies the rules of a new password for u: those of
// ValidatePassword, and none guessable from the account.
func (s *Service) checkNewPassword(u *ent.User, field, password string) error {
	return CheckNewPassword(field, password, u.Email, u.Fullname)
}

// validCode reports whether code is exactly six ASCII digits.
func validCode(code string) bool {
	if len(code) != 6 {
		return false
	}
	for _, c := range code {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
