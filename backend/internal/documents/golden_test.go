package documents_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kesihq/kesi/backend/internal/testkit"
)

// TestFilesJSON_Golden pins the documented shape of GET /api/files/{caseId}
// and of the upload's answer.
func TestFilesJSON_Golden(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	lawyer := srv.Lawyer(t)
	newCase(t, srv, lawyer.User.ID, "MCCC/E3574/2022")
	res := upload(t, srv, lawyer, form{caseID: str("MCCC/E3574/2022"), title: str("Plaint"), note: str("As filed"),
		files: []file{bytesFile("plaint.pdf", []byte("%PDF-1.7\n%golden"))}})
	checkGolden(t, "upload.golden.json", res.Body)
	list := lawyer.Do(t, "GET", "/api/files/MCCC%2FE3574%2F2022", nil)
	checkGolden(t, "list.golden.json", list.Body)
}

// checkGolden compares body, with its random ids blanked, to testdata/name.
func checkGolden(t *testing.T, name string, body []byte) {
	t.Helper()
	var v struct {
		Files []map[string]any `json:"files"`
	}
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("%s: %v\n%s", name, err, body)
	}
	for _, f := range v.Files {
		id, _ := f["document_id"].(string)
		f["document_id"] = "{document_id}"
		f["document_url"] = strings.ReplaceAll(f["document_url"].(string), id, "{document_id}")
	}
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	testkit.Golden(t, name, append(got, '\n'))

}
