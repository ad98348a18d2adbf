package app_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/migrate"
)

// texts are the generated inputs: name, text, and whether every door must
// refuse it with 400.
type text struct {
	name    string
	s       string
	refused bool
}

func texts(r *rand.Rand) []text {
	multibyte := []rune("ñéü漢字😀\u202e\u0645")
	var mb strings.Builder
	for range 600 {
		mb.WriteRune(multibyte[r.IntN(len(multibyte))])
	}
	nulAt := r.IntN(20)
	return []text{
		{"multibyte", mb.String(), false},
		{"huge", strings.Repeat("x", 200_000), false},
		{"NUL", strings.Repeat("a", nulAt) + "\x00" + "b", true},
		{"invalid UTF-8", "ok" + string([]byte{0xff, 0xfe, byte(0x80 + r.IntN(0x40))}), true},
		{"lone continuation", "\x80abc", true},
		{"bidi and control", "a\u202eb\u0007c\r\n", false},
	}
}

// rows counts every table's rows but the ones a refused request may write
// by design (the limiter's counters and the audit log).
func rows(t *testing.T, srv *testkit.Server) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, tbl := range migrate.Tables {
		if tbl.Name == "rate_limits" || tbl.Name == "audit_events" {
			continue
		}
		var n int
		if err := srv.App.DB.SQL.QueryRow("SELECT COUNT(*) FROM " + tbl.Name).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out[tbl.Name] = n
	}
	return out
}

func sameRows(a, b map[string]int) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// protoBody is a binary request message with every top-level string field
// set to s, written field by field so that invalid UTF-8 goes out as is.
func protoBody(md protoreflect.MessageDescriptor, s string) []byte {
	var b []byte
	fields := md.Fields()
	for i := range fields.Len() {
		fd := fields.Get(i)
		if fd.Kind() != protoreflect.StringKind || fd.IsMap() {
			continue
		}
		b = protowire.AppendTag(b, fd.Number(), protowire.BytesType)
		b = protowire.AppendString(b, s)
	}
	return b
}

// TestGeneratedTextAtEveryWriteCall throws generated text at every call of
// both doors: no answer is a 5xx, NUL and invalid UTF-8 are refused with 400
// naming a field, and a refused call writes nothing.
func TestGeneratedTextAtEveryWriteCall(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, map[string]string{"KESI_RATE_LIMIT_PER_ACCOUNT": "100000", "KESI_RATE_LIMIT_PER_ADDRESS": "100000"})
		lawyer := srv.Lawyer(t)
		r := rand.New(rand.NewPCG(14, uint64(len(e))))
		send := func(req *http.Request) *testkit.Response {
			t.Helper()
			return lawyer.Send(t, req)
		}
		check := func(door, call string, tx text, res *testkit.Response, before map[string]int) {
			t.Helper()
			if res.Status >= 500 {
				t.Errorf("%s %s with %s text: %d %.200s", door, call, tx.name, res.Status, res.Body)
			}
			if !tx.refused {
				return
			}
			// 401/403/404 may come first (auth, another's data); past those, 400.
			if res.Status != 400 && res.Status != 401 && res.Status != 403 && res.Status != 404 && res.Status != 429 {
				t.Errorf("%s %s with %s text: %d %.200s, want it refused", door, call, tx.name, res.Status, res.Body)
			}
			if after := rows(t, srv); !sameRows(before, after) {
				t.Errorf("%s %s with %s text wrote rows: %v -> %v", door, call, tx.name, before, after)
			}
		}

		for _, proc := range app.Procedures() {
			parts := strings.Split(strings.TrimPrefix(proc, "/"), "/")
			sd, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(parts[0]))
			if err != nil {
				t.Fatal(err)
			}
			md := sd.(protoreflect.ServiceDescriptor).Methods().ByName(protoreflect.Name(parts[1]))
			if md.IsStreamingClient() || md.IsStreamingServer() {
				continue
			}
			for _, tx := range texts(r) {
				before := rows(t, srv)
				msg := protoBody(md.Input(), tx.s)
				if len(msg) == 0 {
					tx.refused = false // no text field to refuse
				}
				req, _ := http.NewRequest("POST", srv.URL+proc, bytes.NewReader(msg))
				req.Header.Set("Content-Type", "application/proto")
				res := send(req)
				check("Connect", proc, tx, res, before)
				if tx.refused && res.Status == 400 && !strings.Contains(string(res.Body), "UTF-8") && !strings.Contains(string(res.Body), "NUL") {
					t.Errorf("Connect %s with %s text: %s, want a message about the text", proc, tx.name, res.Body)
				}
			}
		}

		restWrites := []struct {
			method, path string
			keys         []string
		}{
			{"POST", "/api/auth/register", []string{"fullname", "email", "password", "phone_number", "referral_code"}},
			{"POST", "/api/auth/login", []string{"email", "password"}},
			{"POST", "/api/auth/update-user-info", []string{"fullname", "phone_number"}},
			{"POST", "/api/auth/request-password-reset", []string{"email"}},
			{"POST", "/api/auth/change-password", []string{"email", "reset_code", "new_password"}},
			{"PUT", "/api/auth/notification-preferences", nil},
			{"POST", "/api/payment/initialize", []string{"planId"}},
			{"POST", "/api/payment/verify", []string{"reference"}},
			{"PATCH", "/api/cases-needing-update/mark-updated", []string{"caseId", "case_id"}},
			{"DELETE", "/api/cases/x", nil},
		}
		for _, w := range restWrites {
			for _, tx := range texts(r) {
				// JSON escapes NUL (\u0000) and cannot spell invalid UTF-8:
				// those bytes go raw into the body.
				var body bytes.Buffer
				body.WriteString("{")
				for i, k := range w.keys {
					if i > 0 {
						body.WriteString(",")
					}
					kb, _ := json.Marshal(k)
					body.Write(kb)
					body.WriteString(":")
					if tx.name == "NUL" {
						vb, _ := json.Marshal(tx.s)
						body.Write(vb)
					} else {
						body.WriteString(`"` + strings.ReplaceAll(strings.ReplaceAll(tx.s, `\`, `\\`), `"`, `\"`) + `"`)
					}
				}
				body.WriteString("}")
				before := rows(t, srv)
				req, _ := http.NewRequest(w.method, srv.URL+w.path, &body)
				req.Header.Set("Content-Type", "application/json")
				res := send(req)
				call := fmt.Sprintf("%s %s", w.method, w.path)
				if len(w.keys) == 0 {
					tx.refused = false // nothing to refuse
				}
				check("REST", call, tx, res, before)
				if tx.refused && res.Status == 400 {
					var m struct{ Message, Field string }
					json.Unmarshal(res.Body, &m)
					if m.Field == "" && !strings.Contains(m.Message, "JSON") {
						t.Errorf("REST %s with %s text: %s, want the field named", call, tx.name, res.Body)
					}
				}
			}
		}
	})
}
