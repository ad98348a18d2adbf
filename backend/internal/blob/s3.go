package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3 is a Store in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...).
// An object appears only when its upload completes, which makes Put atomic;
// a failed multipart upload is aborted.
type S3 struct {
	client *minio.Client
	bucket string
	prefix string // "" or "some/prefix/"
}

// S3Options configure NewS3.
type S3Options struct {
	Endpoint  string // host:port
	Region    string
	Bucket    string
	Prefix    string // key prefix inside the bucket, optional
	AccessKey string // empty: AWS_ACCESS_KEY_ID / MINIO_ROOT_USER from the environment
	SecretKey string
	Insecure  bool // plain http, for a local object store
	PartSize  uint64
}

// s3PartSize bounds what one upload holds in memory: minio-go buffers one
// part of an upload of unknown length.
const s3PartSize = 8 << 20

// NewS3 opens a bucket. It makes no request.
func NewS3(o S3Options) (*S3, error) {
	if o.Bucket == "" {
		return nil, errors.New("blob: S3 needs a bucket")
	}
	if o.Endpoint == "" {
		o.Endpoint = "s3.amazonaws.com"
	}
	creds := credentials.NewChainCredentials([]credentials.Provider{&credentials.EnvAWS{}, &credentials.EnvMinio{}})
	if o.AccessKey != "" {
		creds = credentials.NewStaticV4(o.AccessKey, o.SecretKey, "")
	}
	client, err := minio.New(o.Endpoint, &minio.Options{Creds: creds, Secure: !o.Insecure, Region: o.Region})
	if err != nil {
		return nil, fmt.Errorf("blob: S3 client: %w", err)
	}
	prefix := strings.Trim(o.Prefix, "/")
	if prefix != "" {
		prefix += "/"
	}
	return &S3{client: client, bucket: o.Bucket, prefix: prefix}, nil
}

// newS3FromURL reads s3://[access:secret@]bucket[/prefix]?endpoint=&region=&insecure=.
func newS3FromURL(u *url.URL) (*S3, error) {
	q := u.Query()
	o := S3Options{
		Endpoint: q.Get("endpoint"),
		Region:   q.Get("region"),
		Bucket:   u.Host,
		Prefix:   u.Path,
		Insecure: q.Get("insecure") == "true",
	}
	if u.User != nil {
		o.AccessKey = u.User.Username()
		o.SecretKey, _ = u.User.Password()
	}
	return NewS3(o)
}

// EnsureBucket creates the bucket if it does not exist yet (dev and tests;
// production buckets are made by their operators).
func (s *S3) EnsureBucket(ctx context.Context) error {
	ok, err := s.client.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("blob: bucket %s: %w", s.bucket, err)
	}
	if ok {
		return nil
	}
	if err := s.client.MakeBucket(ctx, s.bucket, minio.MakeBucketOptions{}); err != nil {
		return fmt.Errorf("blob: make bucket %s: %w", s.bucket, err)
	}
	return nil
}

func (s *S3) object(key string) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	return s.prefix + key, nil
}

// Put implements Store.
func (s *S3) Put(ctx context.Context, key string, r io.Reader) error {
	name, err := s.object(key)
	if err != nil {
		return err
	}
	_, err = s.client.PutObject(ctx, s.bucket, name, r, -1, minio.PutObjectOptions{
		ContentType: "application/octet-stream",
		PartSize:    s3PartSize,
		// Kesi stores authenticated ciphertext: signing the payload as well
		// would hash every byte once more for nothing (and the aws-chunked
		// encoding it needs is not spoken by every S3-compatible server).
		DisableContentSha256: true,
	})
	if err != nil {
		return fmt.Errorf("blob: put %s: %w", key, err)
	}
	return nil
}

// Get implements Store.
func (s *S3) Get(ctx context.Context, key string, offset, length int64) (io.ReadCloser, error) {
	name, err := s.object(key)
	if err != nil {
		return nil, err
	}
	var opts minio.GetObjectOptions
	switch {
	case length == 0:
		return io.NopCloser(strings.NewReader("")), nil
	case length > 0:
		err = opts.SetRange(offset, offset+length-1)
	case offset > 0:
		err = opts.SetRange(offset, 0)
	}
	if err != nil {
		return nil, fmt.Errorf("blob: range of %s: %w", key, err)
	}
	body, _, _, err := minio.Core{Client: s.client}.GetObject(ctx, s.bucket, name, opts)
	if err != nil {
		if resp := minio.ToErrorResponse(err); resp.StatusCode == http.StatusNotFound || resp.Code == "NoSuchKey" {
			return nil, fmt.Errorf("%w: %s", ErrNotFound, key)
		}
		return nil, fmt.Errorf("blob: get %s: %w", key, err)
	}
	return body, nil
}

// Delete implements Store.
func (s *S3) Delete(ctx context.Context, key string) error {
	name, err := s.object(key)
	if err != nil {
		return err
	}
	if err := s.client.RemoveObject(ctx, s.bucket, name, minio.RemoveObjectOptions{}); err != nil {
		if minio.ToErrorResponse(err).Code == "NoSuchKey" {
			return nil
		}
		return fmt.Errorf("blob: delete %s: %w", key, err)
	}
	return nil
}

// List implements Store.
func (s *S3) List(ctx context.Context, prefix string, fn func(Object) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // stops minio-go's listing goroutine if fn fails
	for info := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: s.prefix + prefix, Recursive: true}) {
		if info.Err != nil {
			return fmt.Errorf("blob: list %s: %w", path.Join(s.bucket, s.prefix+prefix), info.Err)
		}
		if err := fn(Object{Key: strings.TrimPrefix(info.Key, s.prefix), Size: info.Size, Modified: info.LastModified}); err != nil {
			return err
		}
	}
	return nil
}
