package app

import (
	"log/slog"

	"github.com/kesihq/kesi/backend/internal/notify"
	"github.com/kesihq/kesi/backend/internal/reminders"
)

// newReminders builds the reminders over the configured channels: Africa's
// Talking and the WhatsApp Cloud API when their URLs are set, otherwise the
// dev outboxes under the data directory.
func newReminders(a *App, mailer notify.Mailer) (*reminders.Service, error) {
	sms, err := reminders.NewSMS(a.Config.SMSURL, a.Config.DataDir)
	if err != nil {
		return nil, err
	}
	wa, err := reminders.NewWhatsApp(a.Config.WhatsAppURL, a.Config.DataDir)
	if err != nil {
		return nil, err
	}
	return reminders.NewService(a.DB.Client, a.Calendar, mailer, sms, wa, reminders.Options{
		PublicURL:           a.Config.PublicURL.String(),
		MasterKey:           a.Config.MasterKey,
		WhatsAppAppSecret:   a.Config.WhatsAppAppSecret,
		WhatsAppVerifyToken: a.Config.WhatsAppVerifyToken,
		Log:                 slog.Default(),
	}), nil
}
