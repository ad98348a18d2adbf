package reminders_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	ics "github.com/arran4/golang-ical"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/reminders"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

func reminderClient(s *testkit.Server, c *testkit.Session) kesiv1connect.ReminderServiceClient {
	return kesiv1connect.NewReminderServiceClient(c.HTTP, s.URL)
}

// outbox reads the dev outbox's messages of one channel.
func outbox(t *testing.T, s *testkit.Server, channel string) []map[string]any {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(s.DataDir, "outbox", channel, "*.json"))
	var out []map[string]any
	for _, p := range paths {
		b, _ := os.ReadFile(p)
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func post(t *testing.T, url, contentType string, body []byte, header map[string]string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// atToken is what Africa's Talking's callbacks carry in the tests' servers.
const atToken = "5f0c3b8e1d2a4f6b9c7e0a1d3b5f7c9e"

// A server with no callback token set refuses every Africa's Talking
// callback, an empty token included: unconfigured is closed, not open.
func TestAfricasTalkingCallbacks_RefusedWithoutAToken(t *testing.T) {
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	stop := url.Values{"from": {"+254712345678"}, "text": {"STOP"}}.Encode()
	for _, path := range []string{"/hooks/africastalking/incoming", "/hooks/africastalking/incoming?token=", "/hooks/africastalking/delivery?token="} {
		if code := post(t, srv.URL+path, "application/x-www-form-urlencoded", []byte(stop), nil); code != 403 {
			t.Errorf("%s answered %d, want 403", path, code)
		}
	}
}

func sign(body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return "sha256=" + hex.EncodeToString(mac.Sum(nil))
}

func arrangeSitting(t *testing.T, db *ent.Client, owner *ent.User, caseNo, parties, day, hhmm, outcome string) *ent.CourtCase {
	t.Helper()
	ctx := context.Background()
	c := db.CourtCase.Create().SetOwnerID(owner.ID).SetCaseID(caseNo).SetParties(parties).SetLawCourt("Milimani Commercial Court, Court Room 3").SaveX(ctx)
	db.Activity.Create().SetOwnerID(owner.ID).SetCaseRef(c.ID).SetActivity("Mention").SetActivityDate(d("2025-01-02")).SetOutcome(outcome).SaveX(ctx)
	db.Activity.Create().SetOwnerID(owner.ID).SetCaseRef(c.ID).SetActivity("Hearing").SetActivityDate(d(day)).SetTime(hhmm).SaveX(ctx)
	return c
}

func TestReminderService_ThroughConnect(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, map[string]string{"KESI_WHATSAPP_APP_SECRET": secret, "KESI_WHATSAPP_VERIFY_TOKEN": "verify-me"})
		ctx := context.Background()
		lawyer := srv.Lawyer(t)
		rc := reminderClient(srv, lawyer)

		got, err := rc.GetReminderSettings(ctx, connect.NewRequest(&kesiv1.GetReminderSettingsRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		s := got.Msg.Settings
		if !s.Email || s.Sms || !s.Whatsapp || !s.EveningDigest || s.EveningTime != "18:30" || !s.MorningDigest || s.MorningTime != "06:30" || s.PhoneVerified || s.PhoneNumber != "+254712345678" {
			t.Fatalf("defaults %+v", s)
		}
		// The switch is on by default, but nothing goes on WhatsApp until a
		// save records the opt-in: the screen must be able to say so.
		if s.WhatsappOptIn {
			t.Fatalf("defaults %+v, want no WhatsApp opt-in on record", s)
		}
		up, err := rc.UpdateReminderSettings(ctx, connect.NewRequest(&kesiv1.UpdateReminderSettingsRequest{Settings: s}))
		if err != nil || !up.Msg.Settings.Whatsapp || !up.Msg.Settings.WhatsappOptIn {
			t.Fatalf("saved with WhatsApp on: %v %+v, want the opt-in on record", err, up)
		}
		s.Sms, s.Whatsapp = true, false
		up, err = rc.UpdateReminderSettings(ctx, connect.NewRequest(&kesiv1.UpdateReminderSettingsRequest{Settings: s}))
		if err != nil || !up.Msg.Settings.Sms || up.Msg.Settings.Whatsapp {
			t.Fatalf("update: %v %+v", err, up)
		}
		s.EveningTime = "7pm"
		if _, err := rc.UpdateReminderSettings(ctx, connect.NewRequest(&kesiv1.UpdateReminderSettingsRequest{Settings: s})); connect.CodeOf(err) != connect.CodeInvalidArgument {
			t.Fatalf("bad time: %v", err)
		}

		// Verification: the code arrives in the SMS outbox.
		start, err := rc.StartPhoneVerification(ctx, connect.NewRequest(&kesiv1.StartPhoneVerificationRequest{}))
		if err != nil || start.Msg.PhoneNumber != "+254712345678" {
			t.Fatalf("start: %v %+v", err, start)
		}
		sms := outbox(t, srv, "sms")
		if len(sms) != 1 || sms[0]["to"] != "+254712345678" || sms[0]["created_at"] == nil {
			t.Fatalf("sms outbox %v", sms)
		}
		code := codeIn(t, sms[0]["text"].(string))
		if _, err := rc.ConfirmPhoneVerification(ctx, connect.NewRequest(&kesiv1.ConfirmPhoneVerificationRequest{Code: "000000"})); connect.CodeOf(err) != connect.CodeInvalidArgument && code != "000000" {
			t.Fatalf("wrong code: %v", err)
		}
		conf, err := rc.ConfirmPhoneVerification(ctx, connect.NewRequest(&kesiv1.ConfirmPhoneVerificationRequest{Code: code}))
		if err != nil || !conf.Msg.Settings.PhoneVerified {
			t.Fatalf("confirm: %v %+v", err, conf)
		}

		list, err := rc.ListReminders(ctx, connect.NewRequest(&kesiv1.ListRemindersRequest{}))
		if err != nil || len(list.Msg.Reminders) != 1 || list.Msg.Reminders[0].Channel != "sms" || list.Msg.Reminders[0].Status != "sent" || list.Msg.Reminders[0].SentAt == nil {
			t.Fatalf("history: %v %+v", err, list)
		}
		other := reminderClient(srv, srv.Lawyer(t))
		if l, _ := other.ListReminders(ctx, connect.NewRequest(&kesiv1.ListRemindersRequest{})); len(l.Msg.Reminders) != 0 {
			t.Fatal("another lawyer sees the history")
		}

		// Demo and affiliate accounts have no reminders; nor does a lawyer
		// without a subscription.
		for _, spec := range []testkit.UserSpec{{Role: role.Demo}, {Role: role.Affiliate}} {
			c := reminderClient(srv, srv.Session(t, srv.CreateUser(t, spec)))
			if _, err := c.GetReminderSettings(ctx, connect.NewRequest(&kesiv1.GetReminderSettingsRequest{})); connect.CodeOf(err) != connect.CodePermissionDenied {
				t.Errorf("%s: %v", spec.Role, err)
			}
		}
		unpaid := reminderClient(srv, srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Unpaid: true})))
		if _, err := unpaid.GetCalendarFeed(ctx, connect.NewRequest(&kesiv1.GetCalendarFeedRequest{})); err == nil {
			t.Error("an unpaid lawyer got a feed")
		}
		if _, err := reminderClient(srv, srv.Anonymous()).GetReminderSettings(ctx, connect.NewRequest(&kesiv1.GetReminderSettingsRequest{})); connect.CodeOf(err) != connect.CodeUnauthenticated {
			t.Errorf("anonymous: %v", err)
		}
	})
}

func TestJob_RunsInKesiAndReportsComeBack(t *testing.T) {
	srv := testkit.NewServer(t, testkit.SQLite, map[string]string{"KESI_WHATSAPP_APP_SECRET": secret, "KESI_WHATSAPP_VERIFY_TOKEN": "verify-me", "KESI_SMS_CALLBACK_TOKEN": atToken})
	ctx := context.Background()
	lawyer := srv.Lawyer(t)
	rc := reminderClient(srv, lawyer)
	if _, err := rc.StartPhoneVerification(ctx, connect.NewRequest(&kesiv1.StartPhoneVerificationRequest{})); err != nil {
		t.Fatal(err)
	}
	code := codeIn(t, outbox(t, srv, "sms")[0]["text"].(string))
	if _, err := rc.ConfirmPhoneVerification(ctx, connect.NewRequest(&kesiv1.ConfirmPhoneVerificationRequest{Code: code})); err != nil {
		t.Fatal(err)
	}
	st, err := rc.GetReminderSettings(ctx, connect.NewRequest(&kesiv1.GetReminderSettingsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	st.Msg.Settings.Sms = true
	if _, err := rc.UpdateReminderSettings(ctx, connect.NewRequest(&kesiv1.UpdateReminderSettingsRequest{Settings: st.Msg.Settings})); err != nil {
		t.Fatal(err)
	}
	arrangeSitting(t, srv.DB(), lawyer.User, "MCCC/E3574/2022", "Otieno v Kamau", "2025-01-16", "09:00", "")
	// `kesi jobs run reminders --at 2025-01-15T18:30:00+03:00`, through the runner and its lock.
	at, _ := time.Parse(time.RFC3339, "2025-01-15T18:30:00+03:00")
	srv.Clock.Set(at)
	if err := srv.App.Jobs.RunOnce(reminders.WithAt(ctx, at), "reminders"); err != nil {
		t.Fatal(err)
	}
	rc = reminderClient(srv, srv.Session(t, lawyer.User)) // a fresh token at the new time
	wa := outbox(t, srv, "whatsapp")
	if len(wa) != 1 || wa[0]["template"] != "kesi_daily_sittings" || len(wa[0]["parameters"].([]any)) != 2 || !strings.Contains(wa[0]["text"].(string), "MCCC/E3574/2022") {
		t.Fatalf("whatsapp outbox %v", wa)
	}
	if sms := outbox(t, srv, "sms"); len(sms) != 2 {
		t.Fatalf("%d SMS", len(sms))
	}
	list, _ := rc.ListReminders(ctx, connect.NewRequest(&kesiv1.ListRemindersRequest{PageSize: 10}))
	ids := map[string]string{}
	for _, r := range list.Msg.Reminders {
		if r.Kind == "evening" {
			ids[r.Channel] = r.Id
		}
	}
	if len(ids) != 3 {
		t.Fatalf("evening digests %v", list.Msg.Reminders)
	}
	providerID := func(id string) string {
		return srv.DB().ReminderMessage.GetX(ctx, uuidOf(t, id)).ProviderID
	}
	status := func(id string) string { return srv.DB().ReminderMessage.GetX(ctx, uuidOf(t, id)).Status }

	// Africa's Talking delivery report: refused without the token it was
	// registered with, taken with it.
	form := url.Values{"id": {providerID(ids["sms"])}, "status": {"Success"}, "phoneNumber": {"+254712345678"}, "networkCode": {"63902"}}
	for _, path := range []string{"/hooks/africastalking/delivery", "/hooks/africastalking/delivery?token=", "/hooks/africastalking/delivery?token=" + atToken[:31]} {
		if code := post(t, srv.URL+path, "application/x-www-form-urlencoded", []byte(form.Encode()), nil); code != 403 {
			t.Errorf("%s answered %d, want 403", path, code)
		}
	}
	if status(ids["sms"]) != "sent" {
		t.Fatalf("a report without the token moved the SMS to %s", status(ids["sms"]))
	}
	if code := post(t, srv.URL+"/hooks/africastalking/delivery?token="+atToken, "application/x-www-form-urlencoded", []byte(form.Encode()), nil); code != 200 {
		t.Fatalf("delivery report answered %d", code)
	}
	if status(ids["sms"]) != "delivered" {
		t.Fatalf("sms %s", status(ids["sms"]))
	}

	// WhatsApp: the handshake, a forged report, a signed one.
	res, err := http.Get(srv.URL + "/hooks/whatsapp?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444")
	if err != nil {
		t.Fatal(err)
	}
	var challenge bytes.Buffer
	challenge.ReadFrom(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || challenge.String() != "1158201444" {
		t.Fatalf("handshake %d %q", res.StatusCode, challenge.String())
	}
	if res, _ := http.Get(srv.URL + "/hooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1"); res.StatusCode != 403 {
		t.Fatalf("handshake with a wrong token: %d", res.StatusCode)
	}
	body := []byte(`{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":{"messaging_product":"whatsapp","statuses":[{"id":"` + providerID(ids["whatsapp"]) + `","status":"read","timestamp":"1736955000","recipient_id":"254712345678"}]}}]}]}`)
	forged := sign([]byte(strings.Replace(string(body), "read", "failed", 1)))
	if code := post(t, srv.URL+"/hooks/whatsapp", "application/json", body, map[string]string{"X-Hub-Signature-256": forged}); code != 401 {
		t.Fatalf("forged signature answered %d", code)
	}
	if code := post(t, srv.URL+"/hooks/whatsapp", "application/json", body, nil); code != 401 {
		t.Fatalf("no signature answered %d", code)
	}
	if status(ids["whatsapp"]) != "sent" {
		t.Fatal("a forged report changed the status")
	}
	if code := post(t, srv.URL+"/hooks/whatsapp", "application/json", body, map[string]string{"X-Hub-Signature-256": sign(body)}); code != 200 {
		t.Fatalf("signed report answered %d", code)
	}
	if status(ids["whatsapp"]) != "read" {
		t.Fatalf("whatsapp %s", status(ids["whatsapp"]))
	}
	// A late "sent" never moves it back.
	late := []byte(strings.Replace(string(body), `"read"`, `"sent"`, 1))
	post(t, srv.URL+"/hooks/whatsapp", "application/json", late, map[string]string{"X-Hub-Signature-256": sign(late)})
	if status(ids["whatsapp"]) != "read" {
		t.Fatal("moved back")
	}

	// STOP by SMS withdraws SMS; STOP on WhatsApp withdraws WhatsApp.
	// A STOP forged by anyone but Africa's Talking (no token, a wrong one)
	// leaves the advocate's SMS reminders on.
	stop := url.Values{"from": {"+254712345678"}, "to": {"22384"}, "text": {"stop"}, "date": {"2025-01-15 18:40:00"}, "id": {"x"}}
	for _, path := range []string{"/hooks/africastalking/incoming", "/hooks/africastalking/incoming?token=" + strings.ToUpper(atToken)} {
		if code := post(t, srv.URL+path, "application/x-www-form-urlencoded", []byte(stop.Encode()), nil); code != 403 {
			t.Errorf("%s answered %d, want 403", path, code)
		}
	}
	if forged, err := rc.GetReminderSettings(ctx, connect.NewRequest(&kesiv1.GetReminderSettingsRequest{})); err != nil || !forged.Msg.Settings.Sms {
		t.Fatalf("after a forged STOP: %v %v", forged, err)
	}
	if code := post(t, srv.URL+"/hooks/africastalking/incoming?token="+atToken, "application/x-www-form-urlencoded", []byte(stop.Encode()), nil); code != 200 {
		t.Fatalf("incoming answered %d", code)
	}
	waStop := []byte(`{"entry":[{"changes":[{"value":{"messages":[{"from":"254712345678","type":"text","text":{"body":"STOP"}}]}}]}]}`)
	if code := post(t, srv.URL+"/hooks/whatsapp", "application/json", waStop, map[string]string{"X-Hub-Signature-256": sign(waStop)}); code != 200 {
		t.Fatalf("whatsapp stop answered %d", code)
	}
	after, err := rc.GetReminderSettings(ctx, connect.NewRequest(&kesiv1.GetReminderSettingsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if after.Msg.Settings.Sms || after.Msg.Settings.Whatsapp || !after.Msg.Settings.Email {
		t.Fatalf("after STOP: %+v", after.Msg.Settings)
	}
	// Morning: e-mail only now.
	srv.Clock.Set(time.Date(2025, 1, 16, 6, 30, 0, 0, testkit.Nairobi))
	if err := srv.App.Jobs.RunOnce(ctx, "reminders"); err != nil {
		t.Fatal(err)
	}
	if len(outbox(t, srv, "sms")) != 2 || len(outbox(t, srv, "whatsapp")) != 1 {
		t.Fatal("sent after STOP")
	}
	if code := post(t, srv.URL+"/hooks/africastalking/delivery?token="+atToken, "application/x-www-form-urlencoded", []byte("%zz"), nil); code != 400 {
		t.Fatalf("malformed form answered %d", code)
	}
	if code := post(t, srv.URL+"/hooks/whatsapp", "application/json", []byte("{"), map[string]string{"X-Hub-Signature-256": sign([]byte("{"))}); code != 400 {
		t.Fatalf("malformed JSON answered %d", code)
	}
}

func TestCalendarFeed_ParsedByARealParser(t *testing.T) {
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	ctx := context.Background()
	lawyer := srv.Lawyer(t)
	rc := reminderClient(srv, lawyer)
	long := "Republic v Mwangi, Kamau; Otieno & others — Nairobi “Ruaraka” Holdings Limited (in receivership)\nand the Attorney General"
	arrangeSitting(t, srv.DB(), lawyer.User, "MCCC/E3574/2022", long, "2025-01-16", "09:30", "Adjourned; witness absent")
	arrangeSitting(t, srv.DB(), lawyer.User, "HCCC/E1/2024", "A v B", "2025-01-17", "", "")
	arrangeSitting(t, srv.DB(), srv.Lawyer(t).User, "OTHER/1/2025", "Not mine", "2025-01-16", "09:00", "")

	feed, err := rc.GetCalendarFeed(ctx, connect.NewRequest(&kesiv1.GetCalendarFeedRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	u := feed.Msg.Url
	if !strings.HasPrefix(u, srv.URL+"/calendar/") || !strings.HasSuffix(u, ".ics") || len(u)-len(srv.URL+"/calendar/.ics") < 40 {
		t.Fatalf("url %q", u)
	}
	again, _ := rc.GetCalendarFeed(ctx, connect.NewRequest(&kesiv1.GetCalendarFeedRequest{}))
	if again.Msg.Url != u {
		t.Fatal("the feed URL changed without a reset")
	}
	res, err := http.Get(u) // no session
	if err != nil {
		t.Fatal(err)
	}
	var raw bytes.Buffer
	raw.ReadFrom(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/calendar") {
		t.Fatalf("%d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	for _, line := range strings.Split(raw.String(), "\r\n") {
		if len(line) > 75 {
			t.Fatalf("line of %d octets: %q", len(line), line)
		}
	}
	cal, err := ics.ParseCalendar(strings.NewReader(raw.String()))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, raw.String())
	}
	events := cal.Events()
	// Two sittings a case (the mention of 2 January is within 30 days), none of the other lawyer's.
	if len(events) != 4 {
		t.Fatalf("%d events:\n%s", len(events), raw.String())
	}
	var hearing *ics.VEvent
	for _, ev := range events {
		if ev.GetProperty(ics.ComponentPropertySummary).Value == "Hearing - MCCC/E3574/2022" {
			hearing = ev
		}
		if ev.Id() == "" || !ev.HasProperty(ics.ComponentPropertyDtstamp) {
			t.Fatalf("event without UID or DTSTAMP")
		}
	}
	if hearing == nil {
		t.Fatalf("no hearing:\n%s", raw.String())
	}
	start := hearing.GetProperty(ics.ComponentPropertyDtStart)
	if start.Value != "20250116T093000" || start.ICalParameters["TZID"][0] != "Africa/Nairobi" {
		t.Fatalf("DTSTART %+v", start)
	}
	if got, _ := hearing.GetStartAt(); !got.Equal(time.Date(2025, 1, 16, 9, 30, 0, 0, testkit.Nairobi)) {
		t.Fatalf("start %s", got)
	}
	desc := hearing.GetProperty(ics.ComponentPropertyDescription).Value
	if !strings.Contains(desc, "Ruaraka") || !strings.Contains(desc, "Adjourned") {
		t.Fatalf("description %q", desc)
	}
	if loc := hearing.GetProperty(ics.ComponentPropertyLocation).Value; !strings.Contains(loc, "Court Room 3") {
		t.Fatalf("location %q", loc)
	}
	if hearing.GetProperty(ics.ComponentPropertyUrl).Value != srv.URL+"/cases/MCCC%2FE3574%2F2022" {
		t.Fatal("URL")
	}
	if !strings.Contains(raw.String(), "DTSTART;VALUE=DATE:20250117\r\n") || !strings.Contains(raw.String(), "BEGIN:VTIMEZONE\r\nTZID:Africa/Nairobi") {
		t.Fatalf("all-day or VTIMEZONE missing:\n%s", raw.String())
	}
	if !strings.Contains(raw.String(), `Mwangi\, Kamau\; Otieno`) {
		t.Fatalf("not escaped:\n%s", raw.String())
	}

	// Reset: the old URL answers 404, the new one the feed.
	reset, err := rc.ResetCalendarFeed(ctx, connect.NewRequest(&kesiv1.ResetCalendarFeedRequest{}))
	if err != nil || reset.Msg.Url == u {
		t.Fatalf("reset: %v", err)
	}
	for url, want := range map[string]int{u: 404, reset.Msg.Url: 200, srv.URL + "/calendar/guess.ics": 404, srv.URL + "/calendar/" + strings.Repeat("a", 500) + ".ics": 404} {
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("%s answered %d, want %d", url[:min(len(url), 80)], res.StatusCode, want)
		}
	}
	// A lapsed subscription's feed answers 404, and the same URL answers again once paid.
	feedStatus := func() int {
		t.Helper()
		res, err := http.Get(reset.Msg.Url)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	srv.DB().User.UpdateOneID(lawyer.User.ID).SetPaidUntil(srv.Clock.Now().Add(-time.Second)).ExecX(ctx)
	if got := feedStatus(); got != 404 {
		t.Errorf("lapsed subscription's feed answered %d, want 404", got)
	}
	srv.DB().User.UpdateOneID(lawyer.User.ID).SetPaidUntil(srv.Clock.Now().Add(time.Hour)).ExecX(ctx)
	if got := feedStatus(); got != 200 {
		t.Errorf("renewed subscription's feed answered %d, want 200", got)
	}
	// Only a hash of the token is stored.
	tok := strings.TrimSuffix(strings.TrimPrefix(reset.Msg.Url, srv.URL+"/calendar/"), ".ics")
	for _, row := range srv.DB().ReminderSetting.Query().AllX(ctx) {
		if strings.Contains(row.String(), tok) || (row.CalendarTokenHash != nil && *row.CalendarTokenHash == tok) {
			t.Fatal("token stored in clear")
		}
	}
}

func uuidOf(t *testing.T, s string) uuid.UUID {
	t.Helper()
	id, err := uuid.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// A sitting's link in the calendar opens its case: the web app's
// /cases/{...} is the case number, which it reads with GetCaseByCaseId.
func TestCalendarFeed_EventLinkOpensTheCase(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		lawyer := srv.Lawyer(t)
		c := arrangeSitting(t, srv.DB(), lawyer.User, "MCCC/E3574/2022", "A v B", "2025-01-16", "09:30", "")
		feed, err := reminderClient(srv, lawyer).GetCalendarFeed(ctx, connect.NewRequest(&kesiv1.GetCalendarFeedRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		res, err := http.Get(feed.Msg.Url)
		if err != nil {
			t.Fatal(err)
		}
		cal, err := ics.ParseCalendar(res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range cal.Events() {
			link := ev.GetProperty(ics.ComponentPropertyUrl).Value
			rest, ok := strings.CutPrefix(link, srv.URL+"/cases/")
			if !ok {
				t.Fatalf("link %q", link)
			}
			number, err := url.PathUnescape(rest)
			if err != nil {
				t.Fatal(err)
			}
			got, err := lawyer.Cases().GetCaseByCaseId(ctx, connect.NewRequest(&kesiv1.GetCaseByCaseIdRequest{CaseId: number}))
			if err != nil {
				t.Fatalf("the page of %s (%s) answers %v", link, number, err)
			}
			if got.Msg.Case.Id != c.ID.String() {
				t.Fatalf("%s opens case %s, want %s", link, got.Msg.Case.Id, c.ID)
			}
		}
	})
}

// RFC 5545 3.3.11: TEXT holds no control character, DEL (%x7F) included;
// a strict parser refuses the whole calendar for one pasted into a case.
func TestCalendar_TextHoldsNoControlCharacter(t *testing.T) {
	ss := []reminders.SittingForTest{{
		ID: uuid.New(), CaseRef: uuid.New(), CaseNumber: "HCCC/E1/2024\x7f", Parties: "A\x7f v B\x1b",
		Court: "Milimani\x7f", Activity: "Hearing", Date: d("2025-01-16"), Time: "09:30",
	}}
	out := reminders.Calendar(ss, time.Date(2025, 1, 15, 12, 0, 0, 0, time.UTC), "https://kesi.example")
	for _, line := range strings.Split(strings.TrimSuffix(string(out), "\r\n"), "\r\n") {
		for _, r := range line {
			if r < 0x20 && r != '\t' || r == 0x7f {
				t.Fatalf("control character %#x in %q", r, line)
			}
		}
	}
}
