// Package reminders tells advocates what is on: the evening digest of the
// next court day, the morning digest of today and an alert when a date
// moves, by e-mail, SMS (Africa's Talking) and WhatsApp (the Cloud API),
// each recorded before it is sent so that it goes exactly once; and a
// calendar feed (RFC 5545) for Google Calendar and Outlook.
package reminders

import (
	"context"
	"errors"
	"fmt"
)

// The channels.
const (
	Email    = "email"
	SMS      = "sms"
	WhatsApp = "whatsapp"
)

// SMSSender sends one text message and answers the provider's message id.
type SMSSender interface {
	SendSMS(ctx context.Context, to, text string) (id string, err error)
}

// WhatsAppMessage is one approved template message: its body parameters,
// and the text as the recipient reads it (for the history and the outbox).
type WhatsAppMessage struct {
	To         string // E.164, "+2547..."
	Parameters []string
	Text       string
}

// WhatsAppSender sends one template message and answers its message id.
type WhatsAppSender interface {
	SendWhatsApp(ctx context.Context, m WhatsAppMessage) (id string, err error)
}

// SendError is a provider's refusal. A permanent one (an invalid or
// blacklisted number, no credit on the account) is not retried.
type SendError struct {
	Permanent bool
	Reason    string
}

func (e *SendError) Error() string { return e.Reason }

func permanent(format string, args ...any) error {
	return &SendError{Permanent: true, Reason: fmt.Sprintf(format, args...)}
}

func transient(format string, args ...any) error {
	return &SendError{Reason: fmt.Sprintf(format, args...)}
}

// IsPermanent reports whether err says that retrying cannot help.
func IsPermanent(err error) bool {
	var se *SendError
	return errors.As(err, &se) && se.Permanent
}
