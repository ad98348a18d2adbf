package notify_test

import (
	"context"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/notify"
)

func resetMail(t *testing.T) notify.Message {
	t.Helper()
	m, err := notify.ResetCodeMessage(notify.ResetCode{
		To: "achieng@example.co.ke", Fullname: "Achieng <Otieno>", Code: "012345", Minutes: 10, LoginURL: "https://kesi.app/login",
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestResetCodeMessage_PlainAndHTML(t *testing.T) {
	m := resetMail(t)
	if !strings.Contains(m.Text, "\nYour Kesi reset code is 012345\n") {
		t.Fatalf("plain text lacks the code line:\n%s", m.Text)
	}
	if !strings.Contains(m.Text, "expires in 10 minutes") || !strings.Contains(m.Text, "advocates in Kenya") {
		t.Fatalf("plain text:\n%s", m.Text)
	}
	if !strings.Contains(m.HTML, "012345") || strings.Contains(m.HTML, "<Otieno>") || !strings.Contains(m.HTML, "&lt;Otieno&gt;") {
		t.Fatalf("HTML must carry the code and escape the name:\n%s", m.HTML)
	}
}

func TestFileMailer_WritesAParseableMultipartMessage(t *testing.T) {
	dir := t.TempDir()
	mailer, err := notify.New("", dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := mailer.Send(context.Background(), resetMail(t)); err != nil {
		t.Fatal(err)
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "mail", "*.eml"))
	if len(paths) != 1 {
		t.Fatalf("%d .eml files, want 1", len(paths))
	}
	raw, _ := os.ReadFile(paths[0])
	msg, err := mail.ReadMessage(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	if msg.Header.Get("To") != "achieng@example.co.ke" || msg.Header.Get("From") != notify.DefaultFrom || msg.Header.Get("Message-ID") == "" {
		t.Fatalf("headers %v", msg.Header)
	}
	if _, err := msg.Header.Date(); err != nil {
		t.Fatalf("Date: %v", err)
	}
	typ, params, _ := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if typ != "multipart/alternative" {
		t.Fatalf("Content-Type %s", typ)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	var types []string
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(p)
		types = append(types, strings.SplitN(p.Header.Get("Content-Type"), ";", 2)[0])
		if !strings.Contains(string(body), "012345") {
			t.Errorf("part %s lacks the code", p.Header.Get("Content-Type"))
		}
	}
	if strings.Join(types, ",") != "text/plain,text/html" {
		t.Fatalf("parts %v, want plain then HTML", types)
	}
}

func TestEncode_RefusesHeaderInjection(t *testing.T) {
	for _, m := range []notify.Message{
		{To: "a@example.co.ke\r\nBcc: x@evil.example", Subject: "s"},
		{To: "a@example.co.ke", Subject: "s\r\nBcc: x@evil.example"},
	} {
		if _, err := notify.Encode(m, notify.DefaultFrom, time.Now()); err == nil {
			t.Errorf("encoded %q", m)
		}
	}
}

func TestNewSMTP_ReadsTheURL(t *testing.T) {
	m, err := notify.NewSMTP("smtp://user:pa%40ss@mail.example.co.ke?from=Kesi%20%3Cno-reply%40example.co.ke%3E")
	if err != nil {
		t.Fatal(err)
	}
	if m.Addr != "mail.example.co.ke:587" || m.From != "Kesi <no-reply@example.co.ke>" || m.Auth == nil || !m.RequireTLS {
		t.Fatalf("%+v", m)
	}
	if m, _ := notify.NewSMTP("smtp://127.0.0.1:2525"); m == nil || m.RequireTLS || m.Auth != nil {
		t.Fatalf("loopback server: %+v", m)
	}
	for _, bad := range []string{"http://mail.example", "smtp://", "smtp://h?from=nobody"} {
		if _, err := notify.NewSMTP(bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}
