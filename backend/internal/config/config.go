// Package config reads Kesi's environment variables into one typed Config,
// validated once at start.
package config

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is everything Kesi reads from its environment.
type Config struct {
	Addr        string
	PublicURL   *url.URL
	Env         string // "dev" or "production"
	DataDir     string
	DatabaseURL string // empty: SQLite under DataDir
	BlobURL     string
	SMTPURL     string
	Location    *time.Location

	// MasterKey encrypts document keys and signs access tokens. PreviousMasterKeys
	// still decrypt what older keys wrapped, so the master key can rotate.
	MasterKey          []byte
	PreviousMasterKeys [][]byte

	PaystackSecretKey string
	PaystackBaseURL   string

	MaxUploadBytes     int64 // per file
	MaxRequestBytes    int64 // per upload request
	DemoMaxUploadBytes int64 // per file, for the demo account
	MaxUploadFiles     int   // files per upload request

	// Sign-in and password-reset attempts allowed per window, per account and
	// per client address.
	RateLimitPerAccount int
	RateLimitPerAddress int
	RateLimitWindow     time.Duration

	// DBMaxConns bounds the database pool (KESI_DB_MAX_CONNS; 0: sized to
	// the machine).
	DBMaxConns int

	// ShutdownGrace is how long a stopping server lets requests in flight
	// finish (KESI_SHUTDOWN_GRACE).
	ShutdownGrace time.Duration

	// MetricsAddr is where Prometheus scrapes /metrics (KESI_METRICS_ADDR;
	// empty: no metrics listener).
	MetricsAddr string

	// TrustProxy makes the first X-Forwarded-For address the client's.
	TrustProxy bool
}

// Production reports whether Kesi runs in production.
func (c *Config) Production() bool { return c.Env == "production" }

// SecureCookies reports whether cookies need the Secure flag.
func (c *Config) SecureCookies() bool { return c.PublicURL.Scheme == "https" }

// SQLitePath is where the embedded database lives when DatabaseURL is empty.
func (c *Config) SQLitePath() string { return filepath.Join(c.DataDir, "kesi.db") }

// FromEnv reads the configuration from the process environment.
func FromEnv() (*Config, error) { return Load(os.Getenv) }

// Load reads the configuration through getenv. It creates DataDir and, in dev
// only, a master key file in it.
func Load(getenv func(string) string) (*Config, error) {
	get := func(key, def string) string {
		if v := strings.TrimSpace(getenv(key)); v != "" {
			return v
		}
		return def
	}
	c := &Config{
		Addr:              get("KESI_ADDR", "127.0.0.1:8080"),
		Env:               get("KESI_ENV", "dev"),
		DataDir:           get("KESI_DATA_DIR", "./data"),
		DatabaseURL:       get("KESI_DATABASE_URL", ""),
		SMTPURL:           get("KESI_SMTP_URL", ""),
		PaystackSecretKey: get("KESI_PAYSTACK_SECRET_KEY", ""),
		PaystackBaseURL:   get("KESI_PAYSTACK_BASE_URL", "https://api.paystack.co"),
		TrustProxy:        get("KESI_TRUST_PROXY", "") == "true",
	}
	if c.Env != "dev" && c.Env != "production" {
		return nil, fmt.Errorf("KESI_ENV must be dev or production, not %q", c.Env)
	}
	if err := os.MkdirAll(c.DataDir, 0o700); err != nil {
		return nil, fmt.Errorf("create KESI_DATA_DIR: %w", err)
	}
	c.BlobURL = get("KESI_BLOB_URL", "file://"+filepath.Join(c.DataDir, "blobs"))

	public := get("KESI_PUBLIC_URL", "http://"+c.Addr)
	u, err := url.Parse(strings.TrimRight(public, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("KESI_PUBLIC_URL must be an http(s) URL, not %q", public)
	}
	c.PublicURL = u

	loc, err := time.LoadLocation(get("KESI_TIMEZONE", "Africa/Nairobi"))
	if err != nil {
		return nil, fmt.Errorf("KESI_TIMEZONE: %w", err)
	}
	c.Location = loc

	if c.MasterKey, err = c.masterKey(get("KESI_MASTER_KEY", "")); err != nil {
		return nil, err
	}
	for _, s := range strings.Split(get("KESI_MASTER_KEY_PREVIOUS", ""), ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		k, err := decodeKey(s)
		if err != nil {
			return nil, fmt.Errorf("KESI_MASTER_KEY_PREVIOUS: %w", err)
		}
		c.PreviousMasterKeys = append(c.PreviousMasterKeys, k)
	}

	ints := []struct {
		key string
		def int64
		dst *int64
	}{
		{"KESI_MAX_UPLOAD_BYTES", 25 << 20, &c.MaxUploadBytes},
		{"KESI_MAX_REQUEST_BYTES", 100 << 20, &c.MaxRequestBytes},
		{"KESI_DEMO_MAX_UPLOAD_BYTES", 2 << 20, &c.DemoMaxUploadBytes},
	}
	for _, f := range ints {
		if *f.dst, err = positiveInt(get(f.key, ""), f.def); err != nil {
			return nil, fmt.Errorf("%s: %w", f.key, err)
		}
	}
	files, err := positiveInt(get("KESI_MAX_UPLOAD_FILES", ""), 20)
	if err != nil {
		return nil, fmt.Errorf("KESI_MAX_UPLOAD_FILES: %w", err)
	}
	c.MaxUploadFiles = int(files)
	c.MetricsAddr = get("KESI_METRICS_ADDR", "")
	if v := get("KESI_DB_MAX_CONNS", ""); v != "" {
		n, err := positiveInt(v, 0)
		if err != nil {
			return nil, fmt.Errorf("KESI_DB_MAX_CONNS: %w", err)
		}
		c.DBMaxConns = int(n)
	}
	perAccount, err := positiveInt(get("KESI_RATE_LIMIT_PER_ACCOUNT", ""), 10)
	if err != nil {
		return nil, fmt.Errorf("KESI_RATE_LIMIT_PER_ACCOUNT: %w", err)
	}
	perAddress, err := positiveInt(get("KESI_RATE_LIMIT_PER_ADDRESS", ""), 60)
	if err != nil {
		return nil, fmt.Errorf("KESI_RATE_LIMIT_PER_ADDRESS: %w", err)
	}
	c.RateLimitPerAccount, c.RateLimitPerAddress = int(perAccount), int(perAddress)
	if c.ShutdownGrace, err = time.ParseDuration(get("KESI_SHUTDOWN_GRACE", "30s")); err != nil || c.ShutdownGrace < 0 {
		return nil, fmt.Errorf("KESI_SHUTDOWN_GRACE must be a duration such as 30s, not %q", get("KESI_SHUTDOWN_GRACE", ""))
	}
	if c.RateLimitWindow, err = time.ParseDuration(get("KESI_RATE_LIMIT_WINDOW", "15m")); err != nil {
		return nil, fmt.Errorf("KESI_RATE_LIMIT_WINDOW: %w", err)
	}
	if c.Production() && c.PaystackSecretKey == "" {
		return nil, errors.New("KESI_PAYSTACK_SECRET_KEY is required in production (the fake checkout is for dev only)")
	}
	return c, nil
}

// masterKey decodes KESI_MASTER_KEY or, in dev, reads or creates one in DataDir.
func (c *Config) masterKey(env string) ([]byte, error) {
	if env != "" {
		k, err := decodeKey(env)
		if err != nil {
			return nil, fmt.Errorf("KESI_MASTER_KEY: %w", err)
		}
		return k, nil
	}
	if c.Production() {
		return nil, errors.New("KESI_MASTER_KEY is required in production")
	}
	path := filepath.Join(c.DataDir, "master.key")
	if b, err := os.ReadFile(path); err == nil {
		return decodeKey(strings.TrimSpace(string(b)))
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("read dev master key: %w", err)
	}
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, []byte(base64.StdEncoding.EncodeToString(k)+"\n"), 0o600); err != nil {
		return nil, fmt.Errorf("write dev master key: %w", err)
	}
	return k, nil
}

func decodeKey(s string) ([]byte, error) {
	k, err := base64.StdEncoding.DecodeString(s)
	if err != nil || len(k) != 32 {
		return nil, errors.New("a master key is 32 bytes in standard base64")
	}
	return k, nil
}

func positiveInt(s string, def int64) (int64, error) {
	if s == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("want a positive whole number, not %q", s)
	}
	return n, nil
}
