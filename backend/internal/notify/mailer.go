// Package notify sends Kesi's e-mail: password-reset codes today, reminders
// later. A Mailer delivers a Message; SMTP in production, .eml files under
// the data directory in development.
package notify

import (
	"context"
	"fmt"
	"log/slog"
	"net/mail"
	"net/url"
	"path/filepath"
)

// Message is one e-mail with a plain-text and an HTML body.
type Message struct {
	To      string
	Subject string
	Text    string
	HTML    string
}

// Mailer delivers messages.
type Mailer interface {
	Send(ctx context.Context, m Message) error
}

// DefaultFrom is the sender when KESI_SMTP_URL names none.
const DefaultFrom = "Kesi <no-reply@kesi.app>"

// New picks the mailer for the configuration: SMTP when smtpURL is set,
// otherwise files under dataDir/mail so that development needs no server.
func New(smtpURL, dataDir string, log *slog.Logger) (Mailer, error) {
	if smtpURL == "" {
		return &FileMailer{Dir: filepath.Join(dataDir, "mail"), From: DefaultFrom, Log: log}, nil
	}
	m, err := NewSMTP(smtpURL)
	if err != nil {
		return nil, fmt.Errorf("KESI_SMTP_URL: %w", err)
	}
	return m, nil
}

// fromAddress reads the optional ?from= of an SMTP URL.
func fromAddress(u *url.URL) (string, error) {
	from := u.Query().Get("from")
	if from == "" {
		return DefaultFrom, nil
	}
	if _, err := mail.ParseAddress(from); err != nil {
		return "", fmt.Errorf("from %q is not an e-mail address", from)
	}
	return from, nil
}
