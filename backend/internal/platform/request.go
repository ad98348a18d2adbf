package platform

import (
	"context"
	"net"
	"net/http"
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

// ClientMiddleware records each request's client in its context. With
// trustProxy the first X-Forwarded-For address is the client's, as set by the
// load balancer in front of Kesi.
func ClientMiddleware(trustProxy bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ip, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			ip = r.RemoteAddr
		}
		if trustProxy {
			if fwd := r.Header.Get("X-Forwarded-For"); fwd != "" {
				ip = strings.TrimSpace(strings.Split(fwd, ",")[0])
			}
		}
		ua := r.UserAgent()
		if len(ua) > 512 {
			ua = ua[:512]
		}
		next.ServeHTTP(w, r.WithContext(WithClient(r.Context(), Client{IP: ip, UserAgent: ua})))
	})
}
