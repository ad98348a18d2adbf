package notify

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"strings"
	"time"
)

// Encode writes m as an RFC 5322 message from from, dated at date, with a
// multipart/alternative body (plain text first, then HTML) so that every
// mail client shows one of them.
func Encode(m Message, from string, date time.Time) ([]byte, error) {
	if _, err := mail.ParseAddress(m.To); err != nil {
		return nil, fmt.Errorf("recipient %q: %w", m.To, err)
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		return nil, fmt.Errorf("subject contains a line break")
	}
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	headers := []struct{ k, v string }{
		{"From", from},
		{"To", m.To},
		{"Subject", mime.QEncoding.Encode("utf-8", m.Subject)},
		{"Date", date.Format(time.RFC1123Z)},
		{"Message-ID", "<" + randomID() + "@kesi.app>"},
		{"MIME-Version", "1.0"},
		{"Content-Type", `multipart/alternative; boundary="` + mw.Boundary() + `"`},
	}
	var head bytes.Buffer
	for _, h := range headers {
		fmt.Fprintf(&head, "%s: %s\r\n", h.k, h.v)
	}
	head.WriteString("\r\n")
	for _, part := range []struct{ typ, body string }{
		{"text/plain; charset=utf-8", m.Text},
		{"text/html; charset=utf-8", m.HTML},
	} {
		w, err := mw.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {part.typ},
			"Content-Transfer-Encoding": {"quoted-printable"},
		})
		if err != nil {
			return nil, err
		}
		qp := quotedprintable.NewWriter(w)
		if _, err := qp.Write([]byte(crlf(part.body))); err != nil {
			return nil, err
		}
		if err := qp.Close(); err != nil {
			return nil, err
		}
	}
	if err := mw.Close(); err != nil {
		return nil, err
	}
	return append(head.Bytes(), buf.Bytes()...), nil
}

// crlf makes every line end in CRLF, as RFC 5322 requires.
func crlf(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
}

func randomID() string {
	b := make([]byte, 12)
	rand.Read(b)
	return hex.EncodeToString(b)
}
