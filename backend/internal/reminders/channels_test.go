package reminders_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kesihq/kesi/backend/internal/reminders"
)

// atServer answers the messaging API as Africa's Talking documents it, with
// the recipient status given.
func atServer(t *testing.T, status int, recipient string) (*httptest.Server, *[]map[string]string) {
	var got []map[string]string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/version1/messaging" {
			http.NotFound(w, r)
			return
		}
		if r.Header.Get("apiKey") != "KEY" || r.Header.Get("Accept") != "application/json" {
			w.WriteHeader(http.StatusUnauthorized)
			io.WriteString(w, "The supplied authentication is invalid")
			return
		}
		r.ParseForm()
		got = append(got, map[string]string{"username": r.Form.Get("username"), "to": r.Form.Get("to"), "message": r.Form.Get("message"), "from": r.Form.Get("from")})
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, recipient)
	}))
	t.Cleanup(srv.Close)
	return srv, &got
}

func atClient(t *testing.T, srv *httptest.Server, key string) *reminders.AfricasTalking {
	c, err := reminders.NewAfricasTalking("africastalking://kesi:" + key + "@" + strings.TrimPrefix(srv.URL, "http://") + "?from=KESI")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func atAnswer(code int, status string) string {
	return `{"SMSMessageData":{"Message":"Sent to 1/1 Total Cost: KES 0.8000","Recipients":[{"statusCode":` +
		itoa(code) + `,"number":"+254711000111","status":"` + status + `","cost":"KES 0.8000","messageId":"ATPid_1"}]}}`
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestAfricasTalking_SendsTheDocumentedForm(t *testing.T) {
	srv, got := atServer(t, http.StatusCreated, atAnswer(101, "Success"))
	id, err := atClient(t, srv, "KEY").SendSMS(context.Background(), "+254711000111", "Kesi: 2 sittings tomorrow")
	if err != nil {
		t.Fatal(err)
	}
	if id != "ATPid_1" {
		t.Fatalf("id %q", id)
	}
	if len(*got) != 1 || (*got)[0]["username"] != "kesi" || (*got)[0]["to"] != "+254711000111" || (*got)[0]["from"] != "KESI" || (*got)[0]["message"] != "Kesi: 2 sittings tomorrow" {
		t.Fatalf("request %v", *got)
	}
}

func TestAfricasTalking_Failures(t *testing.T) {
	for _, tc := range []struct {
		name      string
		status    int
		body      string
		key       string
		permanent bool
		reason    string
	}{
		{"invalid number", 201, atAnswer(403, "InvalidPhoneNumber"), "KEY", true, "InvalidPhoneNumber"},
		{"blacklisted", 201, atAnswer(406, "UserInBlacklist"), "KEY", true, "UserInBlacklist"},
		{"no credit", 201, atAnswer(405, "InsufficientBalance"), "KEY", true, "InsufficientBalance"},
		{"gateway error", 201, atAnswer(501, "GatewayError"), "KEY", false, "GatewayError"},
		{"no recipients", 201, `{"SMSMessageData":{"Message":"InvalidPhoneNumber","Recipients":[]}}`, "KEY", true, "InvalidPhoneNumber"},
		{"bad key", 201, "", "WRONG", true, "401"},
		{"server down", 503, "busy", "KEY", false, "503"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := atServer(t, tc.status, tc.body)
			_, err := atClient(t, srv, tc.key).SendSMS(context.Background(), "+254711000111", "x")
			if err == nil {
				t.Fatal("sent")
			}
			if reminders.IsPermanent(err) != tc.permanent || !strings.Contains(err.Error(), tc.reason) {
				t.Fatalf("err %v (permanent %v), want permanent %v naming %s", err, reminders.IsPermanent(err), tc.permanent, tc.reason)
			}
		})
	}
}

func TestNewAfricasTalking_ReadsTheURL(t *testing.T) {
	c, err := reminders.NewAfricasTalking("africastalking://sandbox:abc@api.sandbox.africastalking.com?from=KESI")
	if err != nil {
		t.Fatal(err)
	}
	if c.BaseURL != "https://api.sandbox.africastalking.com" || c.Username != "sandbox" || c.APIKey != "abc" || c.From != "KESI" {
		t.Fatalf("%+v", c)
	}
	for _, bad := range []string{"http://u:k@h", "africastalking://u@h", "africastalking://:k@h"} {
		if _, err := reminders.NewAfricasTalking(bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

func waServer(t *testing.T, status int, answer string) (*httptest.Server, *[]map[string]any) {
	var got []map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v23.0/PNID/messages" || r.Header.Get("Authorization") != "Bearer TOKEN" {
			w.WriteHeader(http.StatusUnauthorized)
			io.WriteString(w, `{"error":{"message":"Invalid OAuth access token.","type":"OAuthException","code":190}}`)
			return
		}
		var m map[string]any
		json.NewDecoder(r.Body).Decode(&m)
		got = append(got, m)
		w.WriteHeader(status)
		io.WriteString(w, answer)
	}))
	t.Cleanup(srv.Close)
	return srv, &got
}

func TestCloudAPI_SendsTheTemplate(t *testing.T) {
	srv, got := waServer(t, 200, `{"messaging_product":"whatsapp","contacts":[{"input":"254711000111","wa_id":"254711000111"}],"messages":[{"id":"wamid.ABC"}]}`)
	c, err := reminders.NewCloudAPI("whatsapp://TOKEN@" + strings.TrimPrefix(srv.URL, "http://") + "/v23.0/PNID?template=kesi_daily_sittings&lang=en")
	if err != nil {
		t.Fatal(err)
	}
	id, err := c.SendWhatsApp(context.Background(), reminders.WhatsAppMessage{To: "+254711000111", Parameters: []string{"Tomorrow", "09:00 X"}})
	if err != nil || id != "wamid.ABC" {
		t.Fatalf("id %q err %v", id, err)
	}
	b, _ := json.Marshal((*got)[0])
	want := `{"messaging_product":"whatsapp","template":{"components":[{"parameters":[{"text":"Tomorrow","type":"text"},{"text":"09:00 X","type":"text"}],"type":"body"}],"language":{"code":"en"},"name":"kesi_daily_sittings"},"to":"254711000111","type":"template"}`
	if string(b) != want {
		t.Fatalf("payload\n%s\nwant\n%s", b, want)
	}
}

func TestCloudAPI_Failures(t *testing.T) {
	for _, tc := range []struct {
		name      string
		token     string
		status    int
		answer    string
		permanent bool
	}{
		{"not a WhatsApp number", "TOKEN", 400, `{"error":{"message":"(#131026) Message undeliverable","code":131026}}`, true},
		{"payment issue", "TOKEN", 400, `{"error":{"message":"(#131042) Business eligibility payment issue","code":131042}}`, true},
		{"rate limited", "TOKEN", 400, `{"error":{"message":"(#130429) Rate limit hit","code":130429}}`, false},
		{"bad token", "WRONG", 0, "", true},
		{"server error", "TOKEN", 500, `{}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := waServer(t, tc.status, tc.answer)
			c, _ := reminders.NewCloudAPI("whatsapp://" + tc.token + "@" + strings.TrimPrefix(srv.URL, "http://") + "/v23.0/PNID")
			_, err := c.SendWhatsApp(context.Background(), reminders.WhatsAppMessage{To: "+254711000111", Parameters: []string{"a", "b"}})
			if err == nil || reminders.IsPermanent(err) != tc.permanent {
				t.Fatalf("err %v, want permanent %v", err, tc.permanent)
			}
		})
	}
}

func TestOutboxes_WriteOneFilePerMessage(t *testing.T) {
	dir := t.TempDir()
	sms, _ := reminders.NewSMS("", dir)
	wa, _ := reminders.NewWhatsApp("", dir)
	if _, err := sms.SendSMS(context.Background(), "+254711000111", "hello"); err != nil {
		t.Fatal(err)
	}
	if _, err := wa.SendWhatsApp(context.Background(), reminders.WhatsAppMessage{To: "+254711000111", Parameters: []string{"a", "b"}, Text: "a: b"}); err != nil {
		t.Fatal(err)
	}
	for sub, keys := range map[string][]string{"sms": {"to", "text", "created_at"}, "whatsapp": {"to", "template", "parameters", "text", "created_at"}} {
		paths, _ := filepath.Glob(filepath.Join(dir, "outbox", sub, "*.json"))
		if len(paths) != 1 {
			t.Fatalf("%s: %d files", sub, len(paths))
		}
		raw, _ := os.ReadFile(paths[0])
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		for _, k := range keys {
			if _, ok := m[k]; !ok {
				t.Errorf("%s outbox lacks %s: %s", sub, k, raw)
			}
		}
	}
}
