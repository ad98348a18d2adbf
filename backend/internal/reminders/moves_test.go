package reminders_test

import (
	"context"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/type/date"

	"github.com/kesihq/kesi/backend/internal/reminders"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// The browser extension imports the portal's listing of a case whose
// hearing the court adjourned: the advocate, with a verified phone and SMS
// on, gets one date-change SMS at once, and a re-import sends nothing more.
func TestExtensionImport_MovedHearingAlertsOnce(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
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
		st.Msg.Settings.Sms, st.Msg.Settings.Whatsapp = true, false
		if _, err := rc.UpdateReminderSettings(ctx, connect.NewRequest(&kesiv1.UpdateReminderSettingsRequest{Settings: st.Msg.Settings})); err != nil {
			t.Fatal(err)
		}
		importHearing := func(y, m, d int32) {
			t.Helper()
			_, err := lawyer.Import().ImportCases(ctx, connect.NewRequest(&kesiv1.ImportCasesRequest{Source: "https://efiling.court.go.ke/", Cases: []*kesiv1.ImportedCase{{
				CaseId: "MCCC/E3574/2022", Parties: "Wanjiru Holdings Ltd v Otieno", LawCourt: "Milimani Commercial Magistrate Court",
				Activities: []*kesiv1.ImportedActivity{
					{Activity: "Mention", ActivityDate: &date.Date{Year: 2025, Month: 1, Day: 6}, Outcome: "Adjourned."},
					{Activity: "Hearing", ActivityDate: &date.Date{Year: y, Month: m, Day: d}, Time: "10:00"},
				},
			}}}))
			if err != nil {
				t.Fatal(err)
			}
		}
		dateChanges := func() []string {
			var out []string
			for _, m := range outbox(t, srv, "sms") {
				if text := m["text"].(string); !strings.Contains(text, "code is") {
					out = append(out, text)
				}
			}
			return out
		}

		importHearing(2025, 2, 3) // a new case: nothing moved
		if got := dateChanges(); len(got) != 0 {
			t.Fatalf("first import sent %q", got)
		}
		importHearing(2025, 2, 17) // adjourned by the court
		got := dateChanges()
		if len(got) != 1 || !strings.Contains(got[0], "Date changed: MCCC/E3574/2022 Hearing moved from Mon 3 Feb to Mon 17 Feb") {
			t.Fatalf("after the move: %q", got)
		}
		importHearing(2025, 2, 17)
		if got := dateChanges(); len(got) != 1 {
			t.Fatalf("a re-import sent more: %q", got)
		}
		if wa := outbox(t, srv, "whatsapp"); len(wa) != 0 {
			t.Fatalf("WhatsApp is off, yet %v", wa)
		}
		list, err := rc.ListReminders(ctx, connect.NewRequest(&kesiv1.ListRemindersRequest{PageSize: 20}))
		if err != nil {
			t.Fatal(err)
		}
		channels := map[string]string{}
		for _, r := range list.Msg.Reminders {
			if r.Kind == reminders.KindDateChange {
				channels[r.Channel] = r.Status
			}
		}
		if len(channels) != 2 || channels[reminders.SMS] != reminders.StatusSent || channels[reminders.Email] != reminders.StatusSent {
			t.Fatalf("date-change history %v", channels)
		}
	})
}
