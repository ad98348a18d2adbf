// Package config reads Kesi's environment variables into one typed Config,
// validated once at start.
package config

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net/netip"
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

	// Reminders: Africa's Talking and the WhatsApp Cloud API; unset, the dev
	// outboxes under DataDir/outbox. The app secret checks the WhatsApp
	// webhook's signature; the verify token answers its handshake.
	SMSURL string
	// SMSCallbackToken proves Africa's Talking's callbacks, which it does
	// not sign: they are registered with ?token= and refused without it.
	SMSCallbackToken    string
	WhatsAppURL         string
	WhatsAppAppSecret   string
	WhatsAppVerifyToken string

	MaxUploadBytes     int64 // per file
	MaxRequestBytes    int64 // per upload request
	DemoMaxUploadBytes int64 // per file, for the demo account
	MaxUploadFiles     int   // files per upload request

	// Sign-in and password-reset attempts allowed per window, per account and
	// per client address.
	RateLimitPerAccount int
	RateLimitPerAddress int
	RateLimitWindow     time.Duration
	// RegistrationsPerAddress is how many accounts one client address may
	// open in an hour (a test server for the browser suites opens many).
	RegistrationsPerAddress int

	// TrustedProxies are the load balancers in front of Kesi: behind them
	// the client's address is the rightmost X-Forwarded-For entry that is
	// not one of them.
	TrustedProxies []netip.Prefix

	// CauseListSources are the pages of published cause lists the fetch job
	// polls (KESI_CAUSELIST_SOURCES, URLs separated by commas or blanks).
	CauseListSources []string
	// DBMaxConns bounds the database pool (KESI_DB_MAX_CONNS; 0: sized to
	// the machine).
	DBMaxConns int

	// ShutdownGrace is how long a stopping server lets requests in flight
	// finish (KESI_SHUTDOWN_GRACE).
	ShutdownGrace time.Duration

	// JobsEvery, if set, runs every background job at this period instead of
	// its own (KESI_JOBS_EVERY): the cluster test and drills watch several
	// periods go by in seconds. Zero: each job's own period.
	JobsEvery time.Duration

	// MetricsAddr is where Prometheus scrapes /metrics and an operator takes
	// /debug/pprof/ profiles (KESI_METRICS_ADDR; empty: no such listener).
	MetricsAddr string

	// AuditRetention is how long audit events are kept (KESI_AUDIT_RETENTION,
	// default a year); the retention job deletes older ones.
	AuditRetention time.Duration
	// StorageQuotaBytes bounds what one account stores in documents
	// (KESI_STORAGE_QUOTA_BYTES); DemoStorageQuotaBytes the demo account's,
	// whose credentials are public (KESI_DEMO_STORAGE_QUOTA_BYTES).
	StorageQuotaBytes     int64
	DemoStorageQuotaBytes int64
	// Demo is false with KESI_DEMO=off: no demo account, and the web app
	// offers no "Try the demo".
	Demo bool
	// SlowQuery is the duration past which a database statement is logged
	// at WARN (KESI_SLOW_QUERY; 0 turns it off).
	SlowQuery time.Duration
	// OTLPEndpoint is OTEL_EXPORTER_OTLP_ENDPOINT: set, every request is
	// traced and exported there with OpenTelemetry; unset, nothing is.
	OTLPEndpoint string
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
		Addr:                get("KESI_ADDR", "127.0.0.1:8080"),
		Env:                 get("KESI_ENV", "dev"),
		DataDir:             get("KESI_DATA_DIR", "./data"),
		DatabaseURL:         get("KESI_DATABASE_URL", ""),
		SMTPURL:             get("KESI_SMTP_URL", ""),
		PaystackSecretKey:   get("KESI_PAYSTACK_SECRET_KEY", ""),
		PaystackBaseURL:     get("KESI_PAYSTACK_BASE_URL", "https://api.paystack.co"),
		SMSURL:              get("KESI_SMS_URL", ""),
		SMSCallbackToken:    get("KESI_SMS_CALLBACK_TOKEN", ""),
		WhatsAppURL:         get("KESI_WHATSAPP_URL", ""),
		WhatsAppAppSecret:   get("KESI_WHATSAPP_APP_SECRET", ""),
		WhatsAppVerifyToken: get("KESI_WHATSAPP_VERIFY_TOKEN", ""),
	}
	if get("KESI_TRUST_PROXY", "") != "" {
		// The old switch trusted the leftmost entry, which the client writes.
		return nil, errors.New("KESI_TRUST_PROXY is replaced by KESI_TRUSTED_PROXIES: the load balancers' addresses as comma-separated CIDRs")
	}
	for _, s := range strings.Split(get("KESI_TRUSTED_PROXIES", ""), ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		p, err := netip.ParsePrefix(s)
		if err != nil {
			a, aerr := netip.ParseAddr(s)
			if aerr != nil {
				return nil, fmt.Errorf("KESI_TRUSTED_PROXIES: %q is not a CIDR such as 10.0.0.0/8", s)
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		c.TrustedProxies = append(c.TrustedProxies, p.Masked())
	}
	for _, src := range strings.FieldsFunc(get("KESI_CAUSELIST_SOURCES", ""), func(r rune) bool { return r == ',' || r == ' ' || r == '\n' }) {
		if u, err := url.Parse(src); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("KESI_CAUSELIST_SOURCES: %q is not an http(s) URL", src)
		}
		c.CauseListSources = append(c.CauseListSources, src)
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
		{"KESI_STORAGE_QUOTA_BYTES", 10 << 30, &c.StorageQuotaBytes},
		{"KESI_DEMO_STORAGE_QUOTA_BYTES", 32 << 20, &c.DemoStorageQuotaBytes},
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
	registrations, err := positiveInt(get("KESI_REGISTRATIONS_PER_ADDRESS", ""), 10)
	if err != nil {
		return nil, fmt.Errorf("KESI_REGISTRATIONS_PER_ADDRESS: %w", err)
	}
	c.RegistrationsPerAddress = int(registrations)
	if c.ShutdownGrace, err = time.ParseDuration(get("KESI_SHUTDOWN_GRACE", "30s")); err != nil || c.ShutdownGrace < 0 {
		return nil, fmt.Errorf("KESI_SHUTDOWN_GRACE must be a duration such as 30s, not %q", get("KESI_SHUTDOWN_GRACE", ""))
	}
	if v := get("KESI_JOBS_EVERY", ""); v != "" {
		if c.JobsEvery, err = time.ParseDuration(v); err != nil || c.JobsEvery < time.Second {
			return nil, fmt.Errorf("KESI_JOBS_EVERY must be a duration of a second or more such as 5s, not %q", v)
		}
	}
	if c.RateLimitWindow, err = time.ParseDuration(get("KESI_RATE_LIMIT_WINDOW", "15m")); err != nil {
		return nil, fmt.Errorf("KESI_RATE_LIMIT_WINDOW: %w", err)
	}
	if c.AuditRetention, err = days(get("KESI_AUDIT_RETENTION", "365d")); err != nil || c.AuditRetention <= 0 {
		return nil, fmt.Errorf("KESI_AUDIT_RETENTION must be a period such as 365d or 2160h, not %q", get("KESI_AUDIT_RETENTION", ""))
	}
	switch demo := strings.ToLower(get("KESI_DEMO", "on")); demo {
	case "on", "true", "1":
		c.Demo = true
	case "off", "false", "0":
	default:
		return nil, fmt.Errorf("KESI_DEMO must be on or off, not %q", demo)
	}
	if v := get("KESI_SLOW_QUERY", "200ms"); v != "0" && v != "off" {
		if c.SlowQuery, err = time.ParseDuration(v); err != nil || c.SlowQuery < 0 {
			return nil, fmt.Errorf("KESI_SLOW_QUERY must be a duration such as 200ms (0: off), not %q", v)
		}
	}
	c.OTLPEndpoint = get("OTEL_EXPORTER_OTLP_ENDPOINT", "")
	if c.Production() && c.PublicURL.Scheme != "https" {
		// Cookies would travel in clear text and could not be __Host-.
		return nil, fmt.Errorf("KESI_PUBLIC_URL must be https in production, not %q", c.PublicURL)
	}
	if c.Production() && weakKey(c.MasterKey) {
		return nil, errors.New("KESI_MASTER_KEY is not random (all one byte or few distinct bytes): make one with `openssl rand -base64 32`")
	}
	if c.SMSCallbackToken != "" && len(c.SMSCallbackToken) < 32 {
		return nil, errors.New("KESI_SMS_CALLBACK_TOKEN must be at least 32 characters: make one with `openssl rand -hex 16`")
	}
	if c.Production() && c.SMSURL != "" && c.SMSCallbackToken == "" {
		// Without it anyone could post a STOP for an advocate's number and
		// silence their hearing reminders.
		return nil, errors.New("KESI_SMS_CALLBACK_TOKEN is required with KESI_SMS_URL in production: Africa's Talking's callbacks carry it, as they are not signed")
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

// weakKey reports whether k cannot have come from a random source: 32
// random bytes have about 30 distinct values, and fewer than 16 happens by
// chance less than once in 10^10 keys. A short key never gets here
// (decodeKey wants 32 bytes).
func weakKey(k []byte) bool {
	seen := map[byte]bool{}
	for _, b := range k {
		seen[b] = true
	}
	return len(seen) < 16
}

// days parses a Go duration, or a whole number of days such as "365d".
func days(s string) (time.Duration, error) {
	if n, ok := strings.CutSuffix(s, "d"); ok {
		d, err := strconv.Atoi(n)
		if err != nil {
			return 0, err
		}
		return time.Duration(d) * 24 * time.Hour, nil
	}
	return time.ParseDuration(s)
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
