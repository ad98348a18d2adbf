// Package gateway is the REST door: the documented /api paths of SPEC.md
// section 7. Each route decodes the documented JSON into a proto request,
// calls the same Connect handler the Connect door serves (in process, after
// the same authorization), and encodes the documented shape. No business
// rule lives here.
package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"regexp"
	"strings"
	"unicode/utf8"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/input"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// Services are the Connect handlers the gateway calls.
type Services struct {
	Auth      kesiv1connect.AuthServiceHandler
	Cases     kesiv1connect.CaseServiceHandler
	Clients   kesiv1connect.ClientServiceHandler
	Documents kesiv1connect.DocumentServiceHandler
	Billing   kesiv1connect.BillingServiceHandler
	Affiliate kesiv1connect.AffiliateServiceHandler
}

// Raw are the routes whose bodies are not JSON: file upload and download,
// the payment webhook. Their handlers live in their domain's package and the
// gateway only mounts them under their documented paths.
type Raw struct {
	Upload   http.Handler // POST /api/files/upload
	Download http.Handler // GET /api/files/download/{documentID}
	Webhook  http.Handler // POST /api/payment/webhook
}

// Gateway serves /api.
type Gateway struct {
	authz *auth.Authorizer
	svc   Services
	mux   *http.ServeMux
}

// New builds the REST door.
func New(authz *auth.Authorizer, svc Services, raw Raw) *Gateway {
	g := &Gateway{authz: authz, svc: svc, mux: http.NewServeMux()}
	g.authRoutes()
	g.caseRoutes()
	g.clientRoutes()
	g.fileRoutes(raw)
	g.billingRoutes(raw)
	g.affiliateRoutes()
	g.mux.HandleFunc("/api/", g.notFound)
	return g
}

// methods are the methods a route may be mounted for, in the order Allow lists them.
var methods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

// notFound answers a request no route took: 405 with the methods the path
// takes when some route has it under another method, else 404.
func (g *Gateway) notFound(w http.ResponseWriter, r *http.Request) {
	var allow []string
	for _, m := range methods {
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := g.mux.Handler(probe); pattern != "" && pattern != "/api/" && pattern != "/api/account/" {
			allow = append(allow, m)
		}
	}
	if len(allow) > 0 {
		w.Header().Set("Allow", strings.Join(allow, ", "))
		writeMessage(w, http.StatusMethodNotAllowed, "Method not allowed: "+r.Method+" "+r.URL.Path+"; use "+strings.Join(allow, " or ")+".")
		return
	}
	writeMessage(w, http.StatusNotFound, "Not found: "+r.Method+" "+r.URL.Path)
}

func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	g.mux.ServeHTTP(w, r)
}

// handle mounts a route; pattern is a net/http pattern such as "GET /api/cases".
func (g *Gateway) handle(pattern string, h http.HandlerFunc) { g.mux.HandleFunc(pattern, h) }

// call runs a Connect handler method in process, after the authorization
// the Connect door applies to procedure. Request headers (cookies,
// Authorization) go in and response headers (Set-Cookie) come out, so a
// handler behaves the same through either door. On failure it writes the
// error and answers nil.
func call[Req, Res any](g *Gateway, w http.ResponseWriter, r *http.Request, procedure string,
	fn func(context.Context, *connect.Request[Req]) (*connect.Response[Res], error), msg *Req,
) *Res {
	ctx := r.Context()
	if err := g.authz.Authorize(ctx, procedure); err != nil {
		writeError(w, r, err)
		return nil
	}
	// The same check of the text fields as the Connect door's interceptor.
	if pm, ok := any(msg).(proto.Message); ok {
		if err := input.Check(pm); err != nil {
			writeError(w, r, err)
			return nil
		}
	}
	req := connect.NewRequest(msg)
	for k, v := range r.Header {
		req.Header()[k] = v
	}
	res, err := fn(ctx, req)
	if err != nil {
		writeError(w, r, err)
		return nil
	}
	for k, v := range res.Header() {
		w.Header()[k] = append(w.Header()[k], v...)
	}
	return res.Msg
}

var errTrailingData = errors.New("data after the JSON value")

// jsonKey finds the object keys of a JSON text.
var jsonKey = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"\s*:`)

// fieldAt names the JSON key nearest before the first invalid UTF-8 byte of
// body: the field that holds it, in all but contrived bodies.
func fieldAt(body []byte) string {
	bad := 0
	for bad < len(body) {
		r, size := utf8.DecodeRune(body[bad:])
		if r == utf8.RuneError && size <= 1 {
			break
		}
		bad += size
	}
	keys := jsonKey.FindAllSubmatch(body[:bad], -1)
	if len(keys) == 0 {
		return "body"
	}
	return string(keys[len(keys)-1][1])
}

// maxJSONBody caps a JSON request body; no documented call needs more.
const maxJSONBody = 1 << 20

// decode reads a JSON body into v. An empty body leaves v as it is. The
// body is one JSON value: anything after it is refused, so that what Kesi
// reads is all that was sent.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxJSONBody))
	if err != nil {
		if strings.Contains(err.Error(), "request body too large") {
			writeMessage(w, http.StatusRequestEntityTooLarge, "Request body is too large.")
		} else {
			writeMessage(w, http.StatusBadRequest, "Request body could not be read.")
		}
		return false
	}
	// encoding/json would quietly turn invalid UTF-8 into U+FFFD: refuse it,
	// naming the field, as the Connect door does.
	if !utf8.Valid(body) {
		field := fieldAt(body)
		writeFieldError(w, http.StatusBadRequest, fmt.Sprintf(input.MsgBadUTF8, field), field)
		return false
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return true
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	err = dec.Decode(v)
	if err == nil {
		if _, terr := dec.Token(); !errors.Is(terr, io.EOF) {
			err = errTrailingData
			if terr != nil && strings.Contains(terr.Error(), "request body too large") {
				err = terr
			}
		}
	}
	var typeErr *json.UnmarshalTypeError
	switch {
	case err == nil, errors.Is(err, io.EOF):
		return true
	case strings.Contains(err.Error(), "request body too large"):
		writeMessage(w, http.StatusRequestEntityTooLarge, "Request body is too large.")
	case errors.As(err, &typeErr):
		// Valid JSON, but a value of the wrong type: name the field.
		field := typeErr.Field
		if field == "" {
			field = "body"
		}
		writeFieldError(w, http.StatusBadRequest, fmt.Sprintf("%s must be %s.", field, jsonKind(typeErr.Type)), field)
	default:
		writeMessage(w, http.StatusBadRequest, "Request body must be valid JSON.")
	}
	return false
}

// jsonKind is how a message names the JSON value a Go type reads.
func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "text"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list"
	default:
		return "a number"
	}
}

// writeJSON answers v with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		slog.Warn("write json response", "err", err)
	}
}

// writeMessage answers {"message": message}, the error shape SPEC.md's client reads.
func writeMessage(w http.ResponseWriter, status int, message string) {
	writeJSON(w, status, map[string]string{"message": message})
}

// writeFieldError answers {"message", "field"}: the input field at fault.
func writeFieldError(w http.ResponseWriter, status int, message, field string) {
	writeJSON(w, status, map[string]string{"message": message, "field": field})
}

// writeError maps an error from a handler or the authorizer to an HTTP
// status and a message fit for a person.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	status, message := HTTPError(r.Context(), err)
	if e, ok := errs.As(err); ok && e.Kind == errs.KindInvalid && e.Field != "" {
		writeFieldError(w, status, message, e.Field)
		return
	}
	writeMessage(w, status, message)
}

// HTTPError is the HTTP status and the message for err: the domain kind
// where it decides a status of its own (402, 413, 429), else connect-go's
// table from Connect code to HTTP status. Internal errors are logged and
// shown as "internal error".
func HTTPError(ctx context.Context, err error) (int, string) {
	err = errs.Classify(ctx, err)
	if e, ok := errs.As(err); ok {
		switch e.Kind {
		case errs.KindInsufficientStorage:
			return http.StatusInsufficientStorage, e.Message
		case errs.KindSubscriptionRequired:
			return http.StatusPaymentRequired, e.Message
		case errs.KindTooLarge:
			return http.StatusRequestEntityTooLarge, e.Message
		case errs.KindTooManyRequests:
			return http.StatusTooManyRequests, e.Message
		}
	}
	ce := new(connect.Error)
	if !errors.As(errs.ToConnect(ctx, err), &ce) {
		return http.StatusInternalServerError, "internal error"
	}
	return httpStatus(ce.Code()), ce.Message()
}

// httpStatus is connect-go's mapping from Connect codes to HTTP statuses
// (protocol_connect.go, connectCodeToHTTP).
func httpStatus(code connect.Code) int {
	switch code {
	case connect.CodeCanceled:
		return 499
	case connect.CodeUnknown:
		return http.StatusInternalServerError
	case connect.CodeInvalidArgument:
		return http.StatusBadRequest
	case connect.CodeDeadlineExceeded:
		return http.StatusGatewayTimeout
	case connect.CodeNotFound:
		return http.StatusNotFound
	case connect.CodeAlreadyExists:
		return http.StatusConflict
	case connect.CodePermissionDenied:
		return http.StatusForbidden
	case connect.CodeResourceExhausted:
		return http.StatusTooManyRequests
	case connect.CodeFailedPrecondition:
		return http.StatusBadRequest
	case connect.CodeAborted:
		return http.StatusConflict
	case connect.CodeOutOfRange:
		return http.StatusBadRequest
	case connect.CodeUnimplemented:
		return http.StatusNotImplemented
	case connect.CodeInternal:
		return http.StatusInternalServerError
	case connect.CodeUnavailable:
		return http.StatusServiceUnavailable
	case connect.CodeDataLoss:
		return http.StatusInternalServerError
	case connect.CodeUnauthenticated:
		return http.StatusUnauthorized
	default:
		return http.StatusInternalServerError
	}
}
