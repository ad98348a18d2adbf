package reminders

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"
)

// Outbox is the development stand-in of a provider: each message is one
// JSON file in Dir, read by developers and tests.
type Outbox struct {
	Dir   string
	Clock func() time.Time
}

func (o *Outbox) write(ctx context.Context, v map[string]any) (string, error) {
	id := randomHex(8)
	now := time.Now
	if o.Clock != nil {
		now = o.Clock
	}
	t := now().UTC()
	v["id"] = id
	v["created_at"] = t.Format(time.RFC3339)
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(o.Dir, 0o700); err != nil {
		return "", fmt.Errorf("create outbox: %w", err)
	}
	path := filepath.Join(o.Dir, t.Format("20060102T150405.000000000")+"-"+id+".json")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		return "", fmt.Errorf("write outbox: %w", err)
	}
	slog.InfoContext(ctx, "message written to the dev outbox", "path", path)
	return "outbox-" + id, nil
}

// SMSOutbox writes SMS to KESI_DATA_DIR/outbox/sms/ when KESI_SMS_URL is unset.
type SMSOutbox struct{ Outbox }

// SendSMS implements SMSSender.
func (o *SMSOutbox) SendSMS(ctx context.Context, to, text string) (string, error) {
	return o.write(ctx, map[string]any{"to": to, "text": text})
}

// WhatsAppOutbox writes template messages to KESI_DATA_DIR/outbox/whatsapp/
// when KESI_WHATSAPP_URL is unset.
type WhatsAppOutbox struct {
	Outbox
	Template string
}

// SendWhatsApp implements WhatsAppSender.
func (o *WhatsAppOutbox) SendWhatsApp(ctx context.Context, m WhatsAppMessage) (string, error) {
	return o.write(ctx, map[string]any{"to": m.To, "template": o.Template, "parameters": m.Parameters, "text": m.Text})
}

// NewSMS picks the SMS client for KESI_SMS_URL, or the outbox under dataDir.
func NewSMS(smsURL, dataDir string) (SMSSender, error) {
	if smsURL == "" {
		return &SMSOutbox{Outbox{Dir: filepath.Join(dataDir, "outbox", "sms")}}, nil
	}
	return NewAfricasTalking(smsURL)
}

// NewWhatsApp picks the WhatsApp client for KESI_WHATSAPP_URL, or the outbox.
func NewWhatsApp(waURL, dataDir string) (WhatsAppSender, error) {
	if waURL == "" {
		return &WhatsAppOutbox{Outbox: Outbox{Dir: filepath.Join(dataDir, "outbox", "whatsapp")}, Template: DefaultTemplate}, nil
	}
	return NewCloudAPI(waURL)
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}
