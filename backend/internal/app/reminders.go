package app

import (
	"context"
	"log/slog"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/causelists"
	"github.com/kesihq/kesi/backend/internal/notify"
	"github.com/kesihq/kesi/backend/internal/reminders"
	"github.com/kesihq/kesi/ent/civil"
)

// newReminders builds the reminders over the configured channels: Africa's
// Talking and the WhatsApp Cloud API when their URLs are set, otherwise the
// dev outboxes under the data directory. The digests tell what the cause
// lists say through lists.
func newReminders(a *App, mailer notify.Mailer, lists *causelists.Service) (*reminders.Service, error) {
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
		PreviousMasterKeys:  a.Config.PreviousMasterKeys,
		SMSCallbackToken:    a.Config.SMSCallbackToken,
		WhatsAppAppSecret:   a.Config.WhatsAppAppSecret,
		WhatsAppVerifyToken: a.Config.WhatsAppVerifyToken,
		Log:                 slog.Default(),
		Findings:            ListFindings(lists),
	}), nil
}

// ListFindings lets the reminders read the cause-list check's findings
// without importing it: reminders defines what it needs, causelists stays
// the only reader of its tables.
func ListFindings(lists *causelists.Service) reminders.ListFindings {
	return listFindings{lists}
}

type listFindings struct{ lists *causelists.Service }

func (l listFindings) Covers(ctx context.Context, day civil.Date) (bool, error) {
	return l.lists.Covers(ctx, day)
}

func (l listFindings) Findings(ctx context.Context, owner uuid.UUID, day civil.Date) ([]reminders.Finding, error) {
	ms, err := l.lists.Matches(ctx, owner, day, day)
	if err != nil {
		return nil, err
	}
	out := make([]reminders.Finding, 0, len(ms))
	for _, m := range ms {
		f := reminders.Finding{CaseRef: m.CaseID, CaseNumber: m.Number, Station: causelists.Station(m.Row.Court)}
		switch m.Kind {
		case causelists.Listed:
			f.Kind = reminders.FindingListed
		case causelists.NewDate:
			f.Kind = reminders.FindingNewDate
		case causelists.NotListed:
			f.Kind = reminders.FindingNotListed
		default:
			continue
		}
		if m.Kind != causelists.NotListed {
			f.Activity, f.Time, f.CourtRoom, f.VirtualLink = m.Row.Activity, m.Row.Time, m.Row.CourtRoom, m.Row.VirtualLink
		}
		out = append(out, f)
	}
	return out, nil
}
