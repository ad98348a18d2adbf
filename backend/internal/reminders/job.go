package reminders

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/courtdays"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/remindermessage"
	"github.com/kesihq/kesi/ent/remindersetting"
	"github.com/kesihq/kesi/ent/user"
)

// DigestWindow is how long after its time a digest may still go out, so
// that a server down at 18:30 sends it at 18:40, but never at midnight.
const DigestWindow = 3 * time.Hour

type atKey struct{}

// WithAt makes the job run as if the time were t (`kesi jobs run reminders
// --at RFC3339`).
func WithAt(ctx context.Context, t time.Time) context.Context {
	return context.WithValue(ctx, atKey{}, t)
}

// Job is the `reminders` job: every minute, record the digests that have
// come due, then send every message due. Each message's key is unique, so a
// rerun, a second server or a restart never sends one twice.
func (s *Service) Job(ctx context.Context) error {
	now := s.cal.Now()
	if t, ok := ctx.Value(atKey{}).(time.Time); ok {
		now = t
	}
	if err := s.RecordDigests(ctx, now); err != nil {
		return err
	}
	return s.SendDue(ctx)
}

// due reports whether a digest set for hhmm is due at local time now: on or
// after it, and within DigestWindow of it on the same day.
func due(now time.Time, hhmm string) bool {
	t, err := time.Parse("15:04", hhmm)
	if err != nil {
		return false
	}
	at := time.Date(now.Year(), now.Month(), now.Day(), t.Hour(), t.Minute(), 0, 0, now.Location())
	return !now.Before(at) && now.Before(at.Add(DigestWindow))
}

// RecordDigests records, for every advocate whose digest time has come at
// now, the evening digest of the next court day (on a Friday evening,
// Monday's; public holidays skipped) and the morning digest of today, on
// each chosen channel. Nothing is recorded when nothing is on. The key
// names the day the digest is about, so Monday's list goes out once, on
// Friday evening, and not again on Saturday or Sunday.
func (s *Service) RecordDigests(ctx context.Context, now time.Time) error {
	local := now.In(s.cal.Location)
	today := civil.DateOf(local)
	for _, d := range []struct {
		kind string
		day  civil.Date
	}{{KindMorning, today}, {KindEvening, courtdays.Next(today)}} {
		ss, err := cases.SittingsOn(ctx, s.db, d.day)
		if err != nil {
			return err
		}
		byOwner := map[uuid.UUID][]cases.CaseSitting{}
		var owners []uuid.UUID
		for _, x := range ss {
			if byOwner[x.Owner] == nil {
				owners = append(owners, x.Owner)
			}
			byOwner[x.Owner] = append(byOwner[x.Owner], x)
		}
		// A cause list may list a matter on a day the advocate's diary is
		// empty: then every advocate is asked about, not only those with
		// sittings.
		covered := false
		if s.findings != nil {
			if covered, err = s.findings.Covers(ctx, d.day); err != nil {
				return fmt.Errorf("cause lists of %s: %w", d.day, err)
			}
		}
		if covered {
			all, err := s.db.User.Query().Where(paidAdvocates(now)).IDs(ctx)
			if err != nil {
				return fmt.Errorf("list advocates: %w", err)
			}
			for _, id := range all {
				if byOwner[id] == nil {
					owners = append(owners, id)
				}
			}
		}
		for chunk := range chunks(owners, 500) {
			users, err := s.db.User.Query().Where(user.IDIn(chunk...), paidAdvocates(now)).All(ctx)
			if err != nil {
				return fmt.Errorf("load advocates: %w", err)
			}
			rows, err := s.db.ReminderSetting.Query().Where(remindersetting.UserIDIn(chunk...)).All(ctx)
			if err != nil {
				return fmt.Errorf("load reminder settings: %w", err)
			}
			byUser := map[uuid.UUID]*ent.ReminderSetting{}
			for _, r := range rows {
				byUser[r.UserID] = r
			}
			optIns, err := whatsAppOptIns(ctx, s.db, chunk...)
			if err != nil {
				return err
			}
			// A digest recorded on every channel at an earlier run is not
			// worked out again: the cause-list check costs queries for each
			// advocate, and the job runs every minute of the window. A
			// channel turned on within the window still gets it.
			sent, err := s.db.ReminderMessage.Query().
				Where(remindermessage.UserIDIn(chunk...), remindermessage.Kind(d.kind), remindermessage.Day(d.day.String())).
				Select(remindermessage.FieldUserID, remindermessage.FieldChannel).All(ctx)
			if err != nil {
				return fmt.Errorf("load recorded digests: %w", err)
			}
			done := map[uuid.UUID]map[string]bool{}
			for _, m := range sent {
				if done[m.UserID] == nil {
					done[m.UserID] = map[string]bool{}
				}
				done[m.UserID][m.Channel] = true
			}
			for _, u := range users {
				p := profileOf(u)
				st := settingsOf(byUser[u.ID], p, optIns[u.ID])
				on, at := st.MorningDigest, st.MorningTime
				if d.kind == KindEvening {
					on, at = st.EveningDigest, st.EveningTime
				}
				if !on || !due(local, at) || recorded(done[u.ID], channelsOf(p, st)) {
					continue
				}
				var fs []Finding
				if covered {
					if fs, err = s.findings.Findings(ctx, u.ID, d.day); err != nil {
						return fmt.Errorf("cause-list findings of %s: %w", u.ID, err)
					}
				}
				if len(byOwner[u.ID]) == 0 && !hasNewDate(fs) {
					continue // nothing on
				}
				dg := digestFor(d.kind, today, d.day, byOwner[u.ID], fs, s.publicURL+"/calendar")
				if err := s.recordAll(ctx, p, st, d.kind, d.day.String(), d.kind, dg, now); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// recordAll records one digest or alert on each channel the advocate chose
// and can receive: SMS and WhatsApp only to a verified number.
func (s *Service) recordAll(ctx context.Context, p profile, st Settings, kind, day, keyPart string, dg Digest, now time.Time) error {
	type ch struct {
		name, to, subject, text string
	}
	var chs []ch
	for _, c := range channelsOf(p, st) {
		switch c {
		case Email:
			chs = append(chs, ch{Email, p.Email, dg.Subject, dg.EmailText(p.Fullname)})
		case SMS:
			chs = append(chs, ch{SMS, p.Phone, "", dg.SMSText()})
		case WhatsApp:
			chs = append(chs, ch{WhatsApp, p.Phone, "", WhatsAppText(dg.WhatsAppParameters())})
		}
	}
	for _, c := range chs {
		key := fmt.Sprintf("%s|%s|%s|%s", p.ID, keyPart, day, c.name)
		if _, err := s.record(ctx, outgoing{UserID: p.ID, Kind: kind, Day: day, Channel: c.name, Key: key, Recipient: c.to, Subject: c.subject, Text: c.text}, s.cal.Now().UTC()); err != nil {
			return err
		}
	}
	return nil
}

// DateMoved is called by the paths that move a sitting's date without the
// advocate doing it (an import from the judiciary portal, a cause-list
// adoption): it records an alert on each of the advocate's channels and
// sends it at once. Moves wholly in the past say nothing. A second call for
// the same sitting and new date sends nothing more.
func (s *Service) DateMoved(ctx context.Context, sit cases.CaseSitting, from civil.Date) error {
	now := s.cal.Now()
	today := s.cal.Today()
	if sit.Date == from || (sit.Date.Before(today) && from.Before(today)) {
		return nil
	}
	u, err := s.db.User.Get(ctx, sit.Owner)
	if err != nil {
		return fmt.Errorf("load advocate %s: %w", sit.Owner, err)
	}
	// Alerts, like the digests, are for paid access: an SMS to a lapsed
	// subscription is a cost the advocate no longer pays for.
	if !paidAdvocate(u, now) {
		return nil
	}
	p := profileOf(u)
	st, err := s.settingsFor(ctx, p)
	if err != nil {
		return err
	}
	title := fmt.Sprintf("Date changed: %s %s moved from %s to %s", sit.CaseNumber, sit.Activity, dayLabel(from), dayLabel(sit.Date))
	if from.IsZero() {
		title = fmt.Sprintf("New date: %s %s on %s", sit.CaseNumber, sit.Activity, dayLabel(sit.Date))
	}
	dg := Digest{Title: oneLine(title), Subject: "Kesi - " + oneLine(title), Lines: []string{sittingLine(sit)}, Link: caseURL(s.publicURL, sit.CaseNumber)}
	keyPart := KindDateChange + "|" + sit.ID.String()
	if err := s.recordAll(ctx, p, st, KindDateChange, sit.Date.String(), keyPart, dg, now); err != nil {
		return err
	}
	// At once, not at the next minute's run; a failure is left to the job's
	// retries.
	pending, err := s.db.ReminderMessage.Query().
		Where(remindermessage.UserID(u.ID), remindermessage.Kind(KindDateChange), remindermessage.Status(StatusPending)).All(ctx)
	if err != nil {
		return fmt.Errorf("list alerts of %s: %w", u.ID, err)
	}
	for _, m := range pending {
		_ = s.deliver(ctx, m)
	}
	return nil
}

// channelsOf names the channels the advocate chose and can receive: SMS and
// WhatsApp only to a verified number, WhatsApp only with an opt-in on record.
func channelsOf(p profile, st Settings) []string {
	var out []string
	if st.Email && p.Email != "" {
		out = append(out, Email)
	}
	if st.SMS && st.PhoneVerified {
		out = append(out, SMS)
	}
	if st.WhatsApp && st.WhatsAppOptIn && st.PhoneVerified {
		out = append(out, WhatsApp)
	}
	return out
}

func recorded(done map[string]bool, channels []string) bool {
	for _, c := range channels {
		if !done[c] {
			return false
		}
	}
	return true
}

func hasNewDate(fs []Finding) bool {
	for _, f := range fs {
		if f.Kind == FindingNewDate {
			return true
		}
	}
	return false
}

func chunks(ids []uuid.UUID, n int) func(func([]uuid.UUID) bool) {
	return func(yield func([]uuid.UUID) bool) {
		for len(ids) > 0 {
			k := min(n, len(ids))
			if !yield(ids[:k]) {
				return
			}
			ids = ids[k:]
		}
	}
}
