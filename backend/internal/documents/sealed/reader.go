package sealed

import (
	"bufio"
	"crypto/cipher"
	"errors"
	"fmt"
	"io"
)

// Reader opens a sealed stream. It never answers a byte of a chunk before
// that whole chunk has authenticated, and it answers io.EOF only after the
// chunk sealed as last: a truncated, reordered or altered stream ends in an
// error wrapping ErrInvalid.
type Reader struct {
	src    *bufio.Reader
	aead   cipher.AEAD
	header Header
	index  int64 // the next chunk to open
	end    int64 // stop before this chunk; -1: read to the chunk sealed as last
	total  int64 // the stream's chunk count; -1: unknown, the last is the one before EOF
	buf    []byte
	plain  []byte // opened bytes not yet read
	nonce  [12]byte
	err    error
}

// NewReader reads the header from src and answers a Reader of the whole
// stream under key.
func NewReader(src io.Reader, key []byte) (*Reader, error) {
	aead, err := newAEAD(key)
	if err != nil {
		return nil, err
	}
	var raw [HeaderSize]byte
	if _, err := io.ReadFull(src, raw[:]); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("%w: short header", ErrInvalid)
		}
		return nil, err
	}
	h, err := ParseHeader(raw[:])
	if err != nil {
		return nil, err
	}
	return newReader(src, aead, h, 0, -1, -1), nil
}

// NewChunkReader answers a Reader of chunks [first, end) of a stream of
// total chunks whose header is h; src holds exactly those chunks, from
// ChunkOffset(first). Knowing total tells which chunk must be sealed as last.
func NewChunkReader(src io.Reader, key []byte, h Header, first, end, total int64) (*Reader, error) {
	if first < 0 || first >= end || end > total || total > maxChunks {
		return nil, fmt.Errorf("sealed: bad chunk range [%d, %d) of %d", first, end, total)
	}
	aead, err := newAEAD(key)
	if err != nil {
		return nil, err
	}
	return newReader(src, aead, h, first, end, total), nil
}

func newReader(src io.Reader, aead cipher.AEAD, h Header, first, end, total int64) *Reader {
	size := h.ChunkSize() + TagSize
	return &Reader{
		src:    bufio.NewReaderSize(src, size),
		aead:   aead,
		header: h,
		index:  first,
		end:    end,
		total:  total,
		buf:    make([]byte, size),
	}
}

// Header is the stream's header.
func (r *Reader) Header() Header { return r.header }

// Read implements io.Reader.
func (r *Reader) Read(p []byte) (int, error) {
	for len(r.plain) == 0 {
		if r.err != nil {
			return 0, r.err
		}
		r.err = r.next()
	}
	n := copy(p, r.plain)
	r.plain = r.plain[n:]
	return n, nil
}

// WriteTo implements io.WriterTo, handing out each opened chunk whole.
func (r *Reader) WriteTo(w io.Writer) (int64, error) {
	var total int64
	for {
		for len(r.plain) == 0 {
			if r.err != nil {
				if errors.Is(r.err, io.EOF) {
					return total, nil
				}
				return total, r.err
			}
			r.err = r.next()
		}
		n, err := w.Write(r.plain)
		total += int64(n)
		r.plain = r.plain[n:]
		if err != nil {
			return total, err
		}
	}
}

// next opens the next chunk into r.plain, or answers why it cannot.
func (r *Reader) next() error {
	if r.end >= 0 && r.index >= r.end {
		return io.EOF
	}
	if r.index >= maxChunks {
		return fmt.Errorf("%w: too many chunks", ErrInvalid)
	}
	n, err := io.ReadFull(r.src, r.buf)
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		// A short read is the end of the source: only the last chunk is short.
	case err != nil:
		return err
	}
	if n < TagSize {
		return fmt.Errorf("%w: stream cut at chunk %d", ErrInvalid, r.index)
	}
	var last bool
	if r.total >= 0 {
		last = r.index == r.total-1
		if !last && n < len(r.buf) {
			return fmt.Errorf("%w: stream cut at chunk %d", ErrInvalid, r.index)
		}
	} else {
		// Unknown length: the last chunk is the one the source ends after.
		last = n < len(r.buf)
		if !last {
			if _, err := r.src.Peek(1); errors.Is(err, io.EOF) {
				last = true
			} else if err != nil {
				return err
			}
		}
	}
	r.header.nonce(&r.nonce, r.index, last)
	plain, err := r.aead.Open(r.buf[:0], r.nonce[:], r.buf[:n], r.header.Bytes())
	if err != nil {
		return fmt.Errorf("%w: chunk %d", ErrInvalid, r.index)
	}
	if !last && len(plain) != r.header.ChunkSize() {
		return fmt.Errorf("%w: short chunk %d", ErrInvalid, r.index)
	}
	r.index++
	r.plain = plain
	if last {
		if _, err := r.src.Peek(1); err == nil {
			return fmt.Errorf("%w: data after the last chunk", ErrInvalid)
		}
		r.end = r.index
		if len(plain) == 0 {
			return io.EOF
		}
	}
	return nil
}
