package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Dir is a Store in a local directory, one file per key.
type Dir struct {
	root string
}

// tempPrefix marks files of Puts in progress. They live beside their final
// name, so the rename that completes a Put never crosses file systems.
const tempPrefix = ".tmp-"

// Partial reports whether a listed key is the leftover of a Put that a
// crash interrupted rather than an object: no reader ever saw it, and once
// it is old it can only be removed.
func Partial(key string) bool {
	return strings.HasPrefix(key[strings.LastIndexByte(key, '/')+1:], tempPrefix)
}

// NewDir makes (if needed) and opens a directory store.
func NewDir(root string) (*Dir, error) {
	if root == "" {
		return nil, errors.New("blob: empty directory")
	}
	if err := os.MkdirAll(root, 0o700); err != nil {
		return nil, fmt.Errorf("blob: create %s: %w", root, err)
	}
	return &Dir{root: root}, nil
}

func (d *Dir) path(key string) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	return filepath.Join(d.root, filepath.FromSlash(key)), nil
}

// Put implements Store: write a temporary file, fsync it, rename it into
// place, fsync the directory.
func (d *Dir) Put(ctx context.Context, key string, r io.Reader) (err error) {
	path, err := d.path(key)
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	f, err := os.CreateTemp(dir, tempPrefix+"*")
	if err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err := io.Copy(f, contextReader{ctx, r}); err != nil {
		return fmt.Errorf("blob: write %s: %w", key, err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("blob: sync %s: %w", key, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("blob: close %s: %w", key, err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("blob: rename %s: %w", key, err)
	}
	if dh, err := os.Open(dir); err == nil {
		dh.Sync() // make the rename durable; best effort where directories cannot sync
		dh.Close()
	}
	return nil
}

// Spacer is a Store that can tell how much room it has left.
type Spacer interface {
	// Space answers the free and the total bytes of the store's file system.
	Space() (free, total uint64, err error)
}

// Space implements Spacer.
func (d *Dir) Space() (free, total uint64, err error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(d.root, &st); err != nil {
		return 0, 0, fmt.Errorf("blob: statfs %s: %w", d.root, err)
	}
	return st.Bavail * uint64(st.Bsize), st.Blocks * uint64(st.Bsize), nil
}

// Get implements Store.
func (d *Dir) Get(ctx context.Context, key string, offset, length int64) (io.ReadCloser, error) {
	path, err := d.path(key)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, key)
	}
	if err != nil {
		return nil, fmt.Errorf("blob: %w", err)
	}
	if offset > 0 {
		if _, err := f.Seek(offset, io.SeekStart); err != nil {
			f.Close()
			return nil, fmt.Errorf("blob: seek %s: %w", key, err)
		}
	}
	if length < 0 {
		return f, nil
	}
	return struct {
		io.Reader
		io.Closer
	}{io.LimitReader(f, length), f}, nil
}

// Delete implements Store.
func (d *Dir) Delete(ctx context.Context, key string) error {
	path, err := d.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("blob: delete %s: %w", key, err)
	}
	return nil
}

// List implements Store. Temporary files of Puts that a crash interrupted
// are listed under their own names, so that a sweep can remove them.
func (d *Dir) List(ctx context.Context, prefix string, fn func(Object) error) error {
	return filepath.WalkDir(d.root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if e.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(d.root, path)
		if err != nil {
			return err
		}
		key := filepath.ToSlash(rel)
		if !strings.HasPrefix(key, prefix) {
			return nil
		}
		info, err := e.Info()
		if errors.Is(err, fs.ErrNotExist) {
			return nil // removed while listing
		}
		if err != nil {
			return err
		}
		return fn(Object{Key: key, Size: info.Size(), Modified: info.ModTime()})
	})
}

// contextReader stops a copy when ctx ends.
type contextReader struct {
	ctx context.Context
	r   io.Reader
}

func (c contextReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
