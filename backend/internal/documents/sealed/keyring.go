package sealed

import (
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
)

// Keyring wraps data keys with key-encryption keys derived from the master
// keys: the current one wraps, any of them unwraps what it wrapped, so the
// master key can rotate while old documents stay readable.
type Keyring struct {
	current string
	keks    map[string]cipher.AEAD
}

// ErrUnknownKey is returned when a wrapped key names a key id that no
// configured master key has (for instance after the master key changed
// without KESI_MASTER_KEY_PREVIOUS).
var ErrUnknownKey = errors.New("sealed: no master key with this key id")

// NewKeyring derives the key-encryption keys of current and previous master keys.
func NewKeyring(current []byte, previous ...[]byte) (*Keyring, error) {
	k := &Keyring{keks: map[string]cipher.AEAD{}}
	for i, master := range append([][]byte{current}, previous...) {
		id, aead, err := deriveKEK(master)
		if err != nil {
			return nil, fmt.Errorf("master key %d: %w", i, err)
		}
		if i == 0 {
			k.current = id
		}
		if _, dup := k.keks[id]; !dup {
			k.keks[id] = aead
		}
	}
	return k, nil
}

// deriveKEK derives, with HKDF-SHA256 and a label of its own, the key that
// wraps data keys, so that the master key itself (which also signs tokens)
// never encrypts anything here. The id is a hash of the derived key, never
// of the master key, and reveals nothing usable.
func deriveKEK(master []byte) (string, cipher.AEAD, error) {
	if len(master) != KeySize {
		return "", nil, fmt.Errorf("a master key is %d bytes, not %d", KeySize, len(master))
	}
	kek, err := hkdf.Key(sha256.New, master, nil, "kesi documents key-encryption key v1", KeySize)
	if err != nil {
		return "", nil, err
	}
	sum := sha256.Sum256(append([]byte("kesi documents key id v1\x00"), kek...))
	aead, err := newAEAD(kek)
	if err != nil {
		return "", nil, err
	}
	return hex.EncodeToString(sum[:8]), aead, nil
}

// CurrentID is the key id that Wrap records.
func (k *Keyring) CurrentID() string { return k.current }

// Wrap seals dataKey under the current key-encryption key, bound to label
// (the document's blob key) so that a wrapped key cannot be moved to
// another document. It answers the wrapped key and the key id to store.
func (k *Keyring) Wrap(dataKey []byte, label string) (wrapped []byte, keyID string, err error) {
	aead := k.keks[k.current]
	nonce := make([]byte, aead.NonceSize(), aead.NonceSize()+len(dataKey)+aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		return nil, "", fmt.Errorf("sealed: wrap nonce: %w", err)
	}
	return aead.Seal(nonce, nonce, dataKey, []byte(label)), k.current, nil
}

// Unwrap opens a data key that Wrap sealed under keyID with label.
func (k *Keyring) Unwrap(wrapped []byte, keyID, label string) ([]byte, error) {
	aead, ok := k.keks[keyID]
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownKey, keyID)
	}
	if len(wrapped) < aead.NonceSize()+aead.Overhead() {
		return nil, fmt.Errorf("%w: wrapped key too short", ErrInvalid)
	}
	nonce, sealed := wrapped[:aead.NonceSize()], wrapped[aead.NonceSize():]
	key, err := aead.Open(nil, nonce, sealed, []byte(label))
	if err != nil {
		return nil, fmt.Errorf("%w: wrapped key under %q", ErrInvalid, keyID)
	}
	if len(key) != KeySize {
		return nil, fmt.Errorf("%w: wrapped key has %d bytes", ErrInvalid, len(key))
	}
	return key, nil
}
