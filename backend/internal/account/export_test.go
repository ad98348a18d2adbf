package account_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/account"
	"github.com/kesihq/kesi/backend/internal/affiliates"
	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/billing"
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/causelists"
	"github.com/kesihq/kesi/backend/internal/clients"
	"github.com/kesihq/kesi/backend/internal/ratelimit"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// The export holds everything of the account and nothing of anyone else's:
// the profile, the cases with their sittings and outcomes, the clients, the
// payments, every document byte for byte under its title, a README.
func TestExportHoldsTheAccountAndNothingElse(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		me := advocate(t, srv, "achieng@example.co.ke")
		other := advocate(t, srv, "other@example.co.ke")
		nums, _ := diary(t, srv, me.User.ID, "MINE")
		otherNums, _ := diary(t, srv, other.User.ID, "THEIRS")
		pay(t, srv, me.User.ID, "ref-mine-1")
		pay(t, srv, other.User.ID, "ref-theirs-1")

		want := map[string]string{
			"documents/Plaint.pdf":                 upload(t, srv, me, nums[0], "Plaint", "plaint.pdf", 1, 1),
			"documents/Plaint (2).pdf":             upload(t, srv, me, nums[1], "Plaint", "plaint-2.pdf", 2, 1000),
			"documents/Witness statement - A.docx": upload(t, srv, me, nums[0], "Witness statement / A", "w.docx", 3, 300_000),
			"documents/Ruling.txt":                 upload(t, srv, me, nums[1], "Ruling", "ruling.txt", 4, 2<<20+17),
		}
		upload(t, srv, other, otherNums[0], "Secret affidavit", "secret.pdf", 9, 5000)

		z, res := export(t, me, srv)
		if ct := res.Header.Get("Content-Type"); ct != "application/zip" {
			t.Errorf("Content-Type %q", ct)
		}
		if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, "kesi-export-2025-01-15.zip") {
			t.Errorf("Content-Disposition %q", cd)
		}
		for name, digest := range want {
			if got := sum(bytes.NewReader(entry(t, z, name))); got != digest {
				t.Errorf("%s is not the file uploaded", name)
			}
		}
		var profile account.ExportedProfile
		decodeEntry(t, z, "profile.json", &profile)
		if profile.Email != "achieng@example.co.ke" || profile.Fullname != "Achieng Odhiambo" {
			t.Errorf("profile %+v", profile)
		}
		var cs []cases.ExportedCase
		decodeEntry(t, z, "cases.json", &cs)
		if len(cs) != 2 || cs[0].CaseNumber != nums[0] || len(cs[0].Activities) != 2 ||
			cs[0].Activities[0].Outcome != "MINE adjourned for hearing" || len(cs[0].ClientIDs) != 1 {
			t.Errorf("cases.json: %+v", cs)
		}
		var cls []clients.ExportedClient
		decodeEntry(t, z, "clients.json", &cls)
		if len(cls) != 1 || cls[0].Fullname != "MINE Jane Wanjiru" || len(cls[0].CaseIDs) != 1 {
			t.Errorf("clients.json: %+v", cls)
		}
		var pays []billing.ExportedPayment
		decodeEntry(t, z, "payments.json", &pays)
		if len(pays) != 1 || pays[0].Reference != "ref-mine-1" {
			t.Errorf("payments.json: %+v", pays)
		}
		var docs []account.ExportedDocument
		decodeEntry(t, z, "documents.json", &docs)
		if len(docs) != len(want) {
			t.Errorf("documents.json lists %d documents, want %d", len(docs), len(want))
		}
		readme := string(entry(t, z, "README.txt"))
		for _, s := range []string{"profile.json", "cases.json", "documents/", "Data Protection Act 2019"} {
			if !strings.Contains(readme, s) {
				t.Errorf("README.txt does not mention %q", s)
			}
		}
		// Nothing of the other advocate, in any file.
		for _, f := range z.File {
			b := entry(t, z, f.Name)
			for _, s := range []string{"THEIRS", "other@example.co.ke", "ref-theirs-1", "Secret affidavit"} {
				if bytes.Contains(b, []byte(s)) {
					t.Errorf("%s holds %q, another advocate's", f.Name, s)
				}
			}
		}
		if len(z.File) != 7+len(want) {
			names := []string{}
			for _, f := range z.File {
				names = append(names, f.Name)
			}
			t.Errorf("the export holds %v", names)
		}
		// Audit-logged.
		if n := srv.DB().AuditEvent.Query().CountX(context.Background()); n == 0 {
			t.Error("the export was not audit-logged")
		}

		// Signed out, and an extension token, get nothing.
		if res := srv.Anonymous().Do(t, http.MethodGet, "/api/account/export", nil); res.Status != http.StatusUnauthorized {
			t.Errorf("signed out: %d", res.Status)
		}
	})
}

// Every visitor signs in to the one shared demo account, whose audit log
// holds every visitor's address and browser: the demo account cannot
// export, as it cannot list its sessions.
func TestExportRefusesTheSharedDemoAccount(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		visitor := srv.Anonymous()
		visitor.Do(t, http.MethodPost, "/api/auth/login", map[string]any{"email": auth.DemoEmail, "password": auth.DemoPassword}).Want(t, 200, "")
		visitor.Do(t, http.MethodGet, "/api/account/export", nil).Want(t, http.StatusForbidden, auth.MsgForbidden)
		_, err := visitor.Auth().ListSessions(context.Background(), connectReq(&kesiv1.ListSessionsRequest{}))
		if connect.CodeOf(err) != connect.CodePermissionDenied {
			t.Errorf("the demo account listed its sessions: %v", err)
		}
	})
}

// A large document goes through the export without the export growing
// the heap by anything like its size: the zip is streamed, never built.
func TestExportStreamsInFlatMemory(t *testing.T) {
	const size = 48 << 20
	srv := testkit.NewServer(t, testkit.SQLite, map[string]string{"KESI_MAX_UPLOAD_BYTES": "67108864"})
	me := advocate(t, srv, "big@example.co.ke")
	nums, _ := diary(t, srv, me.User.ID, "BIG")
	digest := upload(t, srv, me, nums[0], "Bundle", "bundle.pdf", 7, size)

	runtime.GC()
	old := debug.SetGCPercent(10)
	defer debug.SetGCPercent(old)
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	w := &sampler{every: 1 << 20}
	if err := srv.App.Account.Export(context.Background(), w, me.User.ID); err != nil {
		t.Fatal(err)
	}
	if w.n < size/2 {
		t.Fatalf("the export wrote %d bytes", w.n)
	}
	grew := int64(w.peak) - int64(base.HeapAlloc)
	t.Logf("a %d MiB document exported with the heap %d MiB above its start at most", size>>20, grew>>20)
	if grew > 24<<20 {
		t.Errorf("the heap grew by %d MiB exporting a %d MiB document: not streamed", grew>>20, size>>20)
	}

	// Through HTTP the body is chunked as it is produced, and the document
	// comes out whole.
	// 48 MiB decrypted and zipped under -race on a loaded machine takes
	// longer than the session client's timeout: this one waits.
	client := *me.HTTP
	client.Timeout = 5 * time.Minute
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/account/export", nil)
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.ContentLength != -1 {
		t.Errorf("the export announced a length (%d): it was built before it was sent", res.ContentLength)
	}
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	z := zipOf(t, body)
	if got := sum(bytes.NewReader(entry(t, z, "documents/Bundle.pdf"))); got != digest {
		t.Error("the large document changed on its way out")
	}
}

// sampler discards what it is given and records the largest heap seen.
type sampler struct {
	n, next, every int
	peak           uint64
}

func (s *sampler) Write(p []byte) (int, error) {
	s.n += len(p)
	if s.n >= s.next {
		s.next = s.n + s.every
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		s.peak = max(s.peak, m.HeapAlloc)
	}
	return len(p), nil
}

// An affiliate's export holds their programme: each referral they made
// (when, and why it earns nothing if it does not) and every commission,
// pending or paid; not who the referred people are, which is theirs.
func TestExportHoldsTheAffiliatesReferralsAndEarnings(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		srv := testkit.NewServer(t, e, nil)
		aff := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate, Email: "partner@example.co.ke"})
		referred := advocate(t, srv, "referred@example.co.ke")
		ref := srv.DB().Referral.Create().SetAffiliateID(aff.ID).SetReferredID(referred.User.ID).SaveX(ctx)
		srv.DB().Commission.Create().SetReferralID(ref.ID).SetAffiliateID(aff.ID).SetMonth("2024-12").
			SetAmountMinor(45000).SetCurrency("KES").SetStatus("paid").SetPaidAt(srv.Clock.Now().UTC()).ExecX(ctx)
		srv.DB().Commission.Create().SetReferralID(ref.ID).SetAffiliateID(aff.ID).SetMonth("2025-01").
			SetAmountMinor(45000).SetCurrency("KES").ExecX(ctx)
		// Another affiliate's programme is not in it.
		rival := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate})
		rivalRef := srv.DB().Referral.Create().SetAffiliateID(rival.ID).SetReferredID(advocate(t, srv, "rivals@example.co.ke").User.ID).SaveX(ctx)
		srv.DB().Commission.Create().SetReferralID(rivalRef.ID).SetAffiliateID(rival.ID).SetMonth("2024-11").
			SetAmountMinor(45000).SetCurrency("KES").ExecX(ctx)

		z, _ := export(t, srv.Session(t, aff), srv)
		var got affiliates.Exported
		decodeEntry(t, z, "affiliate.json", &got)
		if len(got.Referrals) != 1 || got.Referrals[0].ID != ref.ID.String() || got.Referrals[0].ReferredAt.IsZero() {
			t.Errorf("referrals %+v, want the one made", got.Referrals)
		}
		if len(got.Earnings) != 2 || got.Earnings[0].Month != "2024-12" || got.Earnings[0].Status != "paid" ||
			got.Earnings[0].PaidAt == nil || got.Earnings[1].Month != "2025-01" || got.Earnings[1].Amount != "KSh 450.00" ||
			got.Earnings[1].ReferralID != ref.ID.String() {
			t.Errorf("earnings %+v, want December's paid and January's pending", got.Earnings)
		}
		if !strings.Contains(string(entry(t, z, "README.txt")), "affiliate.json") {
			t.Error("README.txt does not mention affiliate.json")
		}
		for _, f := range z.File {
			b := entry(t, z, f.Name)
			for _, s := range []string{"referred@example.co.ke", "rivals@example.co.ke", rivalRef.ID.String(), "2024-11"} {
				if bytes.Contains(b, []byte(s)) {
					t.Errorf("%s holds %q, someone else's", f.Name, s)
				}
			}
		}
		// An advocate who made no referral has no affiliate.json.
		z, _ = export(t, referred, srv)
		for _, f := range z.File {
			if f.Name == "affiliate.json" {
				t.Error("an advocate's export holds an affiliate.json")
			}
		}
	})
}

// held is a writer that reports the first write and then waits to be let go.
type held struct {
	started, release chan struct{}
	once             bool
}

func (h *held) Write(p []byte) (int, error) {
	if !h.once {
		h.once = true
		close(h.started)
		<-h.release
	}
	return len(p), nil
}

// While an export of the account runs, on any server, a second one (a
// double click, or a script asking a dozen at once of every server behind
// the load balancer) is refused with a 429 that says why, not started
// alongside; once the first is done the next one runs, on either server.
func TestExportOneAtATimePerAccount(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		one := testkit.NewServer(t, e, nil)
		two := one.Restart(t, nil) // a second server on the same database
		me := advocate(t, one, "once@example.co.ke")
		other := advocate(t, one, "someone-else@example.co.ke")

		first := &held{started: make(chan struct{}), release: make(chan struct{})}
		done := make(chan error, 1)
		go func() { done <- one.App.Account.Export(context.Background(), first, me.User.ID) }()
		<-first.started

		for _, srv := range []*testkit.Server{one, two} {
			res := srv.Session(t, me.User).Do(t, http.MethodGet, "/api/account/export", nil)
			res.Want(t, http.StatusTooManyRequests, account.MsgExportUnderway)
			if cd := res.Header.Get("Content-Disposition"); cd != "" {
				t.Errorf("the refusal came as a download: Content-Disposition %q", cd)
			}
		}
		// Another account is not held up.
		export(t, two.Session(t, other.User), two)

		close(first.release)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		z, _ := export(t, two.Session(t, me.User), two)
		entry(t, z, "profile.json")
		z, _ = export(t, me, one)
		entry(t, z, "profile.json")
	})
}

// An export whose server died mid-way leaves its lease behind: the account
// is refused for a few minutes, then exports again on another server.
func TestExportOfADeadServerLapses(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		one := testkit.NewServer(t, e, nil)
		me := advocate(t, one, "crashed@example.co.ke")
		// What the dead server's export left: its lease, never released.
		dead := ratelimit.NewStore(one.App.DB.SQL, one.App.DB.Dialect, one.Clock)
		if l, err := dead.Lease(context.Background(), "export:"+me.User.ID.String(), 2*time.Minute); err != nil || l == nil {
			t.Fatalf("take the lease: %v, %v", l, err)
		}
		two := one.Restart(t, nil)
		two.Session(t, me.User).Do(t, http.MethodGet, "/api/account/export", nil).
			Want(t, http.StatusTooManyRequests, account.MsgExportUnderway)
		two.Clock.Advance(3 * time.Minute)
		z, _ := export(t, two.Session(t, me.User), two)
		entry(t, z, "profile.json")
	})
}

// The cause lists an advocate uploaded are in their export under the names
// they gave them, which can carry a client's name: not under another
// uploader's name for the same file, and not in the other's export.
func TestExportHoldsTheCauseListsUploadedUnderTheirNames(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		srv := testkit.NewServer(t, e, nil)
		me := advocate(t, srv, "achieng@example.co.ke")
		other := advocate(t, srv, "other@example.co.ke")
		list := []byte("BUTERE MAGISTRATE COURT\nCAUSE LIST\nMONDAY, 20 JANUARY 2025\nHON. A. MWANGI (SRM)  COURT 1\n\n09:00 AM\nMENTION\n" +
			"1.    MCCC/E052/2024       Amani Traders Ltd   Vs  Baraka Otieno\n")
		if _, _, err := srv.App.CauseLists.Upload(ctx, me.User.ID, "Wanjirū - advice.txt", list); err != nil {
			t.Fatal(err)
		}
		if _, _, err := srv.App.CauseLists.Upload(ctx, other.User.ID, "theirs - Kamau matter.txt", list); err != nil {
			t.Fatal(err)
		}
		z, _ := export(t, me, srv)
		var got causelists.Exported
		decodeEntry(t, z, "cause-lists.json", &got)
		if len(got.Uploads) != 1 || got.Uploads[0].FileName != "Wanjirū - advice.txt" || got.Uploads[0].Court != "BUTERE MAGISTRATE COURT" ||
			got.Uploads[0].FirstDate != "2025-01-20" || got.Uploads[0].Rows != 1 || got.Uploads[0].UploadedAt.IsZero() {
			t.Errorf("uploads %+v, want the one list under its uploader's name", got.Uploads)
		}
		if !strings.Contains(string(entry(t, z, "README.txt")), "cause-lists.json") {
			t.Error("README.txt does not mention cause-lists.json")
		}
		for _, f := range z.File {
			if bytes.Contains(entry(t, z, f.Name), []byte("Kamau matter")) {
				t.Errorf("%s holds the other uploader's name for the file", f.Name)
			}
		}
	})
}
