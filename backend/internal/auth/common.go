package auth

import (
	_ "embed"
	"strings"
	"unicode"

	"github.com/kesihq/kesi/backend/internal/errs"
)

// commonPasswordList is the 10,000 most common passwords, most common
// first: the first 10,000 entries of src/passwords.json of the npm package
// @zxcvbn-ts/language-common 4.1.3 (MIT), zxcvbn's list ranked by frequency
// in leaked password corpora.
//
//go:embed common_passwords.txt
var commonPasswordList string

var commonPasswords = func() map[string]bool {
	m := make(map[string]bool, 10_000)
	for _, p := range strings.Split(commonPasswordList, "\n") {
		if p != "" {
			m[strings.ToLower(p)] = true
		}
	}
	return m
}()

// Messages of the password rules Kesi adds to SPEC.md's length.
const (
	MsgPasswordCommon = "This password is one of the most common and easily guessed. Please choose another."
	MsgPasswordEmail  = "Password must not be made of your email address."
	MsgPasswordName   = "Password must not be made of your name."
	MsgPasswordKesi   = "Password must not be made of the word Kesi."
)

// CheckNewPassword applies every rule of a new password for the account of
// email and fullname: SPEC.md's length, then none of the 10,000 most common
// passwords and none made of the e-mail, the name or "kesi" (ignoring case,
// digits and symbols: "Otieno2025!" is made of the name Achieng Otieno).
func CheckNewPassword(field, password, email, fullname string) error {
	if err := ValidatePassword(field, password); err != nil {
		return err
	}
	core := letters(password)
	if len(core) >= 3 {
		switch {
		case strings.Contains("kesi", core) || madeOfWords(core, "kesi"):
			return errs.Invalid(field, MsgPasswordKesi)
		case strings.Contains(letters(email), core):
			return errs.Invalid(field, MsgPasswordEmail)
		case strings.Contains(letters(fullname), core) || madeOfWords(core, fullname):
			return errs.Invalid(field, MsgPasswordName)
		}
	}
	if commonPasswords[strings.ToLower(password)] {
		return errs.Invalid(field, MsgPasswordCommon)
	}
	return nil
}

// letters is s lower-cased with everything but letters dropped.
func letters(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// madeOfWords reports whether core is only words of the name, in any
// order ("otienoachieng").
func madeOfWords(core, name string) bool {
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) >= 2 {
			words = append(words, w)
		}
	}
	for core != "" {
		found := false
		for _, w := range words {
			if strings.HasPrefix(core, w) {
				core, found = core[len(w):], true
				break
			}
		}
		if !found {
			return false
		}
	}
	return len(words) > 0
}
