package app

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/platform"
)

// logRequests writes one structured line per request, naming the user
// once noteUser, deeper in, has learnt who it is.
func logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		r = r.WithContext(platform.WithUserSlot(r.Context()))
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		if r.URL.Path == "/healthz" || r.URL.Path == "/readyz" {
			return
		}
		level := slog.LevelInfo
		if rec.status >= 500 {
			level = slog.LevelError
		}
		slog.LogAttrs(r.Context(), level, "http",
			slog.String("method", r.Method),
			slog.String("path", loggedPath(r.URL.Path)),
			slog.Int("status", rec.status),
			slog.Int64("bytes", rec.bytes),
			slog.Duration("took", time.Since(start)),
		)
	})
}

// calendarPrefix starts the path of a calendar feed, whose file name is the
// feed's secret token.
const calendarPrefix = "/calendar/"

// loggedPath is the path as logs and traces may keep it: a calendar feed's
// token is left out, since anyone who reads it reads the advocate's diary.
func loggedPath(path string) string {
	if strings.HasPrefix(path, calendarPrefix) {
		return calendarPrefix + "{file}"
	}
	return path
}

// noteUser tells the access log who the authenticated caller is.
func noteUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, ok := auth.PrincipalFrom(r.Context()); ok {
			platform.SetUser(r.Context(), p.UserID.String())
		}
		next.ServeHTTP(w, r)
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
	wrote  bool
}

func (r *statusRecorder) WriteHeader(code int) {
	if !r.wrote {
		r.status, r.wrote = code, true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	r.wrote = true
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

// Flush lets streaming responses (document downloads, gRPC streams) flush.
func (r *statusRecorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// contentSecurityPolicy keeps the web app to its own scripts and styles.
// object-src and base-uri are 'none': Kesi embeds no plugins and sets no
// <base>, so an injected one cannot load a plugin or redirect relative URLs.
const contentSecurityPolicy = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-src 'self' blob:; object-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'self' https://checkout.paystack.com"

// permissionsPolicy turns off the browser features Kesi never uses, so that
// injected content cannot use them either.
const permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), browsing-topics=()"

// pagePolicy is contentSecurityPolicy allowing, beside the app's own files,
// the inline scripts whose hashes are given (web.Handler.InlineScripts) and
// no other.
func pagePolicy(inlineScripts []string) string {
	if len(inlineScripts) == 0 {
		return contentSecurityPolicy
	}
	return contentSecurityPolicy + "; script-src 'self' " + strings.Join(inlineScripts, " ")
}

// securityHeaders sets the headers every response should carry; hsts adds
// Strict-Transport-Security (the public URL is https). The pages' policy
// allows the inline scripts whose hashes are given.
func securityHeaders(hsts bool, inlineScripts []string, next http.Handler) http.Handler {
	// The headers are built once, for pages and for the two doors, and their
	// values put into each response's header map as they are: Header.Set
	// would allocate a new slice per header per request. Sharing a value is
	// safe: it has length and capacity one, so Set replaces it and Add
	// appends to a copy, and nothing writes into a header's slice.
	page, api := http.Header{}, http.Header{}
	for _, h := range []http.Header{page, api} {
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("Permissions-Policy", permissionsPolicy)
		if hsts {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
	}
	// Answers are one person's data: no cache, shared or private, keeps them.
	api.Set("Cache-Control", "no-store")
	page.Set("Content-Security-Policy", pagePolicy(inlineScripts))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		set := page
		if isAPI(r.URL.Path) {
			set = api
		}
		h := w.Header()
		for k, v := range set {
			h[k] = v
		}
		next.ServeHTTP(w, r)
	})
}

// isAPI reports whether path is one of the two doors rather than the web app.
func isAPI(path string) bool {
	return strings.HasPrefix(path, "/api/") || strings.HasPrefix(path, "/kesi.v1.") ||
		strings.HasPrefix(path, "/grpc.")
}

// Messages of refused cross-site writes.
const (
	MsgCrossSite       = "Cross-site requests are not allowed."
	MsgJSONOnly        = "Send the request body as application/json."
	MsgMultipartOnly   = "Upload files as multipart/form-data."
	MsgConnectOnly     = "Send the request as Connect or gRPC (application/json or application/proto)."
	uploadPath         = "/api/files/upload"
	causeListPath      = "/api/cause-lists"
	webhookPath        = "/api/payment/webhook"
	devPrefix          = "/dev/"
	connectErrorFormat = `{"code":%q,"message":%q}`
)

// guardWrites refuses state-changing requests another site could make a
// browser send. On the REST door the body must be JSON (multipart for
// uploads): an HTML form or a "simple" fetch cannot send that without the
// browser asking first, and Kesi answers no CORS preflight. The Connect
// door's handlers refuse content types other than Connect's own. And a
// browser's request must come from Kesi's own pages: Sec-Fetch-Site:
// same-origin, or Origin the public URL's. Requests with neither header
// come from programs (curl, grpcurl), which carry no ambient credentials;
// one that carries cookies anyway is refused. A bearer token (the browser
// extension) is no ambient credential either. Sign-in is
// guarded like every other write, against login CSRF. A wrong content type
// is refused with 403, as a cross-site origin is (issue 14: "else 403"):
// both are the same refusal of a request Kesi's pages never send. On the
// Connect door the guard refuses the types a cross-site form or simple
// fetch can send; any other unknown type gets connect-go's 415, which no
// page on another site can reach without a CORS preflight Kesi never grants.
func guardWrites(publicOrigin string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			next.ServeHTTP(w, r)
			return
		}
		// Paystack's signed webhook comes from Paystack's servers; the dev
		// fake checkout posts its own form and does not exist in production.
		if r.URL.Path == webhookPath || strings.HasPrefix(r.URL.Path, devPrefix) {
			next.ServeHTTP(w, r)
			return
		}
		if strings.HasPrefix(r.URL.Path, "/api/") {
			want, msg := "application/json", MsgJSONOnly
			if r.URL.Path == uploadPath || r.URL.Path == causeListPath {
				want, msg = "multipart/form-data", MsgMultipartOnly
			}
			if !hasMediaType(r, want) {
				refuse(w, r, http.StatusForbidden, "permission_denied", msg)
				return
			}
		} else if isAPI(r.URL.Path) && formType(r) {
			refuse(w, r, http.StatusForbidden, "permission_denied", MsgConnectOnly)
			return
		}
		if !fromOwnPages(r, publicOrigin) {
			refuse(w, r, http.StatusForbidden, "permission_denied", MsgCrossSite)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// hasMediaType reports whether r's body is of media type want. A request
// with no body at all needs no type.
func hasMediaType(r *http.Request, want string) bool {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return r.ContentLength == 0
	}
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && mt == want
}

// formType reports whether r's body has a type an HTML form or a "simple"
// cross-origin fetch may send without a preflight (an unparseable type too).
func formType(r *http.Request) bool {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return false
	}
	mt, _, err := mime.ParseMediaType(ct)
	return err != nil || mt == "text/plain" || mt == "application/x-www-form-urlencoded" || mt == "multipart/form-data"
}

// fromOwnPages reports whether r, if a browser sent it, came from a page of
// publicOrigin.
func fromOwnPages(r *http.Request, publicOrigin string) bool {
	// A page can set Authorization on a cross-origin request only after a
	// CORS preflight, which Kesi never grants: such a request was not forged
	// by another site. The browser extension calls this way, from its own
	// chrome-extension:// origin.
	if r.Header.Get("Authorization") != "" {
		return true
	}
	site := r.Header.Get("Sec-Fetch-Site")
	if site == "same-origin" {
		return true
	}
	if origin := r.Header.Get("Origin"); origin != "" {
		return origin == publicOrigin
	}
	if site != "" {
		return false // a browser: cross-site, same-site or none
	}
	return r.Header.Get("Cookie") == ""
}

// refuse answers in the door's error shape: {"message"} on the REST door,
// a Connect error elsewhere.
func refuse(w http.ResponseWriter, r *http.Request, status int, code, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if strings.HasPrefix(r.URL.Path, "/api/") {
		json.NewEncoder(w).Encode(map[string]string{"message": message})
		return
	}
	fmt.Fprintf(w, connectErrorFormat, code, message)
}
