// Package sealed is the at-rest format of Kesi's documents: a file's bytes
// cut into fixed-size chunks, each sealed with AES-256-GCM under the file's
// own data key (the STREAM construction of Hoang, Reyhanitabar, Rogaway and
// Vizár).
//
// A sealed stream is a 16-byte header followed by the sealed chunks:
//
//	header  "KSD" | version (1) | log2 chunk size (1) | reserved (4) | nonce prefix (7)
//	chunk i ciphertext of plaintext[i*size : (i+1)*size] | 16-byte tag
//
// The nonce of chunk i is the per-file random prefix, i as a big-endian
// uint32, and a final byte that is 1 only on the last chunk; the header is
// the additional data of every chunk. So a chunk cannot move to another
// place or another file, the stream cannot be cut at a chunk boundary (the
// chunk before the cut was not sealed as last), and the chunk size cannot be
// altered. Every chunk but the last is full, so the chunk holding any
// plaintext offset is known without reading the others: that is what lets
// a download serve a byte range by decrypting only the chunks it covers.
package sealed

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
)

// Sizes of the format.
const (
	KeySize    = 32 // AES-256
	HeaderSize = 16
	TagSize    = 16
	prefixSize = 7
	version    = 1

	// DefaultChunkSize is the plaintext size of every chunk but the last.
	DefaultChunkSize = 64 << 10
	minChunkShift    = 10 // 1 KiB
	maxChunkShift    = 24 // 16 MiB
	maxChunks        = 1 << 32
)

var magic = [3]byte{'K', 'S', 'D'}

// ErrInvalid is returned when a sealed stream fails to authenticate or is
// malformed: tampered, truncated, reordered, or under another key.
var ErrInvalid = errors.New("sealed: stream is not authentic")

// Header is the parsed header of a sealed stream.
type Header struct {
	raw [HeaderSize]byte
}

// newHeader makes a header with a fresh random nonce prefix.
func newHeader(chunkSize int) (Header, error) {
	var h Header
	shift := bits.TrailingZeros(uint(chunkSize))
	if chunkSize <= 0 || chunkSize&(chunkSize-1) != 0 || shift < minChunkShift || shift > maxChunkShift {
		return h, fmt.Errorf("sealed: chunk size %d is not a power of two between 1 KiB and 16 MiB", chunkSize)
	}
	copy(h.raw[:3], magic[:])
	h.raw[3] = version
	h.raw[4] = byte(shift)
	if _, err := rand.Read(h.raw[HeaderSize-prefixSize:]); err != nil {
		return h, fmt.Errorf("sealed: nonce prefix: %w", err)
	}
	return h, nil
}

// ParseHeader reads the header at the start of a sealed stream.
func ParseHeader(b []byte) (Header, error) {
	var h Header
	if len(b) < HeaderSize {
		return h, fmt.Errorf("%w: short header", ErrInvalid)
	}
	copy(h.raw[:], b[:HeaderSize])
	if [3]byte(h.raw[:3]) != magic {
		return h, fmt.Errorf("%w: not a sealed stream", ErrInvalid)
	}
	if h.raw[3] != version {
		return h, fmt.Errorf("%w: unknown version %d", ErrInvalid, h.raw[3])
	}
	if s := h.raw[4]; s < minChunkShift || s > maxChunkShift {
		return h, fmt.Errorf("%w: bad chunk size", ErrInvalid)
	}
	if binary.BigEndian.Uint32(h.raw[5:9]) != 0 {
		return h, fmt.Errorf("%w: reserved bytes set", ErrInvalid)
	}
	return h, nil
}

// ChunkSize is the plaintext size of every chunk but the last.
func (h Header) ChunkSize() int { return 1 << h.raw[4] }

// Bytes is the header as stored.
func (h Header) Bytes() []byte { return h.raw[:] }

// Chunks is how many chunks hold a plaintext of size bytes: at least one,
// since even an empty stream has its (empty) last chunk.
func Chunks(size int64, chunkSize int) int64 {
	if size <= 0 {
		return 1
	}
	return (size + int64(chunkSize) - 1) / int64(chunkSize)
}

// ChunkOffset is where chunk i starts in the sealed stream.
func ChunkOffset(i int64, chunkSize int) int64 {
	return HeaderSize + i*int64(chunkSize+TagSize)
}

// SealedSize is the length of the sealed stream of a plaintext of size bytes.
func SealedSize(size int64, chunkSize int) int64 {
	return HeaderSize + size + Chunks(size, chunkSize)*TagSize
}

// NewKey is a fresh random data key.
func NewKey() ([]byte, error) {
	k := make([]byte, KeySize)
	if _, err := rand.Read(k); err != nil {
		return nil, fmt.Errorf("sealed: data key: %w", err)
	}
	return k, nil
}

func newAEAD(key []byte) (cipher.AEAD, error) {
	if len(key) != KeySize {
		return nil, fmt.Errorf("sealed: key is %d bytes, want %d", len(key), KeySize)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// nonce writes chunk i's nonce into dst.
func (h Header) nonce(dst *[12]byte, i int64, last bool) {
	copy(dst[:prefixSize], h.raw[HeaderSize-prefixSize:])
	binary.BigEndian.PutUint32(dst[prefixSize:11], uint32(i))
	dst[11] = 0
	if last {
		dst[11] = 1
	}
}
