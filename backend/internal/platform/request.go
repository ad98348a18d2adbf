package platform

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

type clientKey struct{}

// Client is who is calling, as far as the network tells.
type Client struct {
	IP        string
	UserAgent string
}

// WithClient records the caller's address and user agent in ctx.
func WithClient(ctx context.Context, c Client) context.Context {
	return context.WithValue(ctx, clientKey{}, c)
}

// ClientFrom is the caller recorded by WithClient, or the zero Client.
func ClientFrom(ctx context.Context) Client {
	c, _ := ctx.Value(clientKey{}).(Client)
	return c
}

// ClientMiddleware records each request's client in its context. The
// client's address is the peer's, unless the peer is one of the trusted
// proxies: then it is the rightmost X-Forwarded-For entry that is not a
// trusted proxy. Entries further left are written by the client and can say
// anything. The User-Agent is read once, here, as cleanUserAgent makes it.
func ClientMiddleware(trusted []netip.Prefix, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ip := ClientAddress(r.RemoteAddr, r.Header.Values("X-Forwarded-For"), trusted)
		ua := cleanUserAgent(r.UserAgent())
		next.ServeHTTP(w, r.WithContext(WithClient(r.Context(), Client{IP: ip, UserAgent: ua})))
	})
}

// maxUserAgent is the most bytes of a User-Agent kept.
const maxUserAgent = 512

// cleanUserAgent is ua as valid UTF-8 of at most maxUserAgent bytes.
// net/http accepts any byte from 0x80 up in a header, and Postgres refuses
// text that is not UTF-8: a sign-in that stores such a User-Agent would
// fail. A cut falls between characters, never inside one.
func cleanUserAgent(ua string) string {
	ua = strings.ToValidUTF8(ua, "\uFFFD")
	if len(ua) > maxUserAgent {
		ua = strings.ToValidUTF8(ua[:maxUserAgent], "") // the cut character's first bytes go
	}
	return ua
}

// ClientAddress is the client's address of a request from peer (host:port)
// with the X-Forwarded-For header values forwarded, given the trusted proxies.
func ClientAddress(peer string, forwarded []string, trusted []netip.Prefix) string {
	host, _, err := net.SplitHostPort(peer)
	if err != nil {
		host = peer
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	addr = addr.Unmap()
	if !isTrusted(addr, trusted) {
		return addr.String()
	}
	var hops []string
	for _, v := range forwarded {
		hops = append(hops, strings.Split(v, ",")...)
	}
	for i := len(hops) - 1; i >= 0; i-- {
		hop, ok := parseHop(hops[i])
		if !ok {
			// Only a client writes garbage: the nearest trusted hop is
			// all that is known.
			break
		}
		addr = hop
		if !isTrusted(addr, trusted) {
			break
		}
	}
	return addr.String()
}

// parseHop reads one X-Forwarded-For entry: an address, perhaps with a port.
func parseHop(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap(), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap(), true
	}
	return netip.Addr{}, false
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
