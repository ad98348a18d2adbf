package reminders_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/notify"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/reminders"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/reminderconsent"
	"github.com/kesihq/kesi/ent/remindermessage"
	"github.com/kesihq/kesi/ent/user"
)

// fakeSMS and fakeWhatsApp stand in for the providers and count what they
// were asked to send; fail, when set, answers the next sends.
type fakeSMS struct {
	mu   sync.Mutex
	sent []string // "to|text"
	fail []error
}

func (f *fakeSMS) SendSMS(_ context.Context, to, text string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.fail) > 0 {
		err := f.fail[0]
		f.fail = f.fail[1:]
		return "", err
	}
	f.sent = append(f.sent, to+"|"+text)
	return fmt.Sprintf("ATPid_%d", len(f.sent)), nil
}

func (f *fakeSMS) texts() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.sent...)
}

type fakeWhatsApp struct {
	mu   sync.Mutex
	sent []reminders.WhatsAppMessage
	fail []error
}

func (f *fakeWhatsApp) SendWhatsApp(_ context.Context, m reminders.WhatsAppMessage) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.fail) > 0 {
		err := f.fail[0]
		f.fail = f.fail[1:]
		return "", err
	}
	f.sent = append(f.sent, m)
	return fmt.Sprintf("wamid.%d", len(f.sent)), nil
}

func (f *fakeWhatsApp) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.sent)
}

type fixture struct {
	db      *ent.Client
	clock   *testkit.Clock
	svc     *reminders.Service
	sms     *fakeSMS
	wa      *fakeWhatsApp
	mailDir string
}

const secret = "app-secret"

func newFixture(t *testing.T, db *ent.Client) *fixture {
	t.Helper()
	f := &fixture{db: db, clock: testkit.NewClock(testkit.DefaultNow), sms: &fakeSMS{}, wa: &fakeWhatsApp{}, mailDir: t.TempDir()}
	f.svc = f.service()
	return f
}

// service is another server's Service over the same database and providers.
func (f *fixture) service() *reminders.Service {
	cal := platform.Calendar{Clock: f.clock, Location: testkit.Nairobi}
	mailer := &notify.FileMailer{Dir: f.mailDir, From: notify.DefaultFrom}
	return reminders.NewService(f.db, cal, mailer, f.sms, f.wa, reminders.Options{
		PublicURL: "https://kesi.example", MasterKey: []byte("0123456789abcdef0123456789abcdef"),
		WhatsAppAppSecret: secret, WhatsAppVerifyToken: "verify-me", SMSCallbackToken: atToken,
	})
}

// serviceWith is the Service of a server started with these master keys:
// KESI_MASTER_KEY, then KESI_MASTER_KEY_PREVIOUS.
func (f *fixture) serviceWith(key []byte, previous ...[]byte) *reminders.Service {
	cal := platform.Calendar{Clock: f.clock, Location: testkit.Nairobi}
	mailer := &notify.FileMailer{Dir: f.mailDir, From: notify.DefaultFrom}
	return reminders.NewService(f.db, cal, mailer, f.sms, f.wa, reminders.Options{
		PublicURL: "https://kesi.example", MasterKey: key, PreviousMasterKeys: previous,
		WhatsAppAppSecret: secret, WhatsAppVerifyToken: "verify-me", SMSCallbackToken: atToken,
	})
}

func (f *fixture) lawyer(t *testing.T, phone string) *ent.User {
	t.Helper()
	u, err := f.db.User.Create().SetEmail("adv-" + uuid.NewString()[:8] + "@example.co.ke").SetFullname("Wanjiru Kamau").
		SetPhoneNumber(phone).SetPasswordHash("!").SetRole(user.RoleLawyer).
		SetPaidUntil(f.clock.Now().Add(365 * 24 * time.Hour)).Save(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func (f *fixture) sitting(t *testing.T, owner uuid.UUID, caseNo string, day civil.Date, hhmm, kind string) *ent.Activity {
	t.Helper()
	ctx := context.Background()
	c, err := f.db.CourtCase.Create().SetOwnerID(owner).SetCaseID(caseNo).SetParties("Otieno v Kamau").
		SetLawCourt("Milimani CM Court 3").SetActivityDate(day).Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	a, err := f.db.Activity.Create().SetOwnerID(owner).SetCaseRef(c.ID).SetActivity(kind).SetActivityDate(day).SetTime(hhmm).Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func (f *fixture) at(t *testing.T, s string) {
	t.Helper()
	tm, err := time.ParseInLocation("2006-01-02 15:04", s, testkit.Nairobi)
	if err != nil {
		t.Fatal(err)
	}
	f.clock.Set(tm)
}

func (f *fixture) run(t *testing.T) {
	t.Helper()
	if err := f.svc.Job(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) messages(t *testing.T, u *ent.User) []*ent.ReminderMessage {
	t.Helper()
	ms, err := f.db.ReminderMessage.Query().Where(remindermessage.UserID(u.ID), remindermessage.KindNEQ(reminders.KindVerification)).Order(ent.Asc(remindermessage.FieldCreatedAt), ent.Asc(remindermessage.FieldChannel)).All(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

func (f *fixture) mails(t *testing.T) []string {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(f.mailDir, "*.eml"))
	var out []string
	for _, p := range paths {
		b, _ := os.ReadFile(p)
		out = append(out, string(b))
	}
	return out
}

// verify proves the lawyer's number with the code the fake SMS received.
func (f *fixture) verify(t *testing.T, u *ent.User) {
	t.Helper()
	ctx := context.Background()
	if _, _, err := f.svc.StartPhoneVerification(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	texts := f.sms.texts()
	code := codeIn(t, texts[len(texts)-1])
	st, err := f.svc.ConfirmPhoneVerification(ctx, u.ID, code)
	if err != nil {
		t.Fatal(err)
	}
	if !st.PhoneVerified {
		t.Fatalf("not verified: %+v", st)
	}
}

func codeIn(t *testing.T, sms string) string {
	t.Helper()
	i := strings.Index(sms, "code is ")
	if i < 0 {
		t.Fatalf("no code in %q", sms)
	}
	return sms[i+8 : i+14]
}

func d(s string) civil.Date {
	x, err := civil.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return x
}

func TestDigests_ThroughANairobiDay(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := newFixture(t, testkit.OpenDB(t, e).Client)
		u := f.lawyer(t, "0712 345 678")
		// Thursday 16 January 2025: three sittings, entered out of order.
		f.sitting(t, u.ID, "MCCC/E3574/2022", d("2025-01-16"), "11:00", "Hearing")
		f.sitting(t, u.ID, "HCCC/E12/2023", d("2025-01-16"), "", "Ruling")
		f.sitting(t, u.ID, "ELC/E7/2024", d("2025-01-16"), "09:00", "Mention")

		f.at(t, "2025-01-15 18:29")
		f.run(t)
		if n := len(f.messages(t, u)); n != 0 {
			t.Fatalf("%d messages at 18:29, want none", n)
		}
		f.at(t, "2025-01-15 18:30")
		f.run(t)
		f.at(t, "2025-01-15 18:31")
		f.run(t) // the next minute's run sends nothing more
		ms := f.messages(t, u)
		if len(ms) != 1 || ms[0].Kind != reminders.KindEvening || ms[0].Channel != reminders.Email || ms[0].Status != reminders.StatusSent || ms[0].Day != "2025-01-16" {
			t.Fatalf("evening: %+v", ms)
		}
		text := ms[0].Text
		i9, i11, iRuling := strings.Index(text, "09:00"), strings.Index(text, "11:00"), strings.Index(text, "HCCC/E12/2023")
		if i9 < 0 || i11 < i9 || iRuling < i11 || !strings.Contains(text, "Tomorrow, Thu 16 Jan: 3 sittings") || !strings.Contains(text, "Milimani CM Court 3") || !strings.Contains(text, "Otieno v Kamau") {
			t.Fatalf("evening digest not in the order of the day:\n%s", text)
		}
		if mails := f.mails(t); len(mails) != 1 || !strings.Contains(mails[0], "MCCC/E3574/2022") {
			t.Fatalf("%d mails", len(mails))
		}

		// The morning digest of the same day, at 06:30 and not before.
		f.at(t, "2025-01-16 06:29")
		f.run(t)
		if n := len(f.messages(t, u)); n != 1 {
			t.Fatalf("%d messages at 06:29", n)
		}
		f.at(t, "2025-01-16 06:30")
		f.run(t)
		ms = f.messages(t, u)
		if len(ms) != 2 || ms[1].Kind != reminders.KindMorning || !strings.Contains(ms[1].Text, "Today, Thu 16 Jan: 3 sittings") {
			t.Fatalf("morning: %+v", ms)
		}
		// Thursday evening: nothing on Friday, nothing sent.
		f.at(t, "2025-01-16 18:30")
		f.run(t)
		if n := len(f.messages(t, u)); n != 2 {
			t.Fatalf("%d messages with nothing on", n)
		}
	})
}

func TestDigests_OnlyWhileTheSubscriptionRuns(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := newFixture(t, testkit.OpenDB(t, e).Client)
		u := f.lawyer(t, "0712345678")
		f.sitting(t, u.ID, "MCCC/E4/2025", d("2025-01-16"), "09:00", "Hearing")
		// Paid until midnight in Nairobi, the night before the hearing.
		midnight := time.Date(2025, 1, 16, 0, 0, 0, 0, testkit.Nairobi)
		f.db.User.UpdateOne(u).SetPaidUntil(midnight).ExecX(context.Background())
		f.at(t, "2025-01-15 18:30")
		f.run(t)
		f.at(t, "2025-01-16 06:30")
		f.run(t)
		ms := f.messages(t, u)
		if len(ms) != 1 || ms[0].Kind != reminders.KindEvening {
			t.Fatalf("want the evening digest alone (paid), not the morning one (lapsed): %+v", ms)
		}
	})
}

func TestDigests_FridayEveningTellsMonday_Once(t *testing.T) {
	f := newFixture(t, testkit.OpenDB(t, testkit.SQLite).Client)
	u := f.lawyer(t, "0712345678")
	f.sitting(t, u.ID, "MCCC/E1/2025", d("2025-01-20"), "09:00", "Mention")
	for _, at := range []string{"2025-01-17 18:30", "2025-01-18 18:30", "2025-01-19 18:30"} {
		f.at(t, at)
		f.run(t)
	}
	ms := f.messages(t, u)
	if len(ms) != 1 || ms[0].Day != "2025-01-20" || !strings.Contains(ms[0].Text, "Monday, Mon 20 Jan: 1 sitting") {
		t.Fatalf("Friday to Monday: %+v", ms)
	}
	if !ms[0].CreatedAt.Equal(time.Date(2025, 1, 17, 15, 30, 0, 0, time.UTC)) {
		t.Fatalf("sent %s, want Friday 18:30 EAT", ms[0].CreatedAt)
	}
}

func TestDigests_SkipAPublicHoliday(t *testing.T) {
	f := newFixture(t, testkit.OpenDB(t, testkit.SQLite).Client)
	u := f.lawyer(t, "0712345678")
	// Friday 12 December 2025 is Jamhuri Day: on Thursday evening the next
	// court day is Monday the 15th.
	f.sitting(t, u.ID, "MCCC/E2/2025", d("2025-12-15"), "10:00", "Hearing")
	f.at(t, "2025-12-11 18:30")
	f.run(t)
	ms := f.messages(t, u)
	if len(ms) != 1 || ms[0].Day != "2025-12-15" {
		t.Fatalf("holiday: %+v", ms)
	}
}

func TestDigests_TimesAndSwitchesAreTheAdvocates(t *testing.T) {
	f := newFixture(t, testkit.OpenDB(t, testkit.SQLite).Client)
	ctx := context.Background()
	u := f.lawyer(t, "0712345678")
	f.sitting(t, u.ID, "MCCC/E3/2025", d("2025-01-16"), "09:00", "Mention")
	st, err := f.svc.UpdateSettings(ctx, u.ID, reminders.Settings{Email: true, EveningDigest: true, EveningTime: "20:00", MorningDigest: false, MorningTime: "06:30"})
	if err != nil {
		t.Fatal(err)
	}
	if st.WhatsApp || st.MorningDigest || st.EveningTime != "20:00" {
		t.Fatalf("%+v", st)
	}
	f.at(t, "2025-01-15 18:30")
	f.run(t)
	f.at(t, "2025-01-16 06:30")
	f.run(t)
	if n := len(f.messages(t, u)); n != 0 {
		t.Fatalf("%d messages before 20:00 / with the morning digest off", n)
	}
	f.at(t, "2025-01-15 20:00")
	f.run(t)
	if n := len(f.messages(t, u)); n != 1 {
		t.Fatalf("%d messages at 20:00", n)
	}
	// Each change is recorded as consent, with its time.
	cs, _ := f.db.ReminderConsent.Query().Where(reminderconsent.UserID(u.ID)).All(ctx)
	got := map[string]bool{}
	for _, c := range cs {
		got[c.Subject] = c.Granted
	}
	if len(cs) != 2 || got["whatsapp"] || got["morning_digest"] {
		t.Fatalf("consents %v", got)
	}
	for _, bad := range []string{"25:00", "6:30", "", "18:30\x00"} {
		_, err := f.svc.UpdateSettings(ctx, u.ID, reminders.Settings{EveningTime: bad, MorningTime: "06:30"})
		if errs.KindOf(err) != errs.KindInvalid {
			t.Errorf("evening_time %q: %v", bad, err)
		}
	}
}

func TestPhone_SMSAndWhatsAppOnlyToAVerifiedNumber(t *testing.T) {
	f := newFixture(t, testkit.OpenDB(t, testkit.SQLite).Client)
	ctx := context.Background()
	u := f.lawyer(t, "0712 345 678")
	f.sitting(t, u.ID, "MCCC/E4/2025", d("2025-01-16"), "09:00", "Mention")
	f.sitting(t, u.ID, "MCCC/E5/2025", d("2025-01-17"), "09:00", "Mention")
	if _, err := f.svc.UpdateSettings(ctx, u.ID, reminders.Settings{Email: false, SMS: true, WhatsApp: true, EveningDigest: true, EveningTime: "18:30", MorningDigest: true, MorningTime: "06:30"}); err != nil {
		t.Fatal(err)
	}
	f.at(t, "2025-01-15 18:30")
	f.run(t)
	if n := len(f.messages(t, u)); n != 0 {
		t.Fatalf("%d messages to an unverified number", n)
	}
	f.verify(t, u)
	f.at(t, "2025-01-16 06:30")
	f.run(t)
	if got := f.sms.texts(); len(got) != 2 || !strings.HasPrefix(got[1], "+254712345678|Kesi: Today, Thu 16 Jan") {
		t.Fatalf("sms %q", got)
	}
	if f.wa.count() != 1 || f.wa.sent[0].To != "+254712345678" || len(f.wa.sent[0].Parameters) != 2 {
		t.Fatalf("whatsapp %+v", f.wa.sent)
	}
	// A new number in the profile is not verified.
	if err := f.db.User.UpdateOneID(u.ID).SetPhoneNumber("0799 000 111").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	st, _ := f.svc.Settings(ctx, u.ID)
	if st.PhoneVerified || st.Phone != "+254799000111" {
		t.Fatalf("after a change: %+v", st)
	}
	f.at(t, "2025-01-16 18:30")
	f.run(t)
	if len(f.sms.texts()) != 2 || f.wa.count() != 1 {
		t.Fatalf("sent to a changed, unverified number")
	}
}

// WhatsApp's switch is on by default (SPEC.md), but the Cloud API may
// message a person first only after they opted in, and the Data Protection
// Act wants the time of it: verifying the number is not that. Saving the
// settings with WhatsApp on is, recorded once; until then nothing goes, not
// even a message recorded before.
func TestWhatsApp_OnlyAfterTheAdvocateOptsIn(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := newFixture(t, testkit.OpenDB(t, e).Client)
		ctx := context.Background()
		u := f.lawyer(t, "0712345678")
		f.verify(t, u)
		f.sitting(t, u.ID, "MCCC/E9/2025", d("2025-01-16"), "09:00", "Mention")
		f.sitting(t, u.ID, "MCCC/E10/2025", d("2025-01-17"), "09:00", "Mention")
		st, err := f.svc.Settings(ctx, u.ID)
		if err != nil || !st.WhatsApp || st.WhatsAppOptIn {
			t.Fatalf("defaults: %v %+v, want the switch on and no opt-in", err, st)
		}
		// One recorded before the opt-in was asked for, waiting to go.
		early := f.db.ReminderMessage.Create().SetUserID(u.ID).SetKind(reminders.KindDateChange).SetDay("2025-01-16").
			SetChannel(reminders.WhatsApp).SetKey("early").SetRecipient("+254712345678").SetText("Date changed\nMCCC/E9/2025").
			SetNextAttemptAt(f.clock.Now().UTC()).SaveX(ctx)

		f.at(t, "2025-01-15 18:30")
		f.run(t)
		if f.wa.count() != 0 {
			t.Fatalf("%d WhatsApp message(s) with no opt-in on record", f.wa.count())
		}
		for _, m := range f.messages(t, u) {
			if m.Channel == reminders.WhatsApp && m.ID != early.ID {
				t.Fatalf("a WhatsApp digest recorded with no opt-in: %+v", m)
			}
		}
		if m := f.db.ReminderMessage.GetX(ctx, early.ID); m.Status != reminders.StatusFailed || !strings.Contains(m.Error, "no WhatsApp opt-in") {
			t.Fatalf("the early message: %+v", m)
		}
		if len(f.mails(t)) != 1 {
			t.Fatalf("%d mails, want the evening digest by e-mail", len(f.mails(t)))
		}

		// 20:00: the advocate saves the settings with WhatsApp on, as shown.
		f.at(t, "2025-01-15 20:00")
		for range 2 {
			st.WhatsApp = true
			if st, err = f.svc.UpdateSettings(ctx, u.ID, st); err != nil || !st.WhatsAppOptIn {
				t.Fatalf("save: %v %+v", err, st)
			}
		}
		grants := f.db.ReminderConsent.Query().Where(reminderconsent.UserID(u.ID), reminderconsent.Subject(reminders.WhatsApp)).AllX(ctx)
		if len(grants) != 1 || !grants[0].Granted || grants[0].Source != "settings" || !grants[0].CreatedAt.Equal(f.clock.Now().UTC()) {
			t.Fatalf("WhatsApp consents %+v, want one grant at 20:00", grants)
		}
		f.at(t, "2025-01-16 06:30")
		f.run(t)
		if f.wa.count() != 1 || f.wa.sent[0].To != "+254712345678" {
			t.Fatalf("after the opt-in: %+v", f.wa.sent)
		}
	})
}

func TestPhone_CodesAreLimitedExpiringAndSingleUse(t *testing.T) {
	f := newFixture(t, testkit.OpenDB(t, testkit.SQLite).Client)
	ctx := context.Background()
	u := f.lawyer(t, "")
	if _, _, err := f.svc.StartPhoneVerification(ctx, u.ID); errs.KindOf(err) != errs.KindFailedPrecondition {
		t.Fatalf("no phone: %v", err)
	}
	f.db.User.UpdateOneID(u.ID).SetPhoneNumber("+254 712 345 678").ExecX(ctx)
	for i := range reminders.CodesPerWindow {
		if _, _, err := f.svc.StartPhoneVerification(ctx, u.ID); err != nil {
			t.Fatalf("code %d: %v", i+1, err)
		}
	}
	if _, _, err := f.svc.StartPhoneVerification(ctx, u.ID); errs.KindOf(err) != errs.KindTooManyRequests {
		t.Fatalf("fourth code: %v", err)
	}
	texts := f.sms.texts()
	first, last := codeIn(t, texts[0]), codeIn(t, texts[2])
	if first != last {
		if _, err := f.svc.ConfirmPhoneVerification(ctx, u.ID, first); errs.KindOf(err) != errs.KindInvalid {
			t.Fatalf("an earlier code still works: %v", err)
		}
	}
	// Expired.
	f.clock.Advance(reminders.CodeTTL + time.Second)
	if _, err := f.svc.ConfirmPhoneVerification(ctx, u.ID, last); errs.KindOf(err) != errs.KindInvalid {
		t.Fatalf("expired code: %v", err)
	}
	// Wrong codes spend it.
	f.clock.Advance(reminders.CodeWindow)
	if _, _, err := f.svc.StartPhoneVerification(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	texts = f.sms.texts()
	code := codeIn(t, texts[len(texts)-1])
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	for range reminders.CodeAttempts {
		if _, err := f.svc.ConfirmPhoneVerification(ctx, u.ID, wrong); errs.KindOf(err) != errs.KindInvalid {
			t.Fatalf("wrong code: %v", err)
		}
	}
	if _, err := f.svc.ConfirmPhoneVerification(ctx, u.ID, code); errs.KindOf(err) != errs.KindInvalid {
		t.Fatalf("code after %d wrong tries: %v", reminders.CodeAttempts, err)
	}
	// Single use.
	f.clock.Advance(reminders.CodeWindow)
	f.verify(t, u)
	if _, err := f.svc.ConfirmPhoneVerification(ctx, u.ID, codeIn(t, f.sms.texts()[len(f.sms.texts())-1])); errs.KindOf(err) != errs.KindInvalid {
		t.Fatalf("code used twice: %v", err)
	}
	for _, bad := range []string{"", "12345", "1234567", "12a456", "١٢٣٤٥٦"} {
		if _, err := f.svc.ConfirmPhoneVerification(ctx, u.ID, bad); errs.KindOf(err) != errs.KindInvalid {
			t.Errorf("code %q: %v", bad, err)
		}
	}
	// Only hashes are stored.
	vs := f.db.PhoneVerification.Query().AllX(ctx)
	for _, v := range vs {
		if len(v.CodeHash) != 64 {
			t.Fatalf("code stored as %q", v.CodeHash)
		}
	}
}

func TestExactlyOnce_TwoRunnersAtOnce(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := newFixture(t, testkit.OpenDB(t, e).Client)
		var users []*ent.User
		for i := range 5 {
			u := f.lawyer(t, fmt.Sprintf("07123456%02d", i))
			f.sitting(t, u.ID, "MCCC/E"+fmt.Sprint(i)+"/2025", d("2025-01-16"), "09:00", "Mention")
			f.verify(t, u)
			if _, err := f.svc.UpdateSettings(context.Background(), u.ID, reminders.Settings{Email: true, SMS: true, WhatsApp: true, EveningDigest: true, EveningTime: "18:30", MorningDigest: true, MorningTime: "06:30"}); err != nil {
				t.Fatal(err)
			}
			users = append(users, u)
		}
		before := len(f.sms.texts())
		f.at(t, "2025-01-15 18:30")
		// Two servers, each running the job twice, all at once, without the
		// job lock: the keys and the claims alone keep it to one each.
		a, b := f.service(), f.service()
		var wg sync.WaitGroup
		errc := make(chan error, 4)
		for _, s := range []*reminders.Service{a, b, a, b} {
			wg.Add(1)
			go func() { defer wg.Done(); errc <- s.Job(context.Background()) }()
		}
		wg.Wait()
		close(errc)
		for err := range errc {
			if err != nil {
				t.Fatal(err)
			}
		}
		if got := len(f.sms.texts()) - before; got != len(users) {
			t.Fatalf("%d SMS for %d advocates", got, len(users))
		}
		if f.wa.count() != len(users) || len(f.mails(t)) != len(users) {
			t.Fatalf("%d WhatsApp, %d mails for %d advocates", f.wa.count(), len(f.mails(t)), len(users))
		}
	})
}

func TestExactlyOnce_ACrashBetweenRecordingAndSending(t *testing.T) {
	f := newFixture(t, testkit.OpenDB(t, testkit.SQLite).Client)
	ctx := context.Background()
	u := f.lawyer(t, "0712345678")
	f.sitting(t, u.ID, "MCCC/E6/2025", d("2025-01-16"), "09:00", "Mention")
	f.at(t, "2025-01-15 18:30")
	// The first server records the digest and dies before sending it.
	if err := f.svc.RecordDigests(ctx, f.clock.Now()); err != nil {
		t.Fatal(err)
	}
	if ms := f.messages(t, u); len(ms) != 1 || ms[0].Status != reminders.StatusPending || len(f.mails(t)) != 0 {
		t.Fatalf("recorded: %+v", ms)
	}
	// The next run, on another server, sends it once.
	f.clock.Advance(time.Minute)
	if err := f.service().Job(ctx); err != nil {
		t.Fatal(err)
	}
	f.run(t)
	if ms := f.messages(t, u); len(ms) != 1 || ms[0].Status != reminders.StatusSent || len(f.mails(t)) != 1 {
		t.Fatalf("after the restart: %+v, %d mails", ms, len(f.mails(t)))
	}
	// A server that died while the provider had the message: never sent again.
	m := f.messages(t, u)[0]
	f.db.ReminderMessage.UpdateOneID(m.ID).SetStatus(reminders.StatusSending).SetUpdatedAt(f.clock.Now().UTC()).ExecX(ctx)
	f.clock.Advance(reminders.StaleSending + time.Minute)
	f.run(t)
	if ms := f.messages(t, u); ms[0].Status != reminders.StatusFailed || !strings.Contains(ms[0].Error, "interrupted") || len(f.mails(t)) != 1 {
		t.Fatalf("interrupted: %+v", ms[0])
	}
}

func TestRetries_BackoffThenFailed(t *testing.T) {
	f := newFixture(t, testkit.OpenDB(t, testkit.SQLite).Client)
	ctx := context.Background()
	u := f.lawyer(t, "0712345678")
	f.verify(t, u)
	f.svc.UpdateSettings(ctx, u.ID, reminders.Settings{SMS: true, EveningDigest: true, EveningTime: "18:30", MorningDigest: true, MorningTime: "06:30"})
	f.sitting(t, u.ID, "MCCC/E7/2025", d("2025-01-16"), "09:00", "Mention")
	f.sitting(t, u.ID, "MCCC/E8/2025", d("2025-01-17"), "09:00", "Mention")
	gateway := &reminders.SendError{Reason: "africastalking: 501 GatewayError"}

	// A gateway error, then success on the second try a minute later.
	f.sms.fail = []error{gateway}
	f.at(t, "2025-01-15 18:30")
	f.run(t)
	m := f.messages(t, u)[0]
	if m.Status != reminders.StatusPending || m.Attempts != 1 || !strings.Contains(m.Error, "GatewayError") {
		t.Fatalf("after a failure: %+v", m)
	}
	f.clock.Advance(30 * time.Second)
	f.run(t)
	if f.messages(t, u)[0].Attempts != 1 {
		t.Fatal("retried before its backoff")
	}
	f.clock.Advance(31 * time.Second)
	f.run(t)
	if m := f.messages(t, u)[0]; m.Status != reminders.StatusSent || m.Attempts != 2 {
		t.Fatalf("retry: %+v", m)
	}

	// Four gateway errors in a row: failed after the last backoff.
	f.sms.fail = []error{gateway, gateway, gateway, gateway}
	f.at(t, "2025-01-16 18:30")
	for range 30 {
		f.run(t)
		f.clock.Advance(time.Minute)
	}
	ms := f.messages(t, u)
	last := ms[len(ms)-1]
	if last.Status != reminders.StatusFailed || last.Attempts != len(reminders.Backoff)+1 {
		t.Fatalf("after %d failures: %+v", len(reminders.Backoff)+1, last)
	}

	// A blacklisted number is not retried.
	f.sms.fail = []error{&reminders.SendError{Permanent: true, Reason: "africastalking: 406 UserInBlacklist"}}
	f.at(t, "2025-01-17 06:30")
	f.run(t)
	ms = f.messages(t, u)
	if m := ms[len(ms)-1]; m.Status != reminders.StatusFailed || m.Attempts != 1 || !strings.Contains(m.Error, "UserInBlacklist") {
		t.Fatalf("blacklisted: %+v", m)
	}
}

// A message waiting for its retry goes only if the advocate still wants it
// there when it is due: a STOP, a switch turned off or a new number in the
// meantime leaves it failed, unsent, with the reason.
func TestRetries_NotSentAfterConsentIsWithdrawnOrTheNumberChanges(t *testing.T) {
	on := reminders.Settings{SMS: true, WhatsApp: true, EveningDigest: true, EveningTime: "18:30", MorningDigest: true, MorningTime: "06:30"}
	for _, c := range []struct {
		name, channel string
		withdraw      func(t *testing.T, f *fixture, u *ent.User)
		reason        string
	}{
		{"STOP by SMS", reminders.SMS, func(t *testing.T, f *fixture, _ *ent.User) {
			stop := url.Values{"from": {"+254712345678"}, "text": {"STOP"}}
			if code := post(t, f.hooks(t)+"/hooks/africastalking/incoming?token="+atToken, "application/x-www-form-urlencoded", []byte(stop.Encode()), nil); code != 200 {
				t.Fatalf("STOP answered %d", code)
			}
		}, "consent to SMS was withdrawn"},
		{"STOP on WhatsApp", reminders.WhatsApp, func(t *testing.T, f *fixture, _ *ent.User) {
			stop := []byte(`{"entry":[{"changes":[{"value":{"messages":[{"from":"254712345678","type":"text","text":{"body":"STOP"}}]}}]}]}`)
			if code := post(t, f.hooks(t)+"/hooks/whatsapp", "application/json", stop, map[string]string{"X-Hub-Signature-256": sign(stop)}); code != 200 {
				t.Fatalf("STOP answered %d", code)
			}
		}, "consent to WhatsApp was withdrawn"},
		{"SMS switched off", reminders.SMS, func(t *testing.T, f *fixture, u *ent.User) {
			off := on
			off.SMS = false
			if _, err := f.svc.UpdateSettings(context.Background(), u.ID, off); err != nil {
				t.Fatal(err)
			}
		}, "consent to SMS was withdrawn"},
		{"a new number for SMS", reminders.SMS, func(t *testing.T, f *fixture, u *ent.User) {
			f.db.User.UpdateOneID(u.ID).SetPhoneNumber("0799 000 111").ExecX(context.Background())
		}, "phone number changed"},
		{"a new number for WhatsApp", reminders.WhatsApp, func(t *testing.T, f *fixture, u *ent.User) {
			f.db.User.UpdateOneID(u.ID).SetPhoneNumber("0799 000 111").ExecX(context.Background())
		}, "phone number changed"},
		{"the evening digest switched off", reminders.SMS, func(t *testing.T, f *fixture, u *ent.User) {
			off := on
			off.EveningDigest = false
			if _, err := f.svc.UpdateSettings(context.Background(), u.ID, off); err != nil {
				t.Fatal(err)
			}
		}, "digest was switched off"},
		{"the subscription lapsed", reminders.WhatsApp, func(t *testing.T, f *fixture, u *ent.User) {
			f.db.User.UpdateOneID(u.ID).SetPaidUntil(f.clock.Now().Add(-time.Second)).ExecX(context.Background())
		}, "subscription lapsed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			testkit.Each(t, func(t *testing.T, e testkit.Engine) {
				f := newFixture(t, testkit.OpenDB(t, e).Client)
				u := f.lawyer(t, "0712345678")
				f.verify(t, u)
				if _, err := f.svc.UpdateSettings(context.Background(), u.ID, on); err != nil {
					t.Fatal(err)
				}
				f.sitting(t, u.ID, "MCCC/E7/2025", d("2025-01-16"), "09:00", "Mention")
				// 18:30: the gateway fails once; the digest waits a minute.
				gateway := &reminders.SendError{Reason: "gateway error"}
				if c.channel == reminders.SMS {
					f.sms.fail = []error{gateway}
				} else {
					f.wa.fail = []error{gateway}
				}
				f.at(t, "2025-01-15 18:30")
				f.run(t)
				sms, wa := len(f.sms.texts()), f.wa.count()
				f.clock.Advance(30 * time.Second)
				c.withdraw(t, f, u)
				f.clock.Advance(time.Minute)
				f.run(t)
				if len(f.sms.texts()) != sms || f.wa.count() != wa {
					t.Fatalf("sent after the advocate withdrew: %d SMS, %d WhatsApp more", len(f.sms.texts())-sms, f.wa.count()-wa)
				}
				for _, m := range f.messages(t, u) {
					if m.Channel != c.channel {
						continue
					}
					if m.Status != reminders.StatusFailed || m.Attempts != 1 || !strings.Contains(m.Error, c.reason) {
						t.Fatalf("the waiting %s: %+v, want failed after 1 attempt with %q", c.channel, m, c.reason)
					}
				}
			})
		})
	}
}

// hooks serves the fixture's providers' callbacks.
func (f *fixture) hooks(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(f.svc.Routes())
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestDateMoved_AlertsAtOnceAndOnce(t *testing.T) {
	f := newFixture(t, testkit.OpenDB(t, testkit.SQLite).Client)
	ctx := context.Background()
	u := f.lawyer(t, "0712345678")
	f.verify(t, u)
	f.svc.UpdateSettings(ctx, u.ID, reminders.Settings{SMS: true, EveningDigest: true, EveningTime: "18:30", MorningDigest: true, MorningTime: "06:30"})
	a := f.sitting(t, u.ID, "MCCC/E3574/2022", d("2025-01-22"), "09:00", "Hearing")
	sit := sittingOf(t, f, a)
	before := len(f.sms.texts())
	for range 2 {
		if err := f.svc.DateMoved(ctx, sit, d("2025-01-20")); err != nil {
			t.Fatal(err)
		}
	}
	got := f.sms.texts()[before:]
	if len(got) != 1 || !strings.Contains(got[0], "Date changed: MCCC/E3574/2022 Hearing moved from Mon 20 Jan to Wed 22 Jan") {
		t.Fatalf("alerts %q", got)
	}
	// A move wholly in the past says nothing.
	sit.Date = d("2025-01-10")
	if err := f.svc.DateMoved(ctx, sit, d("2025-01-09")); err != nil || len(f.sms.texts()) != before+1 {
		t.Fatalf("past move: %v", err)
	}
	// A subscription that lapsed a second ago gets no alert, as it gets no digest.
	b := f.sitting(t, u.ID, "HCCC/E1/2024", d("2025-01-23"), "10:00", "Mention")
	f.db.User.UpdateOne(u).SetPaidUntil(f.clock.Now().Add(-time.Second)).ExecX(ctx)
	if err := f.svc.DateMoved(ctx, sittingOf(t, f, b), d("2025-01-21")); err != nil || len(f.sms.texts()) != before+1 {
		t.Fatalf("lapsed: %v %q", err, f.sms.texts()[before:])
	}
}

// The alert's link opens the case's page, which the web app finds by the
// case number (/cases/MCCC%2FE3574%2F2022), not by the internal id.
func TestDateMoved_LinkOpensTheCase(t *testing.T) {
	f := newFixture(t, testkit.OpenDB(t, testkit.SQLite).Client)
	ctx := context.Background()
	u := f.lawyer(t, "0712345678")
	f.verify(t, u)
	f.svc.UpdateSettings(ctx, u.ID, reminders.Settings{SMS: true, EveningDigest: true, EveningTime: "18:30", MorningDigest: true, MorningTime: "06:30"})
	a := f.sitting(t, u.ID, "MCCC/E3574/2022", d("2025-01-22"), "09:00", "Hearing")
	before := len(f.sms.texts())
	if err := f.svc.DateMoved(ctx, sittingOf(t, f, a), d("2025-01-20")); err != nil {
		t.Fatal(err)
	}
	got := f.sms.texts()[before:]
	if len(got) != 1 || !strings.Contains(got[0], "https://kesi.example/cases/MCCC%2FE3574%2F2022") {
		t.Fatalf("alert %q", got)
	}
}

func sittingOf(t *testing.T, f *fixture, a *ent.Activity) reminders.SittingForTest {
	t.Helper()
	return reminders.SittingForTest{ID: a.ID, CaseRef: a.CaseRef, Owner: a.OwnerID, CaseNumber: "MCCC/E3574/2022", Activity: a.Activity, Date: a.ActivityDate, Time: a.Time, Court: "Milimani"}
}

func TestSMSText_FitsTwoMessages(t *testing.T) {
	var ss []reminders.SittingForTest
	for i := range 12 {
		ss = append(ss, reminders.SittingForTest{CaseNumber: fmt.Sprintf("MCCC/E%04d/2022", i), Parties: "Republic v Mwangi “Kim” – and others", Court: "Milimani Commercial Court 3", Activity: "Hearing", Time: "09:00"})
	}
	text := reminders.DigestForTest(ss).SMSText()
	if n := reminders.GSMLen(text); n > reminders.SMSTwo {
		t.Fatalf("%d GSM-7 characters:\n%s", n, text)
	}
	if !strings.Contains(text, "more: https://kesi.example/calendar") || strings.ContainsAny(text, "“”–") {
		t.Fatalf("text:\n%s", text)
	}
	one := reminders.DigestForTest(ss[:1]).SMSText()
	if reminders.GSMLen(one) > reminders.SMSOne {
		t.Fatalf("one sitting takes %d characters:\n%s", reminders.GSMLen(one), one)
	}
}

func TestHistory_Paged(t *testing.T) {
	f := newFixture(t, testkit.OpenDB(t, testkit.SQLite).Client)
	ctx := context.Background()
	u := f.lawyer(t, "0712345678")
	other := f.lawyer(t, "0712345679")
	// Verification SMS are history too: five of them, over five windows.
	for range 5 {
		f.clock.Advance(reminders.CodeWindow)
		if _, _, err := f.svc.StartPhoneVerification(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
	}
	var all []reminders.Message
	token := ""
	for {
		page, next, err := f.svc.History(ctx, u.ID, 2, token)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, page...)
		if next == "" {
			break
		}
		token = next
	}
	if len(all) != 5 || !all[0].CreatedAt.After(all[4].CreatedAt) || all[0].Channel != reminders.SMS || all[0].Status != reminders.StatusSent {
		t.Fatalf("history %+v", all)
	}
	if page, _, _ := f.svc.History(ctx, other.ID, 0, ""); len(page) != 0 {
		t.Fatalf("another advocate sees %d", len(page))
	}
	if _, _, err := f.svc.History(ctx, u.ID, 2, "garbage"); errs.KindOf(err) != errs.KindInvalid {
		t.Fatalf("bad token: %v", err)
	}
}

// The README's key rotation: the new key in KESI_MASTER_KEY, the old one in
// KESI_MASTER_KEY_PREVIOUS, later removed. The address Settings shows must
// answer the feed, and not change while the old key is known (the
// advocate's calendars are subscribed to it); nothing but the advocate's
// own request may replace it.
func TestCalendarFeed_AddressSurvivesAMasterKeyRotation(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := newFixture(t, testkit.OpenDB(t, e).Client)
		ctx := context.Background()
		u := f.lawyer(t, "0712345678")
		oldKey := []byte("0123456789abcdef0123456789abcdef")
		newKey := []byte("fedcba9876543210fedcba9876543210")
		answers := func(svc *reminders.Service, address string) bool {
			t.Helper()
			token := strings.TrimSuffix(strings.TrimPrefix(address, "https://kesi.example/calendar/"), ".ics")
			_, err := svc.Feed(ctx, token)
			return err == nil
		}
		first, err := f.serviceWith(oldKey).CalendarFeed(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		rotated := f.serviceWith(newKey, oldKey)
		shown, err := rotated.CalendarFeed(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if shown != first || !answers(rotated, shown) {
			t.Fatalf("after the rotation Settings shows %s (answers: %v), the calendars are subscribed to %s", shown, answers(rotated, shown), first)
		}
		// The old key retired: the address cannot be made again, so none is
		// shown, and the calendars subscribed to it go on updating until the
		// advocate asks for a new one.
		retired := f.serviceWith(newKey)
		for range 2 {
			shown, err = retired.CalendarFeed(ctx, u.ID)
			if err != nil || shown != "" {
				t.Fatalf("with the old key retired, Settings shows %q (%v), want no address", shown, err)
			}
			if !answers(retired, first) {
				t.Fatalf("opening Settings after the old key retired stopped the subscribed calendars' feed")
			}
		}
		made, err := retired.ResetCalendarFeed(ctx, u.ID)
		if err != nil || !answers(retired, made) || answers(retired, first) {
			t.Fatalf("a new address %q (%v): answers %v, the old one answers %v", made, err, answers(retired, made), answers(retired, first))
		}
		if shown, err = retired.CalendarFeed(ctx, u.ID); err != nil || shown != made {
			t.Fatalf("Settings then shows %q (%v), want %q", shown, err, made)
		}
	})
}

// Guesses sent all at once get no more tries than guesses sent one by one:
// each is counted before it is compared, so after CodeAttempts wrong codes
// the right one is refused however the guesses were timed.
func TestPhone_ParallelGuessesSpendTheCode(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := newFixture(t, testkit.OpenDB(t, e).Client)
		ctx := context.Background()
		u := f.lawyer(t, "0712345678")
		if _, _, err := f.svc.StartPhoneVerification(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
		texts := f.sms.texts()
		code := codeIn(t, texts[len(texts)-1])
		const guesses = 4 * reminders.CodeAttempts
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range guesses {
			wrong := fmt.Sprintf("%06d", i)
			if wrong == code {
				wrong = "999999"
			}
			wg.Go(func() {
				<-start
				if _, err := f.svc.ConfirmPhoneVerification(ctx, u.ID, wrong); errs.KindOf(err) != errs.KindInvalid {
					t.Errorf("wrong code %s: %v", wrong, err)
				}
			})
		}
		close(start)
		wg.Wait()
		if _, err := f.svc.ConfirmPhoneVerification(ctx, u.ID, code); errs.KindOf(err) != errs.KindInvalid {
			t.Fatalf("the right code after %d parallel wrong ones: %v, want it spent", guesses, err)
		}
		if v := f.db.PhoneVerification.Query().OnlyX(ctx); v.Attempts > reminders.CodeAttempts {
			t.Fatalf("%d tries counted, want at most %d", v.Attempts, reminders.CodeAttempts)
		}
	})
}

// Codes asked for all at once are limited as codes asked for one by one:
// each SMS costs money and lands on a phone that may not be the caller's.
func TestPhone_ParallelRequestsSendNoMoreCodes(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := newFixture(t, testkit.OpenDB(t, e).Client)
		ctx := context.Background()
		u := f.lawyer(t, "0712345678")
		var wg sync.WaitGroup
		start := make(chan struct{})
		for range 4 * reminders.CodesPerWindow {
			wg.Go(func() {
				<-start
				if _, _, err := f.svc.StartPhoneVerification(ctx, u.ID); err != nil && errs.KindOf(err) != errs.KindTooManyRequests {
					t.Errorf("code: %v", err)
				}
			})
		}
		close(start)
		wg.Wait()
		if n := len(f.sms.texts()); n != reminders.CodesPerWindow {
			t.Fatalf("%d codes sent, want %d", n, reminders.CodesPerWindow)
		}
	})
}
