package config

import (
	"bytes"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestDefaultsRunLocally(t *testing.T) {
	dir := t.TempDir()
	c, err := Load(env(map[string]string{"KESI_DATA_DIR": dir}))
	if err != nil {
		t.Fatalf("Load with only a data dir: %v", err)
	}
	if c.Addr != "127.0.0.1:8080" || c.PublicURL.String() != "http://127.0.0.1:8080" || c.Env != "dev" {
		t.Errorf("defaults = %s %s %s", c.Addr, c.PublicURL, c.Env)
	}
	if c.DatabaseURL != "" || c.SQLitePath() != filepath.Join(dir, "kesi.db") {
		t.Errorf("default database = %q %q, want SQLite under the data dir", c.DatabaseURL, c.SQLitePath())
	}
	if c.BlobURL != "file://"+filepath.Join(dir, "blobs") {
		t.Errorf("default blob URL = %q", c.BlobURL)
	}
	if c.Location.String() != "Africa/Nairobi" {
		t.Errorf("default time zone = %s", c.Location)
	}
	if c.MaxUploadBytes != 25<<20 || c.SecureCookies() {
		t.Errorf("max upload %d, secure cookies %v", c.MaxUploadBytes, c.SecureCookies())
	}
	if c.RateLimitWindow != 15*time.Minute {
		t.Errorf("rate-limit window = %s", c.RateLimitWindow)
	}
}

func TestDevMasterKeyIsGeneratedOnceAndKept(t *testing.T) {
	dir := t.TempDir()
	first, err := Load(env(map[string]string{"KESI_DATA_DIR": dir}))
	if err != nil {
		t.Fatal(err)
	}
	second, err := Load(env(map[string]string{"KESI_DATA_DIR": dir}))
	if err != nil {
		t.Fatal(err)
	}
	if len(first.MasterKey) != 32 || !bytes.Equal(first.MasterKey, second.MasterKey) {
		t.Fatal("the dev master key must be 32 bytes and survive a restart, or documents become unreadable")
	}
	info, err := os.Stat(filepath.Join(dir, "master.key"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("master.key mode = %v (%v), want 0600", info.Mode().Perm(), err)
	}
}

func TestProductionRefusesDevDefaults(t *testing.T) {
	key := base64.StdEncoding.EncodeToString([]byte("kesi-production-key-0123456789ab"))
	https := "https://kesi.app"
	cases := []struct {
		name string
		vars map[string]string
		want string
	}{
		{"no master key", map[string]string{"KESI_PAYSTACK_SECRET_KEY": "sk_live_x", "KESI_PUBLIC_URL": https}, "KESI_MASTER_KEY"},
		{"no paystack key", map[string]string{"KESI_MASTER_KEY": key, "KESI_PUBLIC_URL": https}, "KESI_PAYSTACK_SECRET_KEY"},
		{"http public URL", map[string]string{"KESI_MASTER_KEY": key, "KESI_PAYSTACK_SECRET_KEY": "sk_live_x", "KESI_PUBLIC_URL": "http://kesi.app"}, "https"},
		{"default public URL", map[string]string{"KESI_MASTER_KEY": key, "KESI_PAYSTACK_SECRET_KEY": "sk_live_x"}, "https"},
		{"all-zero master key", map[string]string{"KESI_MASTER_KEY": base64.StdEncoding.EncodeToString(make([]byte, 32)), "KESI_PAYSTACK_SECRET_KEY": "sk_live_x", "KESI_PUBLIC_URL": https}, "KESI_MASTER_KEY"},
		{"one-byte master key", map[string]string{"KESI_MASTER_KEY": base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{7}, 32)), "KESI_PAYSTACK_SECRET_KEY": "sk_live_x", "KESI_PUBLIC_URL": https}, "KESI_MASTER_KEY"},
		{"short master key", map[string]string{"KESI_MASTER_KEY": base64.StdEncoding.EncodeToString([]byte("kesi-short-key-16")), "KESI_PAYSTACK_SECRET_KEY": "sk_live_x", "KESI_PUBLIC_URL": https}, "KESI_MASTER_KEY"},
		{"sms without a callback token", map[string]string{"KESI_MASTER_KEY": key, "KESI_PAYSTACK_SECRET_KEY": "sk_live_x", "KESI_PUBLIC_URL": https, "KESI_SMS_URL": "africastalking://kesi:k@api.africastalking.com"}, "KESI_SMS_CALLBACK_TOKEN"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.vars["KESI_ENV"] = "production"
			tc.vars["KESI_DATA_DIR"] = t.TempDir()
			_, err := Load(env(tc.vars))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Load = %v, want an error naming %s", err, tc.want)
			}
		})
	}
	c, err := Load(env(map[string]string{
		"KESI_ENV": "production", "KESI_DATA_DIR": t.TempDir(), "KESI_MASTER_KEY": key,
		"KESI_PAYSTACK_SECRET_KEY": "sk_live_x", "KESI_PUBLIC_URL": "https://kesi.app/",
		"KESI_SMS_URL": "africastalking://kesi:k@api.africastalking.com", "KESI_SMS_CALLBACK_TOKEN": "5f0c3b8e1d2a4f6b9c7e0a1d3b5f7c9e",
	}))
	if err != nil {
		t.Fatalf("complete production config: %v", err)
	}
	if !c.SecureCookies() || c.PublicURL.String() != "https://kesi.app" {
		t.Errorf("https public URL %q: secure cookies %v", c.PublicURL, c.SecureCookies())
	}
}

func TestBadValuesAreRefused(t *testing.T) {
	for key, value := range map[string]string{
		"KESI_ENV":                    "staging",
		"KESI_PUBLIC_URL":             "ftp://kesi.app",
		"KESI_TIMEZONE":               "Mars/Olympus",
		"KESI_MASTER_KEY":             "c2hvcnQ=",
		"KESI_MAX_UPLOAD_BYTES":       "-1",
		"KESI_RATE_LIMIT_PER_ACCOUNT": "ten",
		"KESI_RATE_LIMIT_WINDOW":      "forever",
		"KESI_MASTER_KEY_PREVIOUS":    "not base64!",
		"KESI_SMS_CALLBACK_TOKEN":     "guessable",
	} {
		t.Run(key, func(t *testing.T) {
			_, err := Load(env(map[string]string{"KESI_DATA_DIR": t.TempDir(), key: value}))
			if err == nil || !strings.Contains(err.Error(), key) {
				t.Errorf("%s=%q: Load = %v, want an error naming the variable", key, value, err)
			}
		})
	}
}

func TestTrustedProxies(t *testing.T) {
	c, err := Load(env(map[string]string{"KESI_DATA_DIR": t.TempDir(), "KESI_TRUSTED_PROXIES": " 10.0.0.0/8, 192.0.2.7 ,2001:db8::/32"}))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"10.0.0.0/8", "192.0.2.7/32", "2001:db8::/32"}
	if len(c.TrustedProxies) != len(want) {
		t.Fatalf("trusted proxies = %v, want %v", c.TrustedProxies, want)
	}
	for i, p := range c.TrustedProxies {
		if p.String() != want[i] {
			t.Errorf("trusted proxy %d = %s, want %s", i, p, want[i])
		}
	}
	for _, bad := range []map[string]string{
		{"KESI_TRUSTED_PROXIES": "10.0.0.0/33"},
		{"KESI_TRUSTED_PROXIES": "load-balancer"},
		{"KESI_TRUST_PROXY": "true"},
	} {
		bad["KESI_DATA_DIR"] = t.TempDir()
		if _, err := Load(env(bad)); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

func TestOperationsSettings(t *testing.T) {
	c, err := Load(env(map[string]string{"KESI_DATA_DIR": t.TempDir()}))
	if err != nil {
		t.Fatal(err)
	}
	if c.AuditRetention != 365*24*time.Hour || !c.Demo || c.SlowQuery != 200*time.Millisecond ||
		c.StorageQuotaBytes != 10<<30 || c.DemoStorageQuotaBytes != 32<<20 || c.OTLPEndpoint != "" || c.JobsEvery != 0 {
		t.Fatalf("defaults: retention %s, demo %v, slow %s, quota %d/%d, otlp %q, jobs every %s", c.AuditRetention, c.Demo, c.SlowQuery, c.StorageQuotaBytes, c.DemoStorageQuotaBytes, c.OTLPEndpoint, c.JobsEvery)
	}
	c, err = Load(env(map[string]string{"KESI_DATA_DIR": t.TempDir(), "KESI_AUDIT_RETENTION": "90d", "KESI_DEMO": "off",
		"KESI_SLOW_QUERY": "0", "KESI_STORAGE_QUOTA_BYTES": "1000", "KESI_DEMO_STORAGE_QUOTA_BYTES": "10", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318",
		"KESI_JOBS_EVERY": "2s"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.AuditRetention != 90*24*time.Hour || c.Demo || c.SlowQuery != 0 || c.StorageQuotaBytes != 1000 || c.DemoStorageQuotaBytes != 10 || c.OTLPEndpoint == "" || c.JobsEvery != 2*time.Second {
		t.Fatalf("set: %+v", c)
	}
	for k, v := range map[string]string{"KESI_AUDIT_RETENTION": "a year", "KESI_DEMO": "maybe", "KESI_SLOW_QUERY": "fast", "KESI_STORAGE_QUOTA_BYTES": "-1", "KESI_JOBS_EVERY": "1ms"} {
		if _, err := Load(env(map[string]string{"KESI_DATA_DIR": t.TempDir(), k: v})); err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("%s=%s: %v", k, v, err)
		}
	}
}
