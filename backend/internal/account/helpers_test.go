package account_test

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/affiliates"
	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/clients"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

const password = "Mombasa-road-42"

// cheap hashes a test password quickly; checking it works all the same.
var cheap = auth.PasswordParams{Memory: 1024, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}

// advocate adds a subscribed lawyer with password, and signs them in.
func advocate(t testing.TB, srv *testkit.Server, email string) *testkit.Session {
	t.Helper()
	u, err := auth.AddUser(context.Background(), srv.DB(), affiliates.Referrals{}, srv.Clock.Now(), auth.RegisterInput{
		Fullname: "Achieng Odhiambo", Email: email, Password: password, PhoneNumber: "0712345678",
	}, role.Lawyer, cheap)
	if err != nil {
		t.Fatal(err)
	}
	row := srv.DB().User.UpdateOneID(u.ID).SetPaidUntil(srv.Clock.Now().Add(30 * 24 * time.Hour)).SaveX(context.Background())
	return srv.Session(t, row)
}

// diary gives owner two cases with sittings and outcomes, and a client
// linked to the first; it answers the cases' numbers and ids.
func diary(t testing.TB, srv *testkit.Server, owner uuid.UUID, prefix string) ([]string, []uuid.UUID) {
	t.Helper()
	ctx := context.Background()
	today := srv.App.Calendar.Today()
	nums := []string{prefix + "/E101/2024", prefix + "/E202/2025"}
	ids, err := cases.WriteWhole(ctx, srv.DB(), owner, today, []cases.WholeCase{
		{CaseID: nums[0], Parties: prefix + " Wanjiru v. Otieno", LawCourt: "Milimani Commercial Court", Sittings: []cases.WholeSitting{
			{Kind: "Mention", Date: today.AddDays(-14), Outcome: prefix + " adjourned for hearing"},
			{Kind: "Hearing", Date: today.AddDays(7), Time: "09:00"},
		}},
		{CaseID: nums[1], Parties: prefix + " Kamau v. Njoroge", LawCourt: "Kibera Law Courts", Sittings: []cases.WholeSitting{
			{Kind: "Ruling", Date: today.AddDays(-3), Outcome: prefix + " ruling delivered"},
		}},
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := clients.WriteWhole(ctx, srv.DB(), owner, []clients.Fields{
		{Fullname: prefix + " Jane Wanjiru", Email: "jane@example.co.ke", PhoneNumber: "0722000000"},
	}, [][]uuid.UUID{{ids[0]}}); err != nil {
		t.Fatal(err)
	}
	return nums, ids
}

// seeded is n deterministic bytes.
func seeded(seed uint64, n int64) io.Reader {
	return io.LimitReader(rand.NewChaCha8([32]byte{byte(seed), byte(seed >> 8)}), n)
}

func sum(r io.Reader) string {
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		panic(err)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// upload streams one file of n seeded bytes to the case, and answers its
// SHA-256.
func upload(t testing.TB, srv *testkit.Server, s *testkit.Session, caseNumber, title, filename string, seed uint64, n int64) string {
	t.Helper()
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		err := func() error {
			mw.WriteField("case_id", caseNumber)
			mw.WriteField("document_title", title)
			part, err := mw.CreateFormFile("files", filename)
			if err != nil {
				return err
			}
			if _, err := io.Copy(part, seeded(seed, n)); err != nil {
				return err
			}
			return mw.Close()
		}()
		pw.CloseWithError(err)
	}()
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/files/upload", pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res := s.Send(t, req)
	if res.Status != http.StatusCreated {
		t.Fatalf("upload %s answered %d: %s", title, res.Status, res.Body)
	}
	return sum(seeded(seed, n))
}

// export downloads the session's export and opens it.
func export(t testing.TB, s *testkit.Session, srv *testkit.Server) (*zip.Reader, *testkit.Response) {
	t.Helper()
	res := s.Do(t, http.MethodGet, "/api/account/export", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("export answered %d: %s", res.Status, res.Body)
	}
	z, err := zip.NewReader(bytes.NewReader(res.Body), int64(len(res.Body)))
	if err != nil {
		t.Fatalf("the export is not a zip: %v", err)
	}
	return z, res
}

func entry(t testing.TB, z *zip.Reader, name string) []byte {
	t.Helper()
	f, err := z.Open(name)
	if err != nil {
		t.Fatalf("the export has no %s: %v", name, err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		t.Fatalf("read %s: %v", name, err)
	}
	return b
}

func decodeEntry(t testing.TB, z *zip.Reader, name string, v any) {
	t.Helper()
	if err := json.Unmarshal(entry(t, z, name), v); err != nil {
		t.Fatalf("%s is not JSON: %v", name, err)
	}
}

// pay records a successful payment of the user.
func pay(t testing.TB, srv *testkit.Server, id uuid.UUID, ref string) {
	t.Helper()
	now := srv.Clock.Now()
	srv.DB().Payment.Create().SetUserID(id).SetPlanID("monthly").SetReference(ref).SetAmountMinor(150000).
		SetCurrency("KES").SetDurationDays(30).SetStatus("success").SetProvider("fake").SetAppliedAt(now).
		ExecX(context.Background())
}

func signIn(t testing.TB, srv *testkit.Server, email string) *testkit.Session {
	t.Helper()
	s := srv.Anonymous()
	if _, err := s.Auth().Login(context.Background(), connectReq(&kesiv1.LoginRequest{Email: email, Password: password})); err != nil {
		t.Fatalf("sign in %s: %v", email, err)
	}
	return s
}

func connectReq[T any](m *T) *connect.Request[T] { return connect.NewRequest(m) }

func accountClient(s *testkit.Session, srv *testkit.Server) kesiv1connect.AccountServiceClient {
	return kesiv1connect.NewAccountServiceClient(s.HTTP, srv.URL)
}

func zipOf(t testing.TB, b []byte) *zip.Reader {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	return z
}
