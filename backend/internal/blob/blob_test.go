package blob_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"io"
	"net/http/httptest"
	"net/url"
	"slices"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/kesihq/kesi/backend/internal/blob"
)

// stores runs f on each implementation: the directory, and S3 against an
// in-process S3-compatible server spoken to over real HTTP.
func stores(t *testing.T, f func(t *testing.T, s blob.Store)) {
	t.Run("dir", func(t *testing.T) {
		s, err := blob.Open("file://" + t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		f(t, s)
	})
	t.Run("s3", func(t *testing.T) { f(t, newS3(t)) })
}

func newS3(t *testing.T) *blob.S3 {
	t.Helper()
	srv := httptest.NewServer(gofakes3.New(s3mem.New()).Server())
	t.Cleanup(srv.Close)
	u, _ := url.Parse(srv.URL)
	s, err := blob.Open("s3://key:secret@kesi-docs/prod?insecure=true&region=us-east-1&endpoint=" + u.Host)
	if err != nil {
		t.Fatal(err)
	}
	s3 := s.(*blob.S3)
	if err := s3.EnsureBucket(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s3
}

func get(t *testing.T, s blob.Store, key string, off, n int64) []byte {
	t.Helper()
	rc, err := s.Get(context.Background(), key, off, n)
	if err != nil {
		t.Fatalf("get %s [%d,+%d): %v", key, off, n, err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func keys(t *testing.T, s blob.Store, prefix string) []string {
	t.Helper()
	var out []string
	if err := s.List(context.Background(), prefix, func(o blob.Object) error {
		out = append(out, o.Key)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

func TestStore_PutGetRangeDeleteList(t *testing.T) {
	stores(t, func(t *testing.T, s blob.Store) {
		ctx := context.Background()
		data := make([]byte, 3<<20+5) // over a few S3 parts' worth of reads
		rand.Read(data)
		if err := s.Put(ctx, "doc/a", bytes.NewReader(data)); err != nil {
			t.Fatal(err)
		}
		if err := s.Put(ctx, "doc/b", bytes.NewReader([]byte("b"))); err != nil {
			t.Fatal(err)
		}
		if err := s.Put(ctx, "other/c", bytes.NewReader([]byte("c"))); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(get(t, s, "doc/a", 0, -1), data) {
			t.Fatal("whole object differs")
		}
		if got := get(t, s, "doc/a", 100, 50); !bytes.Equal(got, data[100:150]) {
			t.Fatalf("range [100,150) answered %d bytes, not the stored ones", len(got))
		}
		if got := get(t, s, "doc/a", int64(len(data)-10), -1); !bytes.Equal(got, data[len(data)-10:]) {
			t.Fatal("tail range differs")
		}
		if got := keys(t, s, "doc/"); !slices.Equal(got, []string{"doc/a", "doc/b"}) {
			t.Fatalf("list doc/ = %v", got)
		}
		if err := s.Delete(ctx, "doc/a"); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, "doc/a"); err != nil {
			t.Fatalf("deleting a missing key: %v", err)
		}
		if _, err := s.Get(ctx, "doc/a", 0, -1); !errors.Is(err, blob.ErrNotFound) {
			t.Fatalf("get of a deleted key: %v, want ErrNotFound", err)
		}
		if got := keys(t, s, ""); !slices.Equal(got, []string{"doc/b", "other/c"}) {
			t.Fatalf("list after delete = %v", got)
		}
	})
}

type failingReader struct{ n int }

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errors.New("client went away")
	}
	n := min(len(p), f.n)
	f.n -= n
	return n, nil
}

func TestStore_FailedPutLeavesNothing(t *testing.T) {
	stores(t, func(t *testing.T, s blob.Store) {
		ctx := context.Background()
		for _, n := range []int{0, 100, 9 << 20} { // empty, small, past one S3 part
			if err := s.Put(ctx, "doc/broken", &failingReader{n: n}); err == nil {
				t.Fatalf("a put whose reader failed after %d bytes succeeded", n)
			}
			if got := keys(t, s, ""); len(got) != 0 {
				t.Fatalf("a failed put after %d bytes left %v", n, got)
			}
		}
	})
}

func TestStore_RefusesBadKeys(t *testing.T) {
	stores(t, func(t *testing.T, s blob.Store) {
		for _, key := range []string{"", "/etc/passwd", "../x", "a/../../x", "a//b", "a/./b", `a\b`} {
			if err := s.Put(context.Background(), key, bytes.NewReader([]byte("x"))); err == nil {
				t.Errorf("key %q was accepted", key)
			}
		}
	})
}

func TestOpen_RefusesUnknownSchemes(t *testing.T) {
	for _, u := range []string{"ftp://x/y", "gs://bucket", "s3://"} {
		if _, err := blob.Open(u); err == nil {
			t.Errorf("%s was accepted", u)
		}
	}
}
