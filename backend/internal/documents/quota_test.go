package documents_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/pendingupload"
)

// gated reads head, then waits for open before reading tail.
type gated struct {
	head, tail io.Reader
	open       chan struct{}
}

func (g *gated) Read(p []byte) (int, error) {
	if n, err := g.head.Read(p); n > 0 || err != io.EOF {
		return n, err
	}
	<-g.open
	return g.tail.Read(p)
}

// Issue 15: the demo stored 191 MB in under a second. Each account now has
// a storage quota, reserved as the bytes stream in, so that two uploads at
// once cannot both pass it; over it, 413 with a message a person can act on,
// and nothing left behind.
func TestStorageQuotaHoldsAgainstConcurrentUploads(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		const mib = 1 << 20
		srv := testkit.NewServer(t, e, map[string]string{"KESI_STORAGE_QUOTA_BYTES": "3145728"}) // 3 MiB
		ctx := context.Background()
		lawyer := srv.Lawyer(t)
		newCase(t, srv, lawyer.User.ID, "MCCC/E1/2024")

		// Upload A streams 1.5 of its 2 MiB and waits.
		a := randomBytes(t, 2*mib)
		gate := &gated{head: bytes.NewReader(a[:3*mib/2]), tail: bytes.NewReader(a[3*mib/2:]), open: make(chan struct{})}
		doneA := make(chan *testkit.Response, 1)
		go func() {
			doneA <- upload(t, srv, lawyer, form{caseID: str("MCCC/E1/2024"), title: str("Plaint"), files: []file{{name: "a.pdf", body: gate}}})
		}()
		deadline := time.Now().Add(20 * time.Second)
		for {
			n, err := srv.DB().PendingUpload.Query().Where(pendingupload.ReservedBytesGTE(3 * mib / 2)).Count(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if n == 1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("upload A never reserved its first bytes")
			}
			time.Sleep(20 * time.Millisecond)
		}
		// Upload B, 2 MiB, all at once: 2 + 2 > 3, refused.
		res := upload(t, srv, lawyer, form{caseID: str("MCCC/E1/2024"), title: str("Reply"), files: []file{bytesFile("b.pdf", randomBytes(t, 2*mib))}})
		if res.Status != http.StatusRequestEntityTooLarge {
			t.Fatalf("the second concurrent upload answered %d %s", res.Status, res.Body)
		}
		if msg := res.Message(t); !strings.Contains(msg, `The file "b.pdf" does not fit in your document storage`) || !strings.Contains(msg, "of the 3 MiB you may store") || !strings.Contains(msg, "Please delete documents you no longer need") {
			t.Fatalf("over-quota message %q", msg)
		}
		close(gate.open)
		if r := <-doneA; r.Status != http.StatusCreated {
			t.Fatalf("upload A answered %d %s", r.Status, r.Body)
		}
		if n := documentRows(t, srv); n != 1 || len(blobFiles(t, srv)) != 1 {
			t.Fatalf("%d rows and %d blobs after one upload passed, want 1 and 1", n, len(blobFiles(t, srv)))
		}
		if n := srv.DB().PendingUpload.Query().CountX(ctx); n != 0 {
			t.Fatalf("%d pending uploads left holding quota", n)
		}

		// Exactly what is left fits; one byte more does not.
		uploadOK(t, srv, lawyer, "MCCC/E1/2024", "Affidavit", bytesFile("c.pdf", randomBytes(t, mib)))
		res = upload(t, srv, lawyer, form{caseID: str("MCCC/E1/2024"), title: str("T"), files: []file{bytesFile("d.txt", []byte("x"))}})
		if res.Status != http.StatusRequestEntityTooLarge {
			t.Fatalf("one byte over the quota answered %d %s", res.Status, res.Body)
		}
		if used, err := srv.App.Documents.Usage(ctx, lawyer.User.ID); err != nil || used != 3*mib {
			t.Fatalf("usage %d, %v", used, err)
		}
		// Another account has its own quota. Six uploads of 1 MiB at once
		// against its 3 MiB: three pass, never more.
		other := srv.Lawyer(t)
		newCase(t, srv, other.User.ID, "MCCC/E1/2024")
		statuses := make(chan int, 6)
		for range 6 {
			go func() {
				statuses <- upload(t, srv, other, form{caseID: str("MCCC/E1/2024"), title: str("T"), files: []file{bytesFile("p.pdf", randomBytes(t, mib))}}).Status
			}()
		}
		passed := 0
		for range 6 {
			switch s := <-statuses; s {
			case http.StatusCreated:
				passed++
			case http.StatusRequestEntityTooLarge:
			default:
				t.Errorf("a concurrent upload answered %d", s)
			}
		}
		if used, _ := srv.App.Documents.Usage(ctx, other.User.ID); passed != 3 || used != 3*mib {
			t.Fatalf("%d of 6 concurrent uploads passed, storing %d bytes; want 3 and 3 MiB", passed, used)
		}
	})
}

// The demo account's quota is small, and its files go at every reset.
func TestDemoQuotaAndReset(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, map[string]string{"KESI_DEMO_STORAGE_QUOTA_BYTES": "1048576"})
		ctx := context.Background()
		u, err := auth.EnsureDemoAccount(ctx, srv.DB())
		if err != nil {
			t.Fatal(err)
		}
		demo := srv.Session(t, srv.DB().User.GetX(ctx, u.ID))
		demoCase := func() string {
			return srv.DB().CourtCase.Query().Where(courtcase.OwnerID(u.ID)).FirstX(ctx).CaseID
		}
		caseID := demoCase()
		uploadOK(t, srv, demo, caseID, "Plaint", bytesFile("a.pdf", randomBytes(t, 600<<10)))
		res := upload(t, srv, demo, form{caseID: str(caseID), title: str("T"), files: []file{bytesFile("b.pdf", randomBytes(t, 600<<10))}})
		if res.Status != http.StatusRequestEntityTooLarge || !strings.Contains(res.Message(t), "of the 1 MiB you may store") {
			t.Fatalf("the demo over its quota answered %d %s", res.Status, res.Body)
		}
		// A lawyer is not held to the demo's quota.
		lawyer := srv.Lawyer(t)
		newCase(t, srv, lawyer.User.ID, "MCCC/E1/2024")
		uploadOK(t, srv, lawyer, "MCCC/E1/2024", "Plaint", bytesFile("a.pdf", randomBytes(t, 1200<<10)))

		if err := srv.App.ResetDemo(ctx); err != nil {
			t.Fatal(err)
		}
		if used, _ := srv.App.Documents.Usage(ctx, u.ID); used != 0 {
			t.Fatalf("the demo reset left %d bytes", used)
		}
		if n := len(blobFiles(t, srv)); n != 1 {
			t.Fatalf("%d blobs after the demo reset, want the lawyer's one", n)
		}
		uploadOK(t, srv, demo, demoCase(), "Plaint", bytesFile("a.pdf", randomBytes(t, 600<<10)))
	})
}
