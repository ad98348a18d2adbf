package documents_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/documents/sealed"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/document"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

func TestDownload_Headers(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	lawyer := srv.Lawyer(t)
	newCase(t, srv, lawyer.User.ID, "MCCC/E3574/2022")
	pdf := append([]byte("%PDF-1.4\n"), randomBytes(t, 500)...)
	html := []byte("<!DOCTYPE html><html><script>alert(document.cookie)</script></html>")
	docs := uploadOK(t, srv, lawyer, "MCCC/E3574/2022", "Ruling",
		bytesFile("Ruling – Justice Mwangi \"final\".pdf", pdf), bytesFile("evil.html", html))
	cases := []struct {
		name, path, disposition, contentType string
	}{
		{"a PDF to view", docs[0].DocumentURL, `inline; filename="Ruling _ Justice Mwangi final.pdf"; filename*=UTF-8''Ruling%20%E2%80%93%20Justice%20Mwangi%20final.pdf`, "application/pdf"},
		{"a PDF to download", docs[0].DocumentURL + "?download=1", `attachment; filename="Ruling _ Justice Mwangi final.pdf"; filename*=UTF-8''Ruling%20%E2%80%93%20Justice%20Mwangi%20final.pdf`, "application/pdf"},
		{"HTML is never shown inline", docs[1].DocumentURL, `attachment; filename="evil.html"; filename*=UTF-8''evil.html`, "text/html; charset=utf-8"},
	}
	for _, tc := range cases {
		got := fetch(t, srv, lawyer, tc.path, nil)
		h := got.header
		if got.status != 200 || h.Get("Content-Disposition") != tc.disposition || h.Get("Content-Type") != tc.contentType {
			t.Errorf("%s: %d, Content-Disposition %q, Content-Type %q", tc.name, got.status, h.Get("Content-Disposition"), h.Get("Content-Type"))
		}
		for k, want := range map[string]string{
			"X-Content-Type-Options": "nosniff",
			"Cache-Control":          "private, no-store",
			"Accept-Ranges":          "bytes",
		} {
			if h.Get(k) != want {
				t.Errorf("%s: %s is %q, want %q", tc.name, k, h.Get(k), want)
			}
		}
		csp := h.Get("Content-Security-Policy")
		if tc.name == "a PDF to view" {
			// The browser's PDF viewer will not start in a sandboxed document.
			if strings.Contains(csp, "sandbox") || !strings.Contains(csp, "default-src 'none'") {
				t.Errorf("%s: Content-Security-Policy %q, want no sandbox but no script either", tc.name, csp)
			}
		} else if !strings.HasPrefix(csp, "sandbox") {
			t.Errorf("%s: Content-Security-Policy %q has no sandbox", tc.name, csp)
		}
		if h.Get("Content-Length") != strconv.Itoa(len(got.body)) {
			t.Errorf("%s: Content-Length %q for %d bytes", tc.name, h.Get("Content-Length"), len(got.body))
		}
	}
}

func TestDownload_RangeRequests(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		lawyer := srv.Lawyer(t)
		newCase(t, srv, lawyer.User.ID, "HCCC/E77/2021")
		size := 3*chunk + 1234
		plain := randomBytes(t, size)
		url := uploadOK(t, srv, lawyer, "HCCC/E77/2021", "Bundle", bytesFile("bundle.pdf", plain))[0].DocumentURL
		cases := []struct {
			rng          string
			status       int
			from, to     int // the expected bytes [from, to)
			contentRange string
		}{
			{"bytes=0-99", 206, 0, 100, "bytes 0-99/" + strconv.Itoa(size)},
			{"bytes=65500-65600", 206, 65500, 65601, "bytes 65500-65600/" + strconv.Itoa(size)},
			{"bytes=65536-131071", 206, 65536, 131072, "bytes 65536-131071/" + strconv.Itoa(size)},
			{"bytes=-500", 206, size - 500, size, "bytes " + strconv.Itoa(size-500) + "-" + strconv.Itoa(size-1) + "/" + strconv.Itoa(size)},
			{"bytes=100000-", 206, 100000, size, "bytes 100000-" + strconv.Itoa(size-1) + "/" + strconv.Itoa(size)},
			{"bytes=0-999999999", 206, 0, size, "bytes 0-" + strconv.Itoa(size-1) + "/" + strconv.Itoa(size)},
			{"bytes=-999999999", 206, 0, size, "bytes 0-" + strconv.Itoa(size-1) + "/" + strconv.Itoa(size)},
			{"bytes=0-0,10-20", 200, 0, size, ""}, // several ranges: the whole file
			{"pages=1-2", 200, 0, size, ""},
			{"bytes=" + strconv.Itoa(size) + "-", 416, 0, 0, "bytes */" + strconv.Itoa(size)},
			{"bytes=-0", 416, 0, 0, "bytes */" + strconv.Itoa(size)},
		}
		for _, tc := range cases {
			got := fetch(t, srv, lawyer, url, map[string]string{"Range": tc.rng})
			if got.status != tc.status || got.header.Get("Content-Range") != tc.contentRange {
				t.Errorf("Range %s: %d %q, want %d %q", tc.rng, got.status, got.header.Get("Content-Range"), tc.status, tc.contentRange)
				continue
			}
			if tc.status == 416 {
				continue
			}
			if !bytes.Equal(got.body, plain[tc.from:tc.to]) || got.header.Get("Content-Length") != strconv.Itoa(tc.to-tc.from) {
				t.Errorf("Range %s: %d bytes, Content-Length %s; want bytes [%d,%d)", tc.rng, len(got.body), got.header.Get("Content-Length"), tc.from, tc.to)
			}
		}
		// If-Range with another entity tag asks for the whole file.
		got := fetch(t, srv, lawyer, url, map[string]string{"Range": "bytes=0-9", "If-Range": `"stale"`})
		if got.status != 200 || len(got.body) != size {
			t.Errorf("a stale If-Range answered %d with %d bytes", got.status, len(got.body))
		}
	})
}

// tamper rewrites a document's blob on disk.
func tamper(t *testing.T, srv *testkit.Server, id string, f func(b []byte) []byte) {
	t.Helper()
	p := blobPath(srv, id)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, f(b), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestDownload_TamperedBlobsNeverYieldUnauthenticatedBytes(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	lawyer := srv.Lawyer(t)
	newCase(t, srv, lawyer.User.ID, "MCCC/E3574/2022")
	size := 4*chunk + 999 // five chunks
	plain := randomBytes(t, size)
	full := chunk + sealed.TagSize
	at := func(i int) int { return sealed.HeaderSize + i*full }
	chunkOf := func(b []byte, i int) []byte { return bytes.Clone(b[at(i):min(at(i+1), len(b))]) }
	cases := []struct {
		name string
		bad  int // the first chunk that cannot be trusted
		f    func(b []byte) []byte
	}{
		{"a flipped byte in the first chunk", 0, func(b []byte) []byte { b[at(0)+5] ^= 1; return b }},
		{"a flipped byte in the third chunk", 2, func(b []byte) []byte { b[at(2)+100] ^= 0x80; return b }},
		{"a flipped tag byte of the last chunk", 4, func(b []byte) []byte { b[len(b)-1] ^= 1; return b }},
		{"a flipped header byte", 0, func(b []byte) []byte { b[sealed.HeaderSize-1] ^= 1; return b }},
		{"truncated at a chunk boundary", 3, func(b []byte) []byte { return b[:at(3)] }},
		{"truncated inside the last chunk", 4, func(b []byte) []byte { return b[:len(b)-10] }},
		{"the second and third chunks swapped", 1, func(b []byte) []byte {
			return bytes.Join([][]byte{b[:at(1)], chunkOf(b, 2), chunkOf(b, 1), b[at(3):]}, nil)
		}},
		{"the second chunk dropped", 1, func(b []byte) []byte {
			return bytes.Join([][]byte{b[:at(1)], b[at(2):]}, nil)
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := uploadOK(t, srv, lawyer, "MCCC/E3574/2022", "Evidence", bytesFile("evidence.bin", plain))[0]
			tamper(t, srv, d.DocumentID, tc.f)
			got := fetch(t, srv, lawyer, d.DocumentURL, nil)
			if got.status == http.StatusOK && got.readErr == nil && len(got.body) == size {
				t.Fatal("a tampered document downloaded as if whole")
			}
			if got.status >= 500 {
				return // refused before any byte
			}
			if got.readErr == nil {
				t.Fatalf("status %d with %d bytes and no transfer error", got.status, len(got.body))
			}
			if len(got.body) > tc.bad*chunk || !bytes.Equal(got.body, plain[:len(got.body)]) {
				t.Fatalf("%d bytes came out before the failure; only the %d authentic bytes before chunk %d may", len(got.body), tc.bad*chunk, tc.bad)
			}
		})
	}
}

func TestAccess_OnlyTheOwnerReachesDocuments(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		owner := srv.Lawyer(t)
		c := newCase(t, srv, owner.User.ID, "MCCC/E3574/2022")
		d := uploadOK(t, srv, owner, c.CaseID, "Plaint", bytesFile("plaint.txt", []byte("confidential")))[0]
		ctx := context.Background()

		other := srv.Lawyer(t)
		newCase(t, srv, other.User.ID, c.CaseID) // the same court number in another diary
		if got := fetch(t, srv, other, d.DocumentURL, nil); got.status != 404 || bytes.Contains(got.body, []byte("confidential")) {
			t.Errorf("another lawyer's download: %d %s", got.status, got.body)
		}
		for _, path := range []string{"/api/files/" + c.ID.String(), "/api/files/MCCC%2FE3574%2F2022"} {
			if res := other.Do(t, "GET", path, nil); res.Status != 200 || strings.TrimSpace(string(res.Body)) != `{"files":[]}` {
				t.Errorf("another lawyer's list %s: %d %s", path, res.Status, res.Body)
			}
		}
		_, err := other.Documents().GetDocument(ctx, connect.NewRequest(&kesiv1.GetDocumentRequest{DocumentId: d.DocumentID}))
		if connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("another lawyer's GetDocument: %v", err)
		}
		_, err = other.Documents().DeleteDocument(ctx, connect.NewRequest(&kesiv1.DeleteDocumentRequest{DocumentId: d.DocumentID}))
		if connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("another lawyer's DeleteDocument: %v", err)
		}
		if got := fetch(t, srv, owner, "/api/files/download/not-a-uuid", nil); got.status != 404 {
			t.Errorf("a malformed id answered %d", got.status)
		}

		refused := []struct {
			who    string
			s      *testkit.Session
			status int
			code   connect.Code
		}{
			{"an unpaid lawyer", srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Unpaid: true})), 402, connect.CodeFailedPrecondition},
			{"an affiliate", srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate})), 403, connect.CodePermissionDenied},
			{"nobody signed in", srv.Anonymous(), 401, connect.CodeUnauthenticated},
		}
		for _, r := range refused {
			if got := fetch(t, srv, r.s, d.DocumentURL, nil); got.status != r.status {
				t.Errorf("%s: download %d, want %d", r.who, got.status, r.status)
			}
			if res := r.s.Do(t, "GET", "/api/files/"+c.ID.String(), nil); res.Status != r.status {
				t.Errorf("%s: list %d, want %d", r.who, res.Status, r.status)
			}
			res := upload(t, srv, r.s, form{caseID: str(c.CaseID), title: str("T"), files: []file{bytesFile("x.txt", []byte("x"))}})
			if res.Status != r.status {
				t.Errorf("%s: upload %d, want %d", r.who, res.Status, r.status)
			}
			_, err := r.s.Documents().ListDocuments(ctx, connect.NewRequest(&kesiv1.ListDocumentsRequest{CaseId: c.CaseID}))
			if connect.CodeOf(err) != r.code {
				t.Errorf("%s: ListDocuments %v, want %v", r.who, err, r.code)
			}
		}
		if n := documentRows(t, srv); n != 1 {
			t.Errorf("%d rows after refused uploads", n)
		}
	})
}

// A wrong key refuses to start (TestWrongMasterKeyRefusesToStart); a
// rotated one reads the old files and wraps new ones under itself.
func TestMasterKey_RotationKeepsOldFiles(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		lawyer := srv.Lawyer(t)
		newCase(t, srv, lawyer.User.ID, "MCCC/E3574/2022")
		plain := randomBytes(t, chunk+10)
		old := uploadOK(t, srv, lawyer, "MCCC/E3574/2022", "Before rotation", bytesFile("old.bin", plain))[0]
		devKey, err := os.ReadFile(srv.DataDir + "/master.key")
		if err != nil {
			t.Fatal(err)
		}
		newKey := base64.StdEncoding.EncodeToString(randomBytes(t, 32))

		rotated := srv.Restart(t, map[string]string{
			"KESI_MASTER_KEY":          newKey,
			"KESI_MASTER_KEY_PREVIOUS": strings.TrimSpace(string(devKey)),
		})
		s := rotated.Session(t, lawyer.User)
		got := fetch(t, rotated, s, old.DocumentURL, nil)
		if got.status != 200 || !bytes.Equal(got.body, plain) {
			t.Fatalf("after rotation the old file answers %d with %d bytes", got.status, len(got.body))
		}
		fresh := uploadOK(t, rotated, s, "MCCC/E3574/2022", "After rotation", bytesFile("new.txt", []byte("new")))[0]
		rows, err := rotated.DB().Document.Query().Select(document.FieldKeyID).All(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		ids := map[string]string{}
		for _, r := range rows {
			ids[r.ID.String()] = r.KeyID
		}
		if ids[old.DocumentID] == ids[fresh.DocumentID] {
			t.Fatalf("a file uploaded after rotation is wrapped under the old key id %s", ids[old.DocumentID])
		}
		if strings.Contains(string(devKey), ids[old.DocumentID]) {
			t.Fatal("the key id shows the master key")
		}
	})
}
