package gateway

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

// FuzzDecode: whatever the body, decode either reads it or answers 400 or
// 413 with a JSON {"message"}; never a 500, never a panic.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"fullname":"Mary"}`, `{"fullname":null}`, "\xef\xbb\xbf{}", `{"a":1}{"b":2}`, `{"fullname":"\xff"}`, `[`, ``, ` `, `null`, `"x"`, `{"fullname":"\ud800"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		w := httptest.NewRecorder()
		r := httptest.NewRequest(http.MethodPost, "/api/auth/update-user-info", bytes.NewReader(body))
		var in struct {
			Fullname    *string `json:"fullname"`
			PhoneNumber *string `json:"phone_number"`
		}
		if decode(w, r, &in) {
			if w.Code != http.StatusOK || w.Body.Len() != 0 {
				t.Fatalf("decode read %q and wrote %d %s", body, w.Code, w.Body)
			}
			return
		}
		if w.Code != http.StatusBadRequest && w.Code != http.StatusRequestEntityTooLarge {
			t.Fatalf("decode of %q answered %d", body, w.Code)
		}
		var m map[string]string
		if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil || m["message"] == "" {
			t.Fatalf("decode of %q answered %s", body, w.Body)
		}
	})
}
