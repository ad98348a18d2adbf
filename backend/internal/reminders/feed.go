package reminders

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/remindersetting"
)

// FeedPast is how far back the calendar feed reaches.
const FeedPast = 30

// SittingLength is the length a sitting is given in calendars: courts do not
// announce an end.
const SittingLength = time.Hour

func feedToken(key []byte, userID uuid.UUID, nonce string) string {
	mac := hmac.New(sha256.New, key)
	fmt.Fprintf(mac, "calendar|%s|%s", userID, nonce)
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

func (s *Service) feedURL(token string) string { return s.publicURL + "/calendar/" + token + ".ics" }

// CalendarFeed answers the advocate's feed URL, making the feed on first
// call. It answers "" for a feed made under a master key since retired: its
// address cannot be made again, but the calendars subscribed to it keep
// working, so only the advocate's ResetCalendarFeed replaces it.
func (s *Service) CalendarFeed(ctx context.Context, userID uuid.UUID) (string, error) {
	return s.calendarFeed(ctx, userID, false)
}

// ResetCalendarFeed gives the feed a new URL; the old one answers 404.
func (s *Service) ResetCalendarFeed(ctx context.Context, userID uuid.UUID) (string, error) {
	return s.calendarFeed(ctx, userID, true)
}

func (s *Service) calendarFeed(ctx context.Context, userID uuid.UUID, reset bool) (string, error) {
	var token string
	err := platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		row, err := ensureRow(ctx, tx, userID)
		if err != nil {
			return err
		}
		// The address the calendars are subscribed to: made under the
		// current master key or, until a rotation ends, a previous one.
		// Under none (a retired key), it cannot be shown again, and is kept.
		if row.CalendarNonce != "" && row.CalendarTokenHash != nil && !reset {
			for _, key := range s.feedKeys {
				if t := feedToken(key, userID, row.CalendarNonce); tokenHash(t) == *row.CalendarTokenHash {
					token = t
					return nil
				}
			}
			return nil
		}
		nonce := randomHex(16)
		token = feedToken(s.codeKey, userID, nonce)
		return row.Update().SetCalendarNonce(nonce).SetCalendarTokenHash(tokenHash(token)).SetUpdatedAt(s.cal.Now().UTC()).Exec(ctx)
	})
	if err != nil {
		return "", errs.Internal(fmt.Errorf("calendar feed of %s: %w", userID, err))
	}
	if token == "" {
		return "", nil
	}
	return s.feedURL(token), nil
}

// Feed answers the iCalendar text of the feed whose token is given, or a
// not-found error for an unknown or replaced token.
func (s *Service) Feed(ctx context.Context, token string) ([]byte, error) {
	notFound := errs.NotFound("No such calendar.")
	if token == "" || len(token) > 100 {
		return nil, notFound
	}
	row, err := s.db.ReminderSetting.Query().Where(remindersetting.CalendarTokenHash(tokenHash(token))).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, notFound
	}
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("find calendar: %w", err))
	}
	u, err := s.db.User.Get(ctx, row.UserID)
	if ent.IsNotFound(err) {
		return nil, notFound
	}
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("load calendar owner: %w", err))
	}
	// A lapsed subscription's feed goes quiet as its digests do; paying again
	// brings it back at the same address.
	if !paidAdvocate(u, s.cal.Now()) {
		return nil, notFound
	}
	ss, err := cases.SittingsFrom(ctx, s.db, u.ID, s.cal.Today().AddDays(-FeedPast))
	if err != nil {
		return nil, errs.Internal(err)
	}
	return Calendar(ss, s.cal.Now(), s.publicURL), nil
}

// caseURL is the web app's page of a case, which reads the case number,
// slashes and all, from one path segment (not the case's internal id).
func caseURL(publicURL, caseNumber string) string {
	return publicURL + "/cases/" + url.PathEscape(caseNumber)
}

// vtimezone describes Africa/Nairobi: EAT, UTC+3, no daylight saving.
const vtimezone = "BEGIN:VTIMEZONE\r\nTZID:Africa/Nairobi\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n" +
	"TZOFFSETFROM:+0300\r\nTZOFFSETTO:+0300\r\nTZNAME:EAT\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"

// Calendar writes sittings as an RFC 5545 calendar: one VEVENT each, with a
// stable UID, in Nairobi time, or all day when the time is unknown.
func Calendar(ss []cases.CaseSitting, now time.Time, publicURL string) []byte {
	var b strings.Builder
	w := func(name, value string) { b.WriteString(fold(name + ":" + value)) }
	b.WriteString("BEGIN:VCALENDAR\r\n")
	w("VERSION", "2.0")
	w("PRODID", "-//Kesi//Court diary//EN")
	w("CALSCALE", "GREGORIAN")
	w("METHOD", "PUBLISH")
	w("X-WR-CALNAME", "Kesi court diary")
	w("X-WR-TIMEZONE", "Africa/Nairobi")
	b.WriteString(vtimezone)
	stamp := now.UTC().Format("20060102T150405Z")
	for _, s := range ss {
		b.WriteString("BEGIN:VEVENT\r\n")
		w("UID", s.ID.String()+"@kesi.app")
		w("DTSTAMP", stamp)
		day := s.Date.In(time.UTC)
		if t, err := time.Parse("15:04", s.Time); err == nil {
			w("DTSTART;TZID=Africa/Nairobi", day.Format("20060102")+"T"+t.Format("1504")+"00")
			w("DURATION", "PT1H")
		} else {
			w("DTSTART;VALUE=DATE", day.Format("20060102"))
			w("DTEND;VALUE=DATE", day.AddDate(0, 0, 1).Format("20060102"))
		}
		activity := s.Activity
		if activity == "" {
			activity = "Sitting"
		}
		w("SUMMARY", escapeText(activity+" - "+s.CaseNumber))
		if s.Court != "" {
			w("LOCATION", escapeText(s.Court))
		}
		var desc []string
		if s.Parties != "" {
			desc = append(desc, "Parties: "+s.Parties)
		}
		if s.LastOutcome != "" {
			desc = append(desc, "Last outcome: "+s.LastOutcome)
		}
		if len(desc) > 0 {
			w("DESCRIPTION", escapeText(strings.Join(desc, "\n")))
		}
		w("URL", caseURL(publicURL, s.CaseNumber))
		b.WriteString("END:VEVENT\r\n")
	}
	b.WriteString("END:VCALENDAR\r\n")
	return []byte(b.String())
}

// escapeText escapes a TEXT value (RFC 5545 3.3.11).
func escapeText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\\`)
		case ';':
			b.WriteString(`\;`)
		case ',':
			b.WriteString(`\,`)
		case '\n':
			b.WriteString(`\n`)
		case '\r', 0:
		default:
			if r < 0x20 && r != '\t' || r == 0x7f {
				continue // control characters (DEL too) are not allowed in TEXT
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// fold writes a content line folded at 75 octets (RFC 5545 3.1), never
// inside a UTF-8 sequence, ending in CRLF.
func fold(line string) string {
	var b strings.Builder
	n := 0
	for _, r := range line {
		size := len(string(r))
		if n+size > 75 {
			b.WriteString("\r\n ")
			n = 1
		}
		b.WriteRune(r)
		n += size
	}
	b.WriteString("\r\n")
	return b.String()
}
