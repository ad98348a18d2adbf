package sealed_test

import (
	"bytes"
	"crypto/rand"
	"errors"
	"io"
	"strconv"
	"testing"

	"github.com/kesihq/kesi/backend/internal/documents/sealed"
)

const chunk = 1024 // the smallest chunk size, so that tests cross many chunks

func seal(t testing.TB, key, plain []byte, chunkSize int) []byte {
	t.Helper()
	var out bytes.Buffer
	w, err := sealed.NewWriter(&out, key, chunkSize)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(plain); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func open(key, stream []byte) ([]byte, error) {
	r, err := sealed.NewReader(bytes.NewReader(stream), key)
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

func randomBytes(t testing.TB, n int) []byte {
	t.Helper()
	b := make([]byte, n)
	rand.Read(b)
	return b
}

func TestRoundTrip_Sizes(t *testing.T) {
	key := randomBytes(t, sealed.KeySize)
	for _, size := range []int{0, 1, chunk - 1, chunk, chunk + 1, 2 * chunk, 5*chunk + 7} {
		plain := randomBytes(t, size)
		stream := seal(t, key, plain, chunk)
		if got, want := int64(len(stream)), sealed.SealedSize(int64(size), chunk); got != want {
			t.Errorf("%d bytes: sealed size %d, SealedSize says %d", size, got, want)
		}
		got, err := open(key, stream)
		if err != nil {
			t.Fatalf("%d bytes: open: %v", size, err)
		}
		if !bytes.Equal(got, plain) {
			t.Fatalf("%d bytes: round trip changed the bytes", size)
		}
		if size >= 16 && bytes.Contains(stream, plain[:16]) {
			t.Errorf("%d bytes: the sealed stream contains plaintext", size)
		}
	}
}

func TestRoundTrip_ThroughReadFromAndWriteTo(t *testing.T) {
	key := randomBytes(t, sealed.KeySize)
	for _, size := range []int{0, 1, chunk, chunk + 1, 3 * chunk} {
		plain := randomBytes(t, size)
		var out bytes.Buffer
		w, err := sealed.NewWriter(&out, key, chunk)
		if err != nil {
			t.Fatal(err)
		}
		// iotest-like reader that hands out odd sizes, to exercise ReadFrom's lookahead.
		if _, err := io.Copy(w, &jitterReader{b: plain}); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if out.Len() != int(sealed.SealedSize(int64(size), chunk)) {
			t.Fatalf("%d bytes: ReadFrom made a stream of %d bytes", size, out.Len())
		}
		r, err := sealed.NewReader(&out, key)
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if _, err := io.Copy(&got, r); err != nil {
			t.Fatalf("%d bytes: %v", size, err)
		}
		if !bytes.Equal(got.Bytes(), plain) {
			t.Fatalf("%d bytes: round trip through ReadFrom/WriteTo changed the bytes", size)
		}
	}
}

type jitterReader struct {
	b []byte
	i int
}

func (j *jitterReader) Read(p []byte) (int, error) {
	if len(j.b) == 0 {
		return 0, io.EOF
	}
	j.i++
	n := min(len(p), len(j.b), 1+j.i*37%700)
	copy(p, j.b[:n])
	j.b = j.b[n:]
	return n, nil
}

func TestTampering_IsDetected(t *testing.T) {
	key := randomBytes(t, sealed.KeySize)
	plain := randomBytes(t, 4*chunk+100) // five chunks, the last short
	stream := seal(t, key, plain, chunk)
	full := chunk + sealed.TagSize
	chunkAt := func(i int) []byte {
		start := sealed.HeaderSize + i*full
		return stream[start:min(start+full, len(stream))]
	}
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	header := stream[:sealed.HeaderSize]

	flip := func(at int) []byte {
		b := bytes.Clone(stream)
		b[at] ^= 0x01
		return b
	}
	cases := map[string][]byte{
		"a flipped header byte":         flip(2),
		"a flipped chunk-size byte":     flip(4),
		"a flipped nonce-prefix byte":   flip(sealed.HeaderSize - 1),
		"a flipped first-chunk byte":    flip(sealed.HeaderSize),
		"a flipped tag byte":            flip(sealed.HeaderSize + full - 1),
		"a flipped last-chunk byte":     flip(len(stream) - 1),
		"truncated at a chunk boundary": stream[:sealed.HeaderSize+3*full],
		"truncated inside a chunk":      stream[:sealed.HeaderSize+2*full+10],
		"truncated to the header":       header,
		"truncated inside the header":   stream[:5],
		"empty":                         nil,
		"two chunks swapped":            cat(header, chunkAt(1), chunkAt(0), chunkAt(2), chunkAt(3), chunkAt(4)),
		"a middle chunk dropped":        cat(header, chunkAt(0), chunkAt(1), chunkAt(3), chunkAt(4)),
		"the last chunk dropped":        cat(header, chunkAt(0), chunkAt(1), chunkAt(2), chunkAt(3)),
		"a chunk repeated":              cat(header, chunkAt(0), chunkAt(0), chunkAt(1), chunkAt(2), chunkAt(3), chunkAt(4)),
		"bytes appended":                cat(stream, []byte{0}),
		"a chunk from another stream":   cat(header, chunkAt(0), seal(t, key, plain, chunk)[sealed.HeaderSize+full:sealed.HeaderSize+2*full], chunkAt(2), chunkAt(3), chunkAt(4)),
		"the header of another stream":  cat(seal(t, key, plain, chunk)[:sealed.HeaderSize], stream[sealed.HeaderSize:]),
	}
	for name, bad := range cases {
		t.Run(name, func(t *testing.T) {
			r, err := sealed.NewReader(bytes.NewReader(bad), key)
			if err != nil {
				if !errors.Is(err, sealed.ErrInvalid) {
					t.Fatalf("error %v does not wrap ErrInvalid", err)
				}
				return
			}
			got, err := io.ReadAll(r)
			if !errors.Is(err, sealed.ErrInvalid) {
				t.Fatalf("read %d bytes and error %v; want ErrInvalid", len(got), err)
			}
			// Whatever came out before the error is an authentic prefix, chunk-aligned.
			if len(got)%chunk != 0 || !bytes.Equal(got, plain[:len(got)]) {
				t.Fatalf("%d bytes before the error are not whole authentic chunks", len(got))
			}
		})
	}
}

func TestWrongKey_Fails(t *testing.T) {
	stream := seal(t, randomBytes(t, sealed.KeySize), []byte("Plaint in MCCC/E3574/2022"), chunk)
	got, err := open(randomBytes(t, sealed.KeySize), stream)
	if !errors.Is(err, sealed.ErrInvalid) || len(got) != 0 {
		t.Fatalf("another key opened %q, err %v", got, err)
	}
}

func TestChunkReader_OpensAnyRun(t *testing.T) {
	key := randomBytes(t, sealed.KeySize)
	plain := randomBytes(t, 4*chunk+100)
	stream := seal(t, key, plain, chunk)
	h, err := sealed.ParseHeader(stream)
	if err != nil {
		t.Fatal(err)
	}
	total := sealed.Chunks(int64(len(plain)), chunk)
	for first := int64(0); first < total; first++ {
		for end := first + 1; end <= total; end++ {
			from := sealed.ChunkOffset(first, chunk)
			to := min(sealed.ChunkOffset(end, chunk), int64(len(stream)))
			r, err := sealed.NewChunkReader(bytes.NewReader(stream[from:to]), key, h, first, end, total)
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(r)
			if err != nil {
				t.Fatalf("chunks [%d,%d): %v", first, end, err)
			}
			want := plain[first*chunk : min(end*chunk, int64(len(plain)))]
			if !bytes.Equal(got, want) {
				t.Fatalf("chunks [%d,%d): wrong bytes", first, end)
			}
		}
	}
	// A run that claims the last chunk is not last must fail: total is bound.
	from := sealed.ChunkOffset(3, chunk)
	r, _ := sealed.NewChunkReader(bytes.NewReader(stream[from:sealed.ChunkOffset(4, chunk)]), key, h, 3, 4, 4)
	if _, err := io.ReadAll(r); !errors.Is(err, sealed.ErrInvalid) {
		t.Fatalf("a non-last chunk opened as last: %v", err)
	}
}

func TestKeyring_RotatesAndRefusesUnknownKeys(t *testing.T) {
	oldMaster, newMaster := randomBytes(t, 32), randomBytes(t, 32)
	old, err := sealed.NewKeyring(oldMaster)
	if err != nil {
		t.Fatal(err)
	}
	dk := randomBytes(t, sealed.KeySize)
	wrapped, id, err := old.Wrap(dk, "doc/1")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(wrapped, dk) || bytes.Contains([]byte(id), oldMaster) {
		t.Fatal("wrapped key or id shows secret bytes")
	}
	rotated, _ := sealed.NewKeyring(newMaster, oldMaster)
	if rotated.CurrentID() == id {
		t.Fatal("a new master key kept the old key id")
	}
	got, err := rotated.Unwrap(wrapped, id, "doc/1")
	if err != nil || !bytes.Equal(got, dk) {
		t.Fatalf("the rotated keyring cannot unwrap an old key: %v", err)
	}
	if _, err := rotated.Unwrap(wrapped, id, "doc/2"); !errors.Is(err, sealed.ErrInvalid) {
		t.Fatalf("a wrapped key moved to another document opened: %v", err)
	}
	other, _ := sealed.NewKeyring(newMaster)
	if _, err := other.Unwrap(wrapped, id, "doc/1"); !errors.Is(err, sealed.ErrUnknownKey) {
		t.Fatalf("a keyring without the old key: %v, want ErrUnknownKey", err)
	}
	if _, err := sealed.NewKeyring(randomBytes(t, 16)); err == nil {
		t.Fatal("a 16-byte master key was accepted")
	}
}

func TestNewWriter_RefusesBadChunkSizes(t *testing.T) {
	for _, size := range []int{0, -1, 512, 1000, 3 << 10, 32 << 20} {
		if _, err := sealed.NewWriter(io.Discard, randomBytes(t, 32), size); err == nil {
			t.Errorf("chunk size %d was accepted", size)
		}
	}
}

// FuzzReader feeds arbitrary bytes to the chunk decoder: it must never
// panic, and whatever it answers without error must be what was sealed.
func FuzzReader(f *testing.F) {
	key := bytes.Repeat([]byte{7}, sealed.KeySize)
	plain := bytes.Repeat([]byte("Hearing at Milimani. "), 150)
	for _, size := range []int{0, 1, chunk, chunk + 1, len(plain)} {
		f.Add(seal(f, key, plain[:size], chunk))
	}
	f.Add([]byte("KSD\x01\x0a\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, stream []byte) {
		r, err := sealed.NewReader(bytes.NewReader(stream), key)
		if err != nil {
			return
		}
		got, err := io.ReadAll(r)
		if err != nil {
			if !errors.Is(err, sealed.ErrInvalid) {
				t.Fatalf("error %v does not wrap ErrInvalid", err)
			}
			return
		}
		if !bytes.HasPrefix(plain, got) && len(got) > 0 {
			// Only streams sealed under key open; the seeds seal prefixes of plain.
			t.Fatalf("opened %d bytes that were never sealed", len(got))
		}
	})
}

func benchSizes() []int { return []int{1 << 20, 16 << 20} }

func BenchmarkSeal(b *testing.B) {
	key := randomBytes(b, sealed.KeySize)
	for _, size := range benchSizes() {
		plain := randomBytes(b, size)
		b.Run(byteSize(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				w, _ := sealed.NewWriter(io.Discard, key, sealed.DefaultChunkSize)
				if _, err := io.Copy(w, bytes.NewReader(plain)); err != nil {
					b.Fatal(err)
				}
				if err := w.Close(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkOpen(b *testing.B) {
	key := randomBytes(b, sealed.KeySize)
	for _, size := range benchSizes() {
		stream := seal(b, key, randomBytes(b, size), sealed.DefaultChunkSize)
		b.Run(byteSize(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				r, err := sealed.NewReader(bytes.NewReader(stream), key)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := io.Copy(io.Discard, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func byteSize(n int) string {
	if n >= 1<<20 {
		return strconv.Itoa(n>>20) + "MiB"
	}
	return strconv.Itoa(n>>10) + "KiB"
}
