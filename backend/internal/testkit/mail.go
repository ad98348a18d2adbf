package testkit

import (
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// Mail is one message the dev mailer wrote under KESI_DATA_DIR/mail.
type Mail struct {
	Path    string
	To      string
	Subject string
	Text    string
	HTML    string
}

// Mails reads every message written to to (all messages when to is
// empty), oldest first, once the mails the server sends after answering
// (reset codes) are written.
func (s *Server) Mails(t testing.TB, to string) []Mail {
	t.Helper()
	s.WaitMails()
	paths, err := filepath.Glob(filepath.Join(s.DataDir, "mail", "*.eml"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths) // names start with the time they were written
	var out []Mail
	for _, p := range paths {
		m := readMail(t, p)
		if to == "" || strings.EqualFold(m.To, to) {
			out = append(out, m)
		}
	}
	return out
}

// WaitMails returns once every mail the server began sending after an
// answer (a reset code is mailed after the request has been answered) is
// written or has failed.
func (s *Server) WaitMails() { s.App.Auth.WaitBackground() }

// WaitMail waits for the mails in flight and answers the latest one to to,
// failing the test when there is none.
func (s *Server) WaitMail(t testing.TB, to string) Mail {
	t.Helper()
	mails := s.Mails(t, to)
	if len(mails) == 0 {
		t.Fatalf("no mail was sent to %s", to)
	}
	return mails[len(mails)-1]
}

var resetCodeLine = regexp.MustCompile(`Your Kesi reset code is (\d{6})`)

// ResetCode is the code in the latest reset mail sent to to.
func (s *Server) ResetCode(t testing.TB, to string) string {
	t.Helper()
	last := s.WaitMail(t, to)
	m := resetCodeLine.FindStringSubmatch(last.Text)
	if m == nil {
		t.Fatalf("the last mail to %s has no reset code:\n%s", to, last.Text)
	}
	return m[1]
}

func readMail(t testing.TB, path string) Mail {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	msg, err := mail.ReadMessage(f)
	if err != nil {
		t.Fatalf("%s is not an RFC 5322 message: %v", path, err)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		t.Fatalf("%s: subject: %v", path, err)
	}
	out := Mail{Path: path, To: msg.Header.Get("To"), Subject: subject}
	mediaType, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || !strings.HasPrefix(mediaType, "multipart/") {
		t.Fatalf("%s: want a multipart message, got %q (%v)", path, mediaType, err)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		part, err := mr.NextPart() // decodes quoted-printable
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		body, err := io.ReadAll(part)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		switch {
		case strings.HasPrefix(part.Header.Get("Content-Type"), "text/plain"):
			out.Text = string(body)
		case strings.HasPrefix(part.Header.Get("Content-Type"), "text/html"):
			out.HTML = string(body)
		}
	}
	return out
}
