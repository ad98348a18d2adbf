package platform_test

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kesihq/kesi/backend/internal/platform"
)

func TestClientAddress(t *testing.T) {
	lb := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("2001:db8::/32")}
	for _, tc := range []struct {
		name      string
		peer      string
		forwarded []string
		trusted   []netip.Prefix
		want      string
	}{
		{"no proxies trusted: the peer, whatever the header says", "203.0.113.9:5555", []string{"198.51.100.1"}, nil, "203.0.113.9"},
		{"untrusted peer's header ignored", "203.0.113.9:5555", []string{"198.51.100.1"}, lb, "203.0.113.9"},
		{"behind one proxy", "10.0.0.2:443", []string{"198.51.100.1"}, lb, "198.51.100.1"},
		{"forged leftmost entry", "10.0.0.2:443", []string{"1.2.3.4, 198.51.100.1"}, lb, "198.51.100.1"},
		{"forged entries across header lines", "10.0.0.2:443", []string{"1.2.3.4", "5.6.7.8, 198.51.100.1"}, lb, "198.51.100.1"},
		{"two proxies", "10.0.0.2:443", []string{"6.6.6.6, 198.51.100.1, 10.1.2.3"}, lb, "198.51.100.1"},
		{"forged trusted-looking entry left of the client", "10.0.0.2:443", []string{"10.9.9.9, 198.51.100.1"}, lb, "198.51.100.1"},
		{"garbage at the right: the nearest proxy", "10.0.0.2:443", []string{"198.51.100.1, not-an-ip"}, lb, "10.0.0.2"},
		{"garbage left of the client ignored", "10.0.0.2:443", []string{"<script>, 198.51.100.1"}, lb, "198.51.100.1"},
		{"entry with a port", "10.0.0.2:443", []string{"198.51.100.1:1234"}, lb, "198.51.100.1"},
		{"ipv6 client and proxy", "[2001:db8::1]:443", []string{"2001:db8:1::5, 2a00:1450::1"}, lb, "2a00:1450::1"},
		{"ipv4-mapped peer", "[::ffff:10.0.0.2]:443", []string{"198.51.100.1"}, lb, "198.51.100.1"},
		{"trusted peer without header", "10.0.0.2:443", nil, lb, "10.0.0.2"},
		{"all hops trusted", "10.0.0.2:443", []string{"10.0.0.7, 10.0.0.3"}, lb, "10.0.0.7"},
		{"empty entries", "10.0.0.2:443", []string{" , 198.51.100.1 "}, lb, "198.51.100.1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := platform.ClientAddress(tc.peer, tc.forwarded, tc.trusted); got != tc.want {
				t.Errorf("ClientAddress(%q, %q) = %q, want %q", tc.peer, tc.forwarded, got, tc.want)
			}
		})
	}
}

func TestClientMiddlewareRecordsTheAddress(t *testing.T) {
	var got platform.Client
	h := platform.ClientMiddleware([]netip.Prefix{netip.MustParsePrefix("192.0.2.0/24")}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = platform.ClientFrom(r.Context())
	}))
	r := httptest.NewRequest("GET", "/", nil) // from 192.0.2.1:1234
	r.Header.Set("X-Forwarded-For", "203.0.113.1, 198.51.100.20")
	r.Header.Set("User-Agent", "kesi-test")
	h.ServeHTTP(httptest.NewRecorder(), r)
	if got.IP != "198.51.100.20" || got.UserAgent != "kesi-test" {
		t.Errorf("client = %+v", got)
	}
}

// Every store of the User-Agent (sessions, the audit log) gets valid UTF-8
// of at most 512 bytes, whatever bytes the header held.
func TestClientMiddlewareKeepsTheUserAgentValidUTF8(t *testing.T) {
	for _, tc := range []struct{ name, ua, want string }{
		{"plain", "Mozilla/5.0", "Mozilla/5.0"},
		{"a Latin-1 byte", "Mozilla/5.0 (Caf\xe9 kiosk)", "Mozilla/5.0 (Caf\uFFFD kiosk)"},
		{"cut at 512 bytes inside a character", "a" + strings.Repeat("é", 300), "a" + strings.Repeat("é", 255)},
		{"exactly 512 bytes", strings.Repeat("é", 256), strings.Repeat("é", 256)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got platform.Client
			h := platform.ClientMiddleware(nil, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				got = platform.ClientFrom(r.Context())
			}))
			r := httptest.NewRequest("GET", "/", nil)
			r.Header.Set("User-Agent", tc.ua)
			h.ServeHTTP(httptest.NewRecorder(), r)
			if got.UserAgent != tc.want || !utf8.ValidString(got.UserAgent) || len(got.UserAgent) > 512 {
				t.Errorf("User-Agent %q kept as %q, want %q", tc.ua, got.UserAgent, tc.want)
			}
		})
	}
}
