package documents_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/gateway"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent"
)

// newCase arranges a case of owner directly in the database.
func newCase(t testing.TB, srv *testkit.Server, owner uuid.UUID, caseID string) *ent.CourtCase {
	t.Helper()
	c, err := srv.DB().CourtCase.Create().
		SetOwnerID(owner).
		SetCaseID(caseID).
		SetParties("Wanjiru v. Otieno").
		SetLawCourt("Milimani Commercial Court").
		Save(context.Background())
	if err != nil {
		t.Fatalf("create case: %v", err)
	}
	return c
}

// file is one file part of an upload form.
type file struct {
	name string
	body io.Reader
}

func bytesFile(name string, b []byte) file { return file{name: name, body: bytes.NewReader(b)} }

// form is an upload form; nil fields are left out.
type form struct {
	caseID, title, note *string
	files               []file
	fieldsLast          bool // send the files before the text fields
}

func str(s string) *string { return &s }

// uploadRequest streams the multipart form without holding it in memory.
func uploadRequest(t testing.TB, srv *testkit.Server, f form) *http.Request {
	t.Helper()
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		writeFields := func() error {
			for name, v := range map[string]*string{"case_id": f.caseID, "document_title": f.title, "note": f.note} {
				if v != nil {
					if err := mw.WriteField(name, *v); err != nil {
						return err
					}
				}
			}
			return nil
		}
		err := func() error {
			if !f.fieldsLast {
				if err := writeFields(); err != nil {
					return err
				}
			}
			for _, fl := range f.files {
				part, err := mw.CreateFormFile("files", fl.name)
				if err != nil {
					return err
				}
				if _, err := io.Copy(part, fl.body); err != nil {
					return err
				}
			}
			if f.fieldsLast {
				if err := writeFields(); err != nil {
					return err
				}
			}
			return mw.Close()
		}()
		pw.CloseWithError(err)
	}()
	req, err := http.NewRequest(http.MethodPost, srv.URL+"/api/files/upload", pr)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return req
}

// upload sends an upload form.
func upload(t testing.TB, srv *testkit.Server, s *testkit.Session, f form) *testkit.Response {
	t.Helper()
	return s.Send(t, uploadRequest(t, srv, f))
}

// uploadOK uploads files to caseID and answers the created documents.
func uploadOK(t testing.TB, srv *testkit.Server, s *testkit.Session, caseID, title string, files ...file) []gateway.FileJSON {
	t.Helper()
	res := upload(t, srv, s, form{caseID: str(caseID), title: str(title), note: str("Filed at the registry"), files: files})
	if res.Status != http.StatusCreated {
		t.Fatalf("upload answered %d: %s", res.Status, res.Body)
	}
	var out gateway.FilesJSON
	res.JSON(t, &out)
	if len(out.Files) != len(files) {
		t.Fatalf("upload of %d files answered %d", len(files), len(out.Files))
	}
	return out.Files
}

// fetched is a response whose body may have been cut short.
type fetched struct {
	status  int
	header  http.Header
	body    []byte
	readErr error
}

// fetch GETs path with extra headers, keeping a body read error instead of
// failing, so that tests can see a transfer cut short.
func fetch(t testing.TB, srv *testkit.Server, s *testkit.Session, path string, header map[string]string) fetched {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := s.HTTP.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	return fetched{status: res.StatusCode, header: res.Header, body: body, readErr: err}
}

func randomBytes(t testing.TB, n int) []byte {
	t.Helper()
	b := make([]byte, n)
	rand.Read(b)
	return b
}

// blobFiles lists the files under the server's local blob store.
func blobFiles(t testing.TB, srv *testkit.Server) []string {
	t.Helper()
	var out []string
	root := filepath.Join(srv.DataDir, "blobs", "doc")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if os.IsNotExist(err) {
			return nil
		}
		if err != nil {
			return err
		}
		if !d.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// documentRows counts the documents table.
func documentRows(t testing.TB, srv *testkit.Server) int {
	t.Helper()
	n, err := srv.DB().Document.Query().Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// blobPath is where a document's ciphertext lives in the local store.
func blobPath(srv *testkit.Server, documentID string) string {
	return filepath.Join(srv.DataDir, "blobs", "doc", documentID)
}
