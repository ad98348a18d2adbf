// Package blob stores opaque byte objects under string keys: a local
// directory by default, S3-compatible object storage in production. A Put is
// atomic: an object is either whole under its key or absent.
package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"
)

// Store is where Kesi keeps document ciphertext.
type Store interface {
	// Put stores what r yields under key, replacing nothing that a reader
	// could see half-written: on error the key is left absent.
	Put(ctx context.Context, key string, r io.Reader) error
	// Get opens length bytes of key from offset; length < 0 reads to the end.
	Get(ctx context.Context, key string, offset, length int64) (io.ReadCloser, error)
	// Delete removes key; a missing key is not an error.
	Delete(ctx context.Context, key string) error
	// List calls fn for every object whose key starts with prefix, in no
	// particular order, including leftovers of interrupted Puts.
	List(ctx context.Context, prefix string, fn func(Object) error) error
}

// Object is one stored object as List reports it.
type Object struct {
	Key      string
	Size     int64
	Modified time.Time
}

// ErrNotFound is returned by Get for a missing key.
var ErrNotFound = errors.New("blob: not found")

// Open builds the Store that rawURL names: file:///path/to/dir, or
// s3://bucket/optional/prefix?endpoint=host:port&region=...&insecure=true,
// with credentials in the URL's user info or in AWS_ACCESS_KEY_ID and
// AWS_SECRET_ACCESS_KEY.
func Open(rawURL string) (Store, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("blob URL: %w", err)
	}
	switch u.Scheme {
	case "file", "":
		dir := u.Path
		if u.Opaque != "" {
			dir = u.Opaque
		}
		if u.Host != "" && u.Host != "localhost" {
			dir = u.Host + dir // file://./data/blobs style relative paths
		}
		return NewDir(dir)
	case "s3":
		return newS3FromURL(u)
	default:
		return nil, fmt.Errorf("blob URL: scheme %q is not file or s3", u.Scheme)
	}
}

// checkKey refuses keys that could escape a directory or a prefix.
func checkKey(key string) error {
	if key == "" || strings.HasPrefix(key, "/") || strings.Contains(key, "\\") {
		return fmt.Errorf("blob: bad key %q", key)
	}
	for _, seg := range strings.Split(key, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return fmt.Errorf("blob: bad key %q", key)
		}
	}
	return nil
}
