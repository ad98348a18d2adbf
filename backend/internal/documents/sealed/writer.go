package sealed

import (
	"crypto/cipher"
	"errors"
	"fmt"
	"io"
)

// Writer seals what is written to it into a sealed stream. It holds one
// chunk in memory, whatever the size of the file. Close seals the last
// chunk; without it the stream is incomplete and will not authenticate.
type Writer struct {
	dst    io.Writer
	aead   cipher.AEAD
	header Header
	buf    []byte // one chunk plus room for its tag
	n      int    // plaintext bytes in buf
	index  int64
	nonce  [12]byte
	err    error
}

// NewWriter writes the header of a new sealed stream to dst and answers a
// Writer that seals under key in chunks of chunkSize bytes.
func NewWriter(dst io.Writer, key []byte, chunkSize int) (*Writer, error) {
	aead, err := newAEAD(key)
	if err != nil {
		return nil, err
	}
	h, err := newHeader(chunkSize)
	if err != nil {
		return nil, err
	}
	if _, err := dst.Write(h.Bytes()); err != nil {
		return nil, fmt.Errorf("sealed: write header: %w", err)
	}
	return &Writer{dst: dst, aead: aead, header: h, buf: make([]byte, chunkSize+TagSize)}, nil
}

// Header is the stream's header.
func (w *Writer) Header() Header { return w.header }

// Write implements io.Writer. A full chunk is sealed only once more bytes
// arrive, because until then it may be the last.
func (w *Writer) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	size := w.header.ChunkSize()
	written := 0
	for len(p) > 0 {
		if w.n == size {
			if err := w.flush(false); err != nil {
				return written, err
			}
		}
		c := copy(w.buf[w.n:size], p)
		w.n += c
		p = p[c:]
		written += c
	}
	return written, nil
}

// ReadFrom implements io.ReaderFrom, so that io.Copy reads straight into the
// chunk buffer instead of through a second one.
func (w *Writer) ReadFrom(r io.Reader) (int64, error) {
	if w.err != nil {
		return 0, w.err
	}
	size := w.header.ChunkSize()
	var total int64
	for {
		if w.n == size {
			// Read one byte past the full chunk to know whether it was the last.
			var one [1]byte
			m, err := io.ReadFull(r, one[:])
			if m == 0 {
				if errors.Is(err, io.EOF) {
					return total, nil
				}
				return total, err
			}
			if err := w.flush(false); err != nil {
				return total, err
			}
			w.buf[0] = one[0]
			w.n = 1
			total++
		}
		m, err := r.Read(w.buf[w.n:size])
		w.n += m
		total += int64(m)
		if errors.Is(err, io.EOF) {
			return total, nil
		}
		if err != nil {
			return total, err
		}
	}
}

// Close seals the last chunk. It does not close the destination.
func (w *Writer) Close() error {
	if w.err != nil {
		if errors.Is(w.err, errClosed) {
			return nil
		}
		return w.err
	}
	if err := w.flush(true); err != nil {
		return err
	}
	w.err = errClosed
	return nil
}

var errClosed = errors.New("sealed: write after Close")

func (w *Writer) flush(last bool) error {
	if w.index >= maxChunks {
		w.err = errors.New("sealed: stream too long")
		return w.err
	}
	w.header.nonce(&w.nonce, w.index, last)
	sealed := w.aead.Seal(w.buf[:0], w.nonce[:], w.buf[:w.n], w.header.Bytes())
	if _, err := w.dst.Write(sealed); err != nil {
		w.err = fmt.Errorf("sealed: write chunk %d: %w", w.index, err)
		return w.err
	}
	w.index++
	w.n = 0
	return nil
}
