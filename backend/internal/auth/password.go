package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"

	"golang.org/x/crypto/argon2"
)

// PasswordParams are argon2id's costs. The defaults follow RFC 9106's second
// recommended option (64 MiB, 3 passes) with 2 lanes for small servers.
type PasswordParams struct {
	Memory  uint32 // KiB
	Time    uint32
	Threads uint8
	KeyLen  uint32
	SaltLen uint32
}

// hashing counts argon2id computations running now (the metrics' argon2 queue).
var hashing atomic.Int64

// PasswordHashesRunning is how many argon2id hashes are being computed now.
func PasswordHashesRunning() int64 { return hashing.Load() }

// DefaultPasswordParams are the costs new hashes use.
var DefaultPasswordParams = PasswordParams{Memory: 64 * 1024, Time: 3, Threads: 2, KeyLen: 32, SaltLen: 16}

// HashPassword hashes password with argon2id and encodes the result in the
// PHC string format, parameters included, so that costs can rise later
// without invalidating stored hashes:
// $argon2id$v=19$m=65536,t=3,p=2$<salt>$<hash>.
func HashPassword(password string, p PasswordParams) (string, error) {
	salt := make([]byte, p.SaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password salt: %w", err)
	}
	hashing.Add(1)
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
	hashing.Add(-1)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.Memory, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// ErrBadHash is a stored password hash that cannot be read.
var ErrBadHash = errors.New("unreadable password hash")

// maxMemory bounds the cost a stored hash may ask for (1 GiB), so that a
// corrupted row cannot exhaust the server.
const maxMemory = 1 << 20

// CheckPassword reports whether password matches encoded. A hash that is not
// an argon2id PHC string (such as "!unusable") never matches.
func CheckPassword(password, encoded string) (bool, error) {
	p, salt, key, err := decodeHash(encoded)
	if err != nil {
		return false, err
	}
	hashing.Add(1)
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(key)))
	hashing.Add(-1)
	return subtle.ConstantTimeCompare(got, key) == 1, nil
}

func decodeHash(encoded string) (PasswordParams, []byte, []byte, error) {
	var p PasswordParams
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, nil, nil, ErrBadHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return p, nil, nil, ErrBadHash
	}
	var threads uint32
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &threads); err != nil {
		return p, nil, nil, ErrBadHash
	}
	if p.Memory == 0 || p.Memory > maxMemory || p.Time == 0 || p.Time > 100 || threads == 0 || threads > 255 {
		return p, nil, nil, ErrBadHash
	}
	p.Threads = uint8(threads)
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil || len(salt) < 8 {
		return p, nil, nil, ErrBadHash
	}
	key, err := b64.DecodeString(parts[5])
	if err != nil || len(key) < 16 || len(key) > 128 {
		return p, nil, nil, ErrBadHash
	}
	return p, salt, key, nil
}
