package reminders_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/causelists"
	"github.com/kesihq/kesi/backend/internal/notify"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/reminders"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/civil"
)

// milimaniList is Thursday 16 January 2025's list of one court room at
// Milimani, with invented parties.
func milimaniList(numbers ...string) []byte {
	var b strings.Builder
	b.WriteString("MILIMANI CHIEF MAGISTRATE COURT\nMAGISTRATE COURT\nCAUSE LIST\nTHURSDAY, 16 JANUARY 2025\n" +
		"HON. A. MWANGI (SRM)  COURT 3\nhttps://meet.example.org/milimani-3\n\n09:00 AM\nMENTION\n")
	for i, n := range numbers {
		fmt.Fprintf(&b, "%d.    %s       Amani Traders Ltd   Vs  Baraka Otieno\n", i+1, n)
	}
	return []byte(b.String())
}

// withLists is the fixture's service with the cause-list check plugged in
// as the app plugs it.
func withLists(t testing.TB, f *fixture, list []byte) {
	t.Helper()
	cal := platform.Calendar{Clock: f.clock, Location: testkit.Nairobi}
	cl := causelists.NewService(f.db, cal, cases.NewService(f.db, cal, nil))
	if _, _, err := cl.Ingest(context.Background(), list, causelists.Source{Kind: causelists.SourceImport, FileName: "Milimani_16_Jan.txt"}); err != nil {
		t.Fatal(err)
	}
	f.svc = reminders.NewService(f.db, cal, &notify.FileMailer{Dir: f.mailDir, From: notify.DefaultFrom}, f.sms, f.wa, reminders.Options{
		PublicURL: "https://kesi.example", MasterKey: []byte("0123456789abcdef0123456789abcdef"),
		WhatsAppAppSecret: secret, WhatsAppVerifyToken: "verify-me",
		Findings: app.ListFindings(cl),
	})
}

func TestDigests_TellWhatTheCauseListSays(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := newFixture(t, testkit.OpenDB(t, e).Client)
		a, b, c := f.lawyer(t, "0712345678"), f.lawyer(t, "0722000111"), f.lawyer(t, "0733000222")
		// Thursday 16 January: A's diary has two sittings at Milimani; the
		// list carries the first and not the second, and carries a matter
		// of A's the diary has on the 23rd.
		f.sitting(t, a.ID, "MCCC/E3574/2022", d("2025-01-16"), "11:00", "Hearing")
		f.sitting(t, a.ID, "MCCC/E12/2023", d("2025-01-16"), "", "Mention")
		f.sitting(t, a.ID, "MCCC/E88/2024", d("2025-01-23"), "", "Mention")
		// B has nothing in the diary on Thursday, but the list has B's matter.
		f.sitting(t, b.ID, "MCCC/E500/2021", d("2025-01-30"), "", "Hearing")
		// C has a matter at Milimani on another day, not on the list.
		f.sitting(t, c.ID, "MCCC/E9/2020", d("2025-01-30"), "", "Hearing")
		withLists(t, f, milimaniList("MCCC/E3574/2022", "MCCC/E88/2024", "MCCC/E500/2021"))
		f.verify(t, a)
		if _, err := f.svc.UpdateSettings(context.Background(), a.ID, reminders.Settings{Email: true, SMS: true, EveningDigest: true, EveningTime: "18:30", MorningDigest: true, MorningTime: "06:30"}); err != nil {
			t.Fatal(err)
		}

		f.at(t, "2025-01-15 18:30")
		f.run(t)
		f.at(t, "2025-01-15 18:31")
		f.run(t) // the next minute's run records nothing more

		ms := f.messages(t, a)
		if len(ms) != 2 || ms[0].Channel != reminders.Email || ms[1].Channel != reminders.SMS || ms[0].Kind != reminders.KindEvening {
			t.Fatalf("A's evening: %+v", ms)
		}
		mail := ms[0].Text
		for _, want := range []string{
			"Tomorrow, Thu 16 Jan: 2 sittings, 1 more on the cause list",
			"11:00 Milimani CM Court 3, MCCC/E3574/2022 (listed 09:00, Court 3) Otieno v Kamau - Hearing, online: https://meet.example.org/milimani-3",
			"Listed on the cause list: MCCC/E88/2024 09:00 Mention (not in your diary)",
			"Not on the Milimani cause list: MCCC/E12/2023 - check with the registry",
		} {
			if !strings.Contains(mail, want) {
				t.Fatalf("A's evening digest lacks %q:\n%s", want, mail)
			}
		}
		if strings.Contains(mail, "E500") || strings.Contains(ms[1].Text, "E500") {
			t.Fatalf("B's listing in A's digest:\n%s", mail)
		}
		if sms := ms[1].Text; reminders.GSMLen(sms) > reminders.SMSTwo || !strings.Contains(sms, "MCCC/E3574/2022 (listed 09:00, Court 3)") || !strings.HasSuffix(sms, "\n+2 more: https://kesi.example/calendar") {
			t.Fatalf("A's SMS (%d): %q", reminders.GSMLen(sms), sms)
		}
		if mails := f.mails(t); len(mails) != 2 {
			t.Fatalf("%d mails, want A's and B's", len(mails))
		}

		// B had nothing on in the diary: the listing is something on.
		ms = f.messages(t, b)
		if len(ms) != 1 || ms[0].Day != "2025-01-16" || ms[0].Status != reminders.StatusSent {
			t.Fatalf("B's evening: %+v", ms)
		}
		if text := ms[0].Text; !strings.Contains(text, "Tomorrow, Thu 16 Jan: 1 on the cause list") ||
			!strings.Contains(text, "Listed on the cause list: MCCC/E500/2021 09:00 Mention (not in your diary)") ||
			strings.Contains(text, "E3574") || strings.Contains(text, "E88") || strings.Contains(text, "E12/") {
			t.Fatalf("B's evening digest:\n%s", text)
		}
		// C has nothing on either way.
		if ms := f.messages(t, c); len(ms) != 0 {
			t.Fatalf("C: %+v", ms)
		}

		// B proves the number within the evening's window and saves the
		// settings with WhatsApp on (opting in): WhatsApp gets the digest
		// too, once.
		f.at(t, "2025-01-15 18:40")
		f.verify(t, b)
		if _, err := f.svc.UpdateSettings(context.Background(), b.ID, reminders.Defaults); err != nil {
			t.Fatal(err)
		}
		f.run(t)
		f.at(t, "2025-01-15 18:41")
		f.run(t)
		ms = f.messages(t, b)
		if len(ms) != 2 || ms[1].Channel != reminders.WhatsApp || !strings.Contains(ms[1].Text, "MCCC/E500/2021") {
			t.Fatalf("B's WhatsApp: %+v", ms)
		}

		// Thursday morning, the day itself: the same findings, as today's.
		f.at(t, "2025-01-16 06:30")
		f.run(t)
		ms = f.messages(t, a)
		if len(ms) != 4 || ms[2].Kind != reminders.KindMorning || !strings.Contains(ms[2].Text, "Today, Thu 16 Jan: 2 sittings, 1 more on the cause list") ||
			!strings.Contains(ms[2].Text, "Not on the Milimani cause list: MCCC/E12/2023") {
			t.Fatalf("A's morning: %+v", ms)
		}

		// Thursday evening: no list covers Friday, and nobody has a
		// sitting then: nothing more is sent.
		all := func() int { return len(f.messages(t, a)) + len(f.messages(t, b)) + len(f.messages(t, c)) }
		before := all()
		f.at(t, "2025-01-16 18:30")
		f.run(t)
		if n := all(); n != before {
			t.Fatalf("%d messages after Thursday evening, want the %d of before", n, before)
		}
	})
}

func TestSMSText_FindingsKeepTheTwoMessages(t *testing.T) {
	day := civil.NewDate(2025, 1, 16)
	ss := []cases.CaseSitting{{CaseNumber: "MCCC/E3574/2022", Court: "Milimani CM Court 3", Activity: "Hearing", Date: day, Time: "11:00"}}
	var fs []reminders.Finding
	for i := range 12 {
		fs = append(fs, reminders.Finding{Kind: reminders.FindingNewDate, CaseNumber: fmt.Sprintf("MCCC/E%d/2024", 100+i), Activity: "MENTION", Time: "09:00"},
			reminders.Finding{Kind: reminders.FindingNotListed, CaseNumber: fmt.Sprintf("HCCC/E%d/2023", i), Station: "HOMA BAY"})
	}
	sms := reminders.DigestWithFindingsForTest(ss, fs).SMSText()
	if n := reminders.GSMLen(sms); n > reminders.SMSTwo || !strings.Contains(sms, "+") || !strings.HasSuffix(sms, "more: https://kesi.example/calendar") {
		t.Fatalf("%d characters: %q", n, sms)
	}
	if !strings.Contains(sms, "Tomorrow, Thu 16 Jan: 1 sitting, 12 more on the cause list") {
		t.Fatalf("title: %q", sms)
	}
	mail := reminders.DigestWithFindingsForTest(ss, fs).EmailText("A")
	if !strings.Contains(mail, "Not on the Homa Bay cause list: HCCC/E11/2023 - check with the registry") {
		t.Fatalf("mail:\n%s", mail)
	}
}
