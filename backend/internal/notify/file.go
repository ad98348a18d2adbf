package notify

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"time"
)

// FileMailer writes each message as an .eml file in Dir and logs its path:
// the development mailer, and the one tests read codes from.
type FileMailer struct {
	Dir  string
	From string
	Log  *slog.Logger // nil: slog.Default()
}

var unsafeName = regexp.MustCompile(`[^a-zA-Z0-9@._-]+`)

// Send implements Mailer.
func (f *FileMailer) Send(ctx context.Context, m Message) error {
	now := time.Now()
	raw, err := Encode(m, f.From, now)
	if err != nil {
		return fmt.Errorf("encode mail to %s: %w", m.To, err)
	}
	if err := os.MkdirAll(f.Dir, 0o700); err != nil {
		return fmt.Errorf("create mail directory: %w", err)
	}
	name := fmt.Sprintf("%s-%s-%s.eml", now.UTC().Format("20060102T150405.000000000"), unsafeName.ReplaceAllString(m.To, "_"), randomID()[:6])
	path := filepath.Join(f.Dir, name)
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		return fmt.Errorf("write mail to %s: %w", m.To, err)
	}
	log := f.Log
	if log == nil {
		log = slog.Default()
	}
	log.InfoContext(ctx, "mail written (no KESI_SMTP_URL)", "to", m.To, "subject", m.Subject, "path", path)
	return nil
}
