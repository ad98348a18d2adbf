package platform_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/kesihq/kesi/backend/internal/platform"
)

func TestRequestIDOnTheAnswerAndEveryLogLine(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(platform.LogHandler{Handler: slog.NewJSONHandler(&buf, nil)})
	h := platform.RequestIDMiddleware(platform.ClientMiddleware(nil, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.InfoContext(r.Context(), "inside")
	})))
	for _, tc := range []struct{ name, sent, want string }{
		{"none sent: a new one", "", ""},
		{"a load balancer's", "lb-4f2a.9", "lb-4f2a.9"},
		{"a header injection attempt is replaced", "x\r\nSet-Cookie: a=b", ""},
	} {
		buf.Reset()
		req := httptest.NewRequest(http.MethodGet, "/api/cases", nil)
		req.RemoteAddr = "196.201.214.1:5555"
		if tc.sent != "" {
			req.Header["X-Request-Id"] = []string{tc.sent}
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		got := rec.Header().Get("X-Request-Id")
		if got == "" || (tc.want != "" && got != tc.want) || (tc.want == "" && got == tc.sent) {
			t.Errorf("%s: X-Request-Id %q", tc.name, got)
		}
		var line struct{ RequestID, Client string }
		var raw map[string]any
		if err := json.Unmarshal(buf.Bytes(), &raw); err != nil {
			t.Fatalf("%s: log line %q: %v", tc.name, buf.String(), err)
		}
		line.RequestID, _ = raw["request_id"].(string)
		line.Client, _ = raw["client"].(string)
		if line.RequestID != got || line.Client != "196.201.214.1" {
			t.Errorf("%s: the log line has request_id %q client %q, want %q and the client", tc.name, line.RequestID, line.Client, got)
		}
	}
}
