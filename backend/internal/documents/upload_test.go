package documents_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/documents"
	"github.com/kesihq/kesi/backend/internal/documents/sealed"
	"github.com/kesihq/kesi/backend/internal/gateway"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

const chunk = sealed.DefaultChunkSize

func TestUpload_RoundTripOfManySizes(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		lawyer := srv.Lawyer(t)
		caseID := "MCCC/E3574/2022"
		newCase(t, srv, lawyer.User.ID, caseID)
		marker := []byte("PLAINTIFF'S WITNESS STATEMENT -- KESI PLAINTEXT MARKER")
		for _, size := range []int{1, chunk, chunk + 1, 3<<20 + 17, 24 << 20} {
			plain := randomBytes(t, size)
			copy(plain, marker[:min(len(marker), size)])
			docs := uploadOK(t, srv, lawyer, caseID, "Witness statement", bytesFile("statement.bin", plain))
			d := docs[0]
			if d.SizeBytes != int64(size) || d.OriginalExtension != "bin" || d.CaseID != caseID {
				t.Fatalf("%d bytes: answered %+v", size, d)
			}
			sum := sha256.Sum256(plain)
			if d.SHA256 != hex.EncodeToString(sum[:]) {
				t.Fatalf("%d bytes: sha256 %s", size, d.SHA256)
			}
			got := fetch(t, srv, lawyer, d.DocumentURL, nil)
			if got.status != http.StatusOK || got.readErr != nil {
				t.Fatalf("%d bytes: download %d, %v: %s", size, got.status, got.readErr, got.body[:min(200, len(got.body))])
			}
			if !bytes.Equal(got.body, plain) {
				t.Fatalf("%d bytes: the download is not byte-identical (%d bytes back)", size, len(got.body))
			}
			stored, err := os.ReadFile(blobPath(srv, d.DocumentID))
			if err != nil {
				t.Fatalf("%d bytes: the blob is not in the store: %v", size, err)
			}
			if int64(len(stored)) != sealed.SealedSize(int64(size), chunk) {
				t.Fatalf("%d bytes: blob of %d bytes", size, len(stored))
			}
			needle := marker[:min(len(marker), size)]
			if size >= 16 && bytes.Contains(stored, needle) {
				t.Fatalf("%d bytes: the blob on disk holds the plaintext", size)
			}
		}
	})
}

func TestUpload_SeveralFilesAreListedThroughBothDoors(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		lawyer := srv.Lawyer(t)
		c := newCase(t, srv, lawyer.User.ID, "Civil Appeal E097 of 2020")
		pdf := append([]byte("%PDF-1.7\n"), randomBytes(t, 3000)...)
		docx := append([]byte("PK\x03\x04"), randomBytes(t, 2000)...)
		docs := uploadOK(t, srv, lawyer, c.CaseID, "  Pleadings  ",
			bytesFile("Plaint.PDF", pdf), bytesFile(`C:\Users\wakili\Defence.docx`, docx), bytesFile("notes.txt", []byte("Mention on 2025-02-03")))
		wantTypes := map[string]string{
			"Plaint.PDF":   "application/pdf",
			"Defence.docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
			"notes.txt":    "text/plain; charset=utf-8",
		}
		for _, d := range docs {
			if d.DocumentTitle != "Pleadings" || d.Note != "Filed at the registry" || d.CreatedAt == nil {
				t.Errorf("%s: title %q note %q created %v", d.OriginalFilename, d.DocumentTitle, d.Note, d.CreatedAt)
			}
			if want, ok := wantTypes[d.OriginalFilename]; !ok || d.ContentType != want {
				t.Errorf("%q: content type %q, want %q", d.OriginalFilename, d.ContentType, want)
			}
			if d.DocumentURL != documents.DownloadPath+d.DocumentID {
				t.Errorf("document_url %q", d.DocumentURL)
			}
		}

		// REST, by the court's case number (escaped or not) and by internal id.
		for _, path := range []string{
			"/api/files/" + url.PathEscape(c.CaseID),
			"/api/files/" + c.CaseID,
			"/api/files/" + c.ID.String(),
		} {
			res := lawyer.Do(t, http.MethodGet, path, nil)
			var list gateway.FilesJSON
			res.JSON(t, &list)
			if res.Status != http.StatusOK || len(list.Files) != 3 {
				t.Fatalf("GET %s: %d with %d files: %s", path, res.Status, len(list.Files), res.Body)
			}
			if !strings.Contains(string(res.Body), `"originalExtension":"pdf"`) {
				t.Fatalf("GET %s: the documented originalExtension is missing: %s", path, res.Body)
			}
		}
		// Connect.
		res, err := lawyer.Documents().ListDocuments(context.Background(), connect.NewRequest(&kesiv1.ListDocumentsRequest{CaseId: c.CaseID}))
		if err != nil || len(res.Msg.Files) != 3 {
			t.Fatalf("ListDocuments: %v, %d files", err, len(res.Msg.GetFiles()))
		}
		one, err := lawyer.Documents().GetDocument(context.Background(), connect.NewRequest(&kesiv1.GetDocumentRequest{DocumentId: docs[0].DocumentID}))
		if err != nil || one.Msg.Document.DocumentTitle != "Pleadings" {
			t.Fatalf("GetDocument: %v", err)
		}
		for _, d := range docs {
			got := fetch(t, srv, lawyer, d.DocumentURL, nil)
			if got.status != http.StatusOK {
				t.Fatalf("%s: %d", d.OriginalFilename, got.status)
			}
		}

		// An unknown case and a case with no files list nothing, as SPEC.md says.
		newCase(t, srv, lawyer.User.ID, "HCCC/E001/2024")
		for _, path := range []string{"/api/files/HCCC%2FE001%2F2024", "/api/files/NO-SUCH-CASE"} {
			res := lawyer.Do(t, http.MethodGet, path, nil)
			if res.Status != http.StatusOK || strings.TrimSpace(string(res.Body)) != `{"files":[]}` {
				t.Fatalf("GET %s: %d %s", path, res.Status, res.Body)
			}
		}

		// Deleting through Connect removes the row and the ciphertext.
		if _, err := lawyer.Documents().DeleteDocument(context.Background(), connect.NewRequest(&kesiv1.DeleteDocumentRequest{DocumentId: docs[0].DocumentID})); err != nil {
			t.Fatal(err)
		}
		if got := fetch(t, srv, lawyer, docs[0].DocumentURL, nil); got.status != http.StatusNotFound {
			t.Fatalf("a deleted document answers %d", got.status)
		}
		if _, err := os.Stat(blobPath(srv, docs[0].DocumentID)); !os.IsNotExist(err) {
			t.Fatalf("the deleted document's blob is still stored: %v", err)
		}
	})
}

func TestUpload_FieldsAfterFilesStillWork(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	lawyer := srv.Lawyer(t)
	newCase(t, srv, lawyer.User.ID, "ELRC/E12/2023")
	res := upload(t, srv, lawyer, form{caseID: str("ELRC/E12/2023"), title: str("Award"), fieldsLast: true,
		files: []file{bytesFile("award.txt", []byte("award"))}})
	if res.Status != http.StatusCreated {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
}

func TestUpload_BadFormsAreRefusedAndStoreNothing(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		lawyer := srv.Lawyer(t)
		other := srv.Lawyer(t)
		newCase(t, srv, lawyer.User.ID, "MCCC/E1/2024")
		newCase(t, srv, other.User.ID, "MCCC/E2/2024")
		good := func() []file {
			return []file{bytesFile("a.txt", []byte("first")), bytesFile("b.txt", []byte("second"))}
		}
		cases := []struct {
			name    string
			form    form
			status  int
			message string
		}{
			{"no files", form{caseID: str("MCCC/E1/2024"), title: str("Title")}, 400, documents.MsgNoFiles},
			{"only a browser's empty file input", form{caseID: str("MCCC/E1/2024"), title: str("Title"), files: []file{bytesFile("", nil)}}, 400, documents.MsgNoFiles},
			{"no title", form{caseID: str("MCCC/E1/2024"), files: good()}, 400, documents.MsgNoTitle},
			{"a blank title", form{caseID: str("MCCC/E1/2024"), title: str(" \t "), files: good()}, 400, documents.MsgNoTitle},
			{"a blank title sent after the files", form{caseID: str("MCCC/E1/2024"), title: str(""), files: good(), fieldsLast: true}, 400, documents.MsgNoTitle},
			{"an empty file after a good one", form{caseID: str("MCCC/E1/2024"), title: str("T"), files: []file{bytesFile("a.txt", []byte("x")), bytesFile("empty.pdf", nil)}}, 400, `The file "empty.pdf" is empty. Please choose a file that has content.`},
			{"an unknown case", form{caseID: str("MCCC/E404/2024"), title: str("T"), files: good()}, 404, documents.MsgCaseNotFound},
			{"another lawyer's case", form{caseID: str("MCCC/E2/2024"), title: str("T"), files: good()}, 404, documents.MsgCaseNotFound},
			{"another lawyer's case, fields last", form{caseID: str("MCCC/E2/2024"), title: str("T"), files: good(), fieldsLast: true}, 404, documents.MsgCaseNotFound},
			{"a title over 300 characters", form{caseID: str("MCCC/E1/2024"), title: str(strings.Repeat("t", 301)), files: good()}, 400, "The document title must be at most 300 characters."},
		}
		for _, tc := range cases {
			res := upload(t, srv, lawyer, tc.form)
			if res.Status != tc.status || res.Message(t) != tc.message {
				t.Errorf("%s: %d %q, want %d %q", tc.name, res.Status, res.Message(t), tc.status, tc.message)
			}
		}
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/files/upload", strings.NewReader(`{"case_id":"MCCC/E1/2024"}`))
		req.Header.Set("Content-Type", "application/json")
		if res := lawyer.Send(t, req); res.Status != http.StatusForbidden {
			t.Errorf("a JSON body answered %d, want 403", res.Status)
		}
		if n := documentRows(t, srv); n != 0 {
			t.Errorf("refused uploads left %d rows", n)
		}
		if files := blobFiles(t, srv); len(files) != 0 {
			t.Errorf("refused uploads left blobs: %v", files)
		}
	})
}

// The form's text fields get the check every JSON and Connect field gets:
// a NUL (a 500 on Postgres, stored by SQLite) answers 400 naming the field,
// sent before the files or after them, and nothing is stored.
func TestUpload_TextFieldWithNULAnswers400AndStoresNothing(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		lawyer := srv.Lawyer(t)
		newCase(t, srv, lawyer.User.ID, "HCCC/E1/2025")
		for _, tc := range []struct {
			field string
			form  form
		}{
			{"case_id", form{caseID: str("HCCC/E1/2025\x00"), title: str("Plaint")}},
			{"document_title", form{caseID: str("HCCC/E1/2025"), title: str("Plaint\x00")}},
			{"note", form{caseID: str("HCCC/E1/2025"), title: str("Plaint"), note: str("Filed\x00")}},
		} {
			for _, last := range []bool{false, true} {
				f := tc.form
				f.fieldsLast = last
				f.files = []file{bytesFile("plaint.pdf", []byte("%PDF-1.4 plaint"))}
				res := upload(t, srv, lawyer, f)
				var body struct{ Message, Field string }
				res.JSON(t, &body)
				if want := tc.field + " must not contain NUL characters."; res.Status != http.StatusBadRequest || body.Field != tc.field || body.Message != want {
					t.Errorf("a NUL in %s (fields last: %v): %d %s", tc.field, last, res.Status, res.Body)
				}
			}
		}
		if n := documentRows(t, srv); n != 0 {
			t.Errorf("refused uploads left %d rows", n)
		}
		if files := blobFiles(t, srv); len(files) != 0 {
			t.Errorf("refused uploads left blobs: %v", files)
		}
	})
}

func TestUpload_OverTheLimitsAnswers413AndStoresNothing(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, map[string]string{
			"KESI_MAX_UPLOAD_BYTES":      "200000",
			"KESI_MAX_REQUEST_BYTES":     "500000",
			"KESI_DEMO_MAX_UPLOAD_BYTES": "1024",
		})
		lawyer := srv.Lawyer(t)
		newCase(t, srv, lawyer.User.ID, "MCCC/E1/2024")
		cases := []struct {
			name    string
			files   []file
			message string
		}{
			{"one file one byte over", []file{bytesFile("a.pdf", randomBytes(t, 200001))},
				`The file "a.pdf" is larger than 195 KiB, the most one file may be.`},
			{"a good file then one far over", []file{bytesFile("ok.txt", []byte("fine")), bytesFile("big.bin", randomBytes(t, 3<<20))},
				`The file "big.bin" is larger than 195 KiB, the most one file may be.`},
			{"files together over the request limit", []file{bytesFile("1", randomBytes(t, 190000)), bytesFile("2", randomBytes(t, 190000)), bytesFile("3", randomBytes(t, 190000))},
				"The upload is larger than 488 KiB, the most one upload may be. Please send fewer or smaller files."},
		}
		for _, tc := range cases {
			res := upload(t, srv, lawyer, form{caseID: str("MCCC/E1/2024"), title: str("T"), files: tc.files})
			if res.Status != http.StatusRequestEntityTooLarge || res.Message(t) != tc.message {
				t.Errorf("%s: %d %q", tc.name, res.Status, res.Body)
			}
		}
		// The demo account's files are capped smaller.
		demo := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Role: "demo"}))
		newCase(t, srv, demo.User.ID, "DEMO/1/2025")
		res := upload(t, srv, demo, form{caseID: str("DEMO/1/2025"), title: str("T"), files: []file{bytesFile("demo.txt", randomBytes(t, 1025))}})
		if res.Status != http.StatusRequestEntityTooLarge {
			t.Errorf("a demo file over its cap answered %d %s", res.Status, res.Body)
		}
		if res := upload(t, srv, demo, form{caseID: str("DEMO/1/2025"), title: str("T"), files: []file{bytesFile("demo.txt", randomBytes(t, 1024))}}); res.Status != http.StatusCreated {
			t.Errorf("a demo file at its cap answered %d %s", res.Status, res.Body)
		}
		if n := documentRows(t, srv); n != 1 {
			t.Errorf("%d rows, want only the demo file", n)
		}
		if files := blobFiles(t, srv); len(files) != 1 {
			t.Errorf("blobs left: %v", files)
		}
	})
}

func TestUpload_MalformedFormsAnswer400AndStoreNothing(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, map[string]string{"KESI_MAX_UPLOAD_FILES": "3"})
	lawyer := srv.Lawyer(t)
	newCase(t, srv, lawyer.User.ID, "MCCC/E1/2024")
	head := "--B\r\nContent-Disposition: form-data; name=\"case_id\"\r\n\r\nMCCC/E1/2024\r\n" +
		"--B\r\nContent-Disposition: form-data; name=\"document_title\"\r\n\r\nT\r\n"
	cases := []struct {
		name, contentType, body string
	}{
		{"a body cut in the middle of a file", "multipart/form-data; boundary=B",
			head + "--B\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.pdf\"\r\n\r\n%PDF-1.7 and then nothing"},
		{"a part with a broken header", "multipart/form-data; boundary=B",
			head + "--B\r\nContent-Disposition form-data no colon\r\n\r\nx\r\n--B--\r\n"},
		{"no closing boundary", "multipart/form-data; boundary=B", head},
		{"a boundary that never appears", "multipart/form-data; boundary=ZZZ", head + "--B--\r\n"},
		{"no boundary at all", "multipart/form-data", head},
		{"NUL bytes and garbage", "multipart/form-data; boundary=B", "\x00\x00\xff\xfe--B\r\n\x00"},
	}
	for _, tc := range cases {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/files/upload", strings.NewReader(tc.body))
		req.Header.Set("Content-Type", tc.contentType)
		if res := lawyer.Send(t, req); res.Status != http.StatusBadRequest {
			t.Errorf("%s: answered %d %s, want 400", tc.name, res.Status, res.Body)
		}
	}
	// Past the number of files one upload may hold.
	pages := func(n int) []file {
		var files []file
		for i := range n {
			files = append(files, bytesFile(fmt.Sprintf("%d.txt", i), []byte("page")))
		}
		return files
	}
	res := upload(t, srv, lawyer, form{caseID: str("MCCC/E1/2024"), title: str("T"), files: pages(4)})
	if want := "One upload may hold at most 3 files. Please upload the others separately."; res.Status != http.StatusBadRequest || res.Message(t) != want {
		t.Errorf("four files with a limit of three: %d %s", res.Status, res.Body)
	}
	if docs := uploadOK(t, srv, lawyer, "MCCC/E1/2024", "T", pages(3)...); len(docs) != 3 {
		t.Errorf("three files at the limit: %d stored", len(docs))
	}
	if n := documentRows(t, srv); n != 3 {
		t.Errorf("%d rows, want the 3 of the good upload", n)
	}
	if got := blobFiles(t, srv); len(got) != 3 {
		t.Errorf("refused uploads left blobs: %v", got)
	}
	if n := srv.DB().PendingUpload.Query().CountX(context.Background()); n != 0 {
		t.Errorf("refused uploads left %d pending records", n)
	}
}
