package reminders

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/billing"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/notify"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/predicate"
	"github.com/kesihq/kesi/ent/reminderconsent"
	"github.com/kesihq/kesi/ent/remindersetting"
	"github.com/kesihq/kesi/ent/user"
)

// Service holds the reminders' rules; the store functions alone write its
// tables.
type Service struct {
	db        *ent.Client
	cal       platform.Calendar
	mailer    notify.Mailer
	sms       SMSSender
	whatsapp  WhatsAppSender
	publicURL string
	codeKey   []byte
	// feedKeys key the calendar feed's address: codeKey first, then those
	// of the previous master keys.
	feedKeys [][]byte
	opts     Options
	log      *slog.Logger
	findings ListFindings
}

// Options configure the Service.
type Options struct {
	PublicURL string
	// MasterKey keys the hashes of verification codes and the calendar
	// feed's address; PreviousMasterKeys are the retiring ones
	// (KESI_MASTER_KEY_PREVIOUS), under which a feed made before a key
	// rotation keeps its address.
	MasterKey          []byte
	PreviousMasterKeys [][]byte
	// SMSCallbackToken is what Africa's Talking's callbacks carry as
	// ?token=, since the provider signs nothing; empty, they are refused.
	SMSCallbackToken string
	// WhatsAppAppSecret checks the webhook's X-Hub-Signature-256;
	// WhatsAppVerifyToken answers its GET handshake.
	WhatsAppAppSecret   string
	WhatsAppVerifyToken string
	Log                 *slog.Logger
	// Findings, when set, adds what the cause lists say to the digests.
	Findings ListFindings
}

// NewService builds the Service over its channels.
func NewService(db *ent.Client, cal platform.Calendar, mailer notify.Mailer, sms SMSSender, wa WhatsAppSender, o Options) *Service {
	var keys [][]byte
	for _, k := range append([][]byte{o.MasterKey}, o.PreviousMasterKeys...) {
		mac := hmac.New(sha256.New, k)
		mac.Write([]byte("kesi reminders phone verification"))
		keys = append(keys, mac.Sum(nil))
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	return &Service{
		db: db, cal: cal, mailer: mailer, sms: sms, whatsapp: wa,
		publicURL: strings.TrimRight(o.PublicURL, "/"), codeKey: keys[0], feedKeys: keys, opts: o, log: o.Log,
		findings: o.Findings,
	}
}

// Settings are an advocate's channels and digest times, with the profile's
// phone number and whether it is verified.
type Settings struct {
	Email, SMS, WhatsApp bool
	EveningDigest        bool
	EveningTime          string
	MorningDigest        bool
	MorningTime          string
	Phone                string
	PhoneVerified        bool
	// WhatsAppOptIn: a grant of WhatsApp is on record. Read, never set by
	// UpdateSettings: saving with WhatsApp on records it.
	WhatsAppOptIn bool
}

// Defaults are the settings of an advocate who never changed them: e-mail
// and WhatsApp on (SPEC.md's switch defaults on), both digests on. SMS and
// WhatsApp still wait for a verified number, and WhatsApp for the opt-in
// that saving the settings with it on records: the Cloud API may message a
// person first only after they opted in, and the Data Protection Act wants
// the time of it, so a default nobody confirmed sends nothing.
var Defaults = Settings{Email: true, WhatsApp: true, EveningDigest: true, EveningTime: "18:30", MorningDigest: true, MorningTime: "06:30"}

// profile is what the reminders read of a user.
type profile struct {
	ID       uuid.UUID
	Email    string
	Fullname string
	Phone    string // E.164, "" when the profile's number is missing or unusable
}

// paidAdvocate reports whether u gets reminders at now: a lawyer or moderator
// with paid access (billing's rule). paidAdvocates is the same rule in SQL.
func paidAdvocate(u *ent.User, now time.Time) bool {
	return role.FromUser(u.Role).Subscriber() && billing.Active(u.PaidUntil, now)
}

// paidAdvocates selects the users paidAdvocate admits at now.
func paidAdvocates(now time.Time) predicate.User {
	return user.And(user.RoleIn(user.RoleLawyer, user.RoleModerator), user.PaidUntilGT(now))
}

func (s *Service) profile(ctx context.Context, id uuid.UUID) (profile, error) {
	u, err := s.db.User.Get(ctx, id)
	if ent.IsNotFound(err) {
		return profile{}, errs.Unauthenticated("Please sign in to continue.")
	}
	if err != nil {
		return profile{}, errs.Internal(fmt.Errorf("load user %s: %w", id, err))
	}
	return profileOf(u), nil
}

func profileOf(u *ent.User) profile {
	phone, _ := NormalizePhone(u.PhoneNumber)
	return profile{ID: u.ID, Email: u.Email, Fullname: u.Fullname, Phone: phone}
}

func settingsOf(row *ent.ReminderSetting, p profile, whatsAppOptIn bool) Settings {
	st := Defaults
	if row != nil {
		st = Settings{
			Email: row.Email, SMS: row.Sms, WhatsApp: row.Whatsapp,
			EveningDigest: row.EveningDigest, EveningTime: row.EveningTime,
			MorningDigest: row.MorningDigest, MorningTime: row.MorningTime,
		}
		st.PhoneVerified = p.Phone != "" && row.VerifiedPhone == p.Phone
	}
	st.Phone = p.Phone
	st.WhatsAppOptIn = whatsAppOptIn
	return st
}

// whatsAppOptIns answers which of ids have a WhatsApp opt-in on record. Any
// grant counts while the switch is on: every withdrawal (settings, STOP)
// turns the switch off, and turning it back on records a new grant.
func whatsAppOptIns(ctx context.Context, db *ent.Client, ids ...uuid.UUID) (map[uuid.UUID]bool, error) {
	rows, err := db.ReminderConsent.Query().
		Where(reminderconsent.UserIDIn(ids...), reminderconsent.Subject(WhatsApp), reminderconsent.Granted(true)).
		Select(reminderconsent.FieldUserID).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("load WhatsApp opt-ins: %w", err)
	}
	out := map[uuid.UUID]bool{}
	for _, r := range rows {
		out[r.UserID] = true
	}
	return out, nil
}

// Settings answers the advocate's settings.
func (s *Service) Settings(ctx context.Context, id uuid.UUID) (Settings, error) {
	p, err := s.profile(ctx, id)
	if err != nil {
		return Settings{}, err
	}
	return s.settingsFor(ctx, p)
}

// settingsFor answers the settings of the advocate p: their row (or the
// defaults) and whether a WhatsApp opt-in is on record.
func (s *Service) settingsFor(ctx context.Context, p profile) (Settings, error) {
	row, err := s.settingRow(ctx, p.ID)
	if err != nil {
		return Settings{}, err
	}
	optIns, err := whatsAppOptIns(ctx, s.db, p.ID)
	if err != nil {
		return Settings{}, errs.Internal(err)
	}
	return settingsOf(row, p, optIns[p.ID]), nil
}

func (s *Service) settingRow(ctx context.Context, id uuid.UUID) (*ent.ReminderSetting, error) {
	row, err := s.db.ReminderSetting.Query().Where(remindersetting.UserID(id)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("load reminder settings of %s: %w", id, err))
	}
	return row, nil
}

// ensureRow makes the advocate's settings row with the defaults if it is
// missing, so that later changes are plain updates.
func ensureRow(ctx context.Context, tx *ent.Client, id uuid.UUID) (*ent.ReminderSetting, error) {
	err := tx.ReminderSetting.Create().SetUserID(id).OnConflictColumns(remindersetting.FieldUserID).DoNothing().Exec(ctx)
	if err != nil && !isNoRows(err) {
		return nil, fmt.Errorf("create reminder settings of %s: %w", id, err)
	}
	return tx.ReminderSetting.Query().Where(remindersetting.UserID(id)).Only(ctx)
}

func isNoRows(err error) bool {
	return err != nil && strings.Contains(err.Error(), "no rows in result set")
}

// ValidTime checks an "HH:MM" digest time.
func ValidTime(field, v string) error {
	t, err := time.Parse("15:04", v)
	if err != nil || t.Format("15:04") != v {
		return errs.Invalid(field, "Enter a time as HH:MM, for example 18:30.")
	}
	return nil
}

// UpdateSettings stores the advocate's switches and times. Each switch that
// changes is recorded with its time as consent given or withdrawn.
func (s *Service) UpdateSettings(ctx context.Context, id uuid.UUID, in Settings) (Settings, error) {
	if err := ValidTime("evening_time", in.EveningTime); err != nil {
		return Settings{}, err
	}
	if err := ValidTime("morning_time", in.MorningTime); err != nil {
		return Settings{}, err
	}
	p, err := s.profile(ctx, id)
	if err != nil {
		return Settings{}, err
	}
	var out *ent.ReminderSetting
	optedIn := false
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		row, err := ensureRow(ctx, tx, id)
		if err != nil {
			return err
		}
		optIns, err := whatsAppOptIns(ctx, tx, id)
		if err != nil {
			return err
		}
		// WhatsApp's switch is on by default with no opt-in behind it:
		// saving with it on is the opt-in, recorded as a grant once.
		whatsAppWas := row.Whatsapp
		if in.WhatsApp && !optIns[id] {
			whatsAppWas = false
		}
		optedIn = optIns[id] || in.WhatsApp
		now := s.cal.Now().UTC()
		changes := []struct {
			subject  string
			was, now bool
		}{
			{Email, row.Email, in.Email}, {SMS, row.Sms, in.SMS}, {WhatsApp, whatsAppWas, in.WhatsApp},
			{"evening_digest", row.EveningDigest, in.EveningDigest}, {"morning_digest", row.MorningDigest, in.MorningDigest},
		}
		for _, c := range changes {
			if c.was == c.now {
				continue
			}
			if err := tx.ReminderConsent.Create().SetUserID(id).SetSubject(c.subject).SetGranted(c.now).
				SetSource("settings").SetCreatedAt(now).Exec(ctx); err != nil {
				return fmt.Errorf("record consent: %w", err)
			}
		}
		out, err = row.Update().SetEmail(in.Email).SetSms(in.SMS).SetWhatsapp(in.WhatsApp).
			SetEveningDigest(in.EveningDigest).SetEveningTime(in.EveningTime).
			SetMorningDigest(in.MorningDigest).SetMorningTime(in.MorningTime).
			SetUpdatedAt(now).Save(ctx)
		return err
	})
	if err != nil {
		return Settings{}, errs.Internal(fmt.Errorf("update reminder settings of %s: %w", id, err))
	}
	return settingsOf(out, p, optedIn), nil
}

// Consent is one recorded grant or withdrawal.
type Consent struct {
	Subject string
	Granted bool
	Source  string
	At      time.Time
}

// withdraw turns a channel off for the users of row ids, recording why.
func (s *Service) withdraw(ctx context.Context, userID uuid.UUID, channel, source, detail string) error {
	return platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		row, err := ensureRow(ctx, tx, userID)
		if err != nil {
			return err
		}
		upd := row.Update().SetUpdatedAt(s.cal.Now().UTC())
		switch channel {
		case SMS:
			if !row.Sms {
				return nil
			}
			upd.SetSms(false)
		case WhatsApp:
			if !row.Whatsapp {
				return nil
			}
			upd.SetWhatsapp(false)
		}
		if err := upd.Exec(ctx); err != nil {
			return err
		}
		return tx.ReminderConsent.Create().SetUserID(userID).SetSubject(channel).SetGranted(false).
			SetSource(source).SetDetail(detail).SetCreatedAt(s.cal.Now().UTC()).Exec(ctx)
	})
}
