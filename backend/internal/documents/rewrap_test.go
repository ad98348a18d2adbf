package documents_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"io"
	"testing"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/testkit"
)

// Issue 15: keys rotated, `kesi keys rewrap` run, the previous key dropped:
// every document still opens, and a second run has nothing to do. Before
// the command, a server on the new key alone could not read one of them.
func TestRewrapLetsThePreviousKeyRetire(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		type stored struct {
			owner uuid.UUID
			id    uuid.UUID
			body  []byte
		}
		var docs []stored
		for i, lawyer := range []*testkit.Session{srv.Lawyer(t), srv.Lawyer(t)} {
			newCase(t, srv, lawyer.User.ID, "MCCC/E1/2024")
			for j := range 2 {
				body := randomBytes(t, 70_000+i*1000+j) // more than one chunk
				out := uploadOK(t, srv, lawyer, "MCCC/E1/2024", "Pleadings", bytesFile("plaint.pdf", body))
				docs = append(docs, stored{lawyer.User.ID, uuid.MustParse(out[0].DocumentID), body})
			}
		}
		env := func(current string, previous string) map[string]string {
			vars := map[string]string{
				"KESI_DATABASE_URL": srv.App.Config.DatabaseURL,
				"KESI_BLOB_URL":     srv.App.Config.BlobURL,
				"KESI_MASTER_KEY":   current,
			}
			if previous != "" {
				vars["KESI_MASTER_KEY_PREVIOUS"] = previous
			}
			return vars
		}
		oldKey := base64.StdEncoding.EncodeToString(srv.App.Config.MasterKey)
		newKey := base64.StdEncoding.EncodeToString(randomBytes(t, 32))
		readAll := func(a *app.App) (opened int) {
			for _, d := range docs {
				doc, err := a.Documents.Get(ctx, d.owner, d.id)
				if err != nil {
					t.Fatal(err)
				}
				rc, err := a.Documents.Content(ctx, doc, 0, doc.Size)
				if err != nil {
					continue
				}
				got, err := io.ReadAll(rc)
				rc.Close()
				if err != nil || !bytes.Equal(got, d.body) {
					t.Fatalf("document %s read back wrong: %v", d.id, err)
				}
				opened++
			}
			return opened
		}

		rotated := newApp(t, env(newKey, oldKey))
		if err := rotated.Check(ctx); err != nil {
			t.Fatal(err)
		}
		if n := readAll(newApp(t, env(newKey, ""))); n != 0 {
			t.Fatalf("before the rewrap the new key alone opened %d documents", n)
		}
		r, err := rotated.Documents.Rewrap(ctx)
		if err != nil || r.Rewrapped != len(docs) || r.Current != 0 || r.Unknown+r.Failed != 0 {
			t.Fatalf("rewrap: %+v, %v", r, err)
		}
		r, err = rotated.Documents.Rewrap(ctx)
		if err != nil || r.Rewrapped != 0 || r.Current != len(docs) {
			t.Fatalf("second rewrap: %+v, %v", r, err)
		}

		retired := newApp(t, env(newKey, ""))
		if err := retired.Check(ctx); err != nil {
			t.Fatalf("start without the previous key: %v", err)
		}
		if n := readAll(retired); n != len(docs) {
			t.Fatalf("after the rewrap the new key alone opened %d of %d documents", n, len(docs))
		}
		// The byte ranges of a download decrypt too.
		doc, _ := retired.Documents.Get(ctx, docs[0].owner, docs[0].id)
		rc, err := retired.Documents.Content(ctx, doc, 65_000, 70_000)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(rc)
		rc.Close()
		if !bytes.Equal(got, docs[0].body[65_000:70_000]) {
			t.Fatal("a range across chunks reads back wrong after the rewrap")
		}

		// A key that opens nothing is reported, and not counted as done.
		other := newApp(t, env(base64.StdEncoding.EncodeToString(randomBytes(t, 32)), newKey))
		if _, err := srv.DB().Document.UpdateOneID(docs[0].id).SetKeyID("0123456789abcdef").Save(ctx); err != nil {
			t.Fatal(err)
		}
		r, err = other.Documents.Rewrap(ctx)
		if err != nil || r.Rewrapped != len(docs)-1 || r.Unknown != 1 || len(r.Unreadable) != 1 || r.Unreadable[0] != docs[0].id {
			t.Fatalf("rewrap with a document under an unknown key: %+v, %v", r, err)
		}
	})
}
