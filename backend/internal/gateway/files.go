package gateway

import (
	"net/http"

	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// FileJSON is a case document as SPEC.md section 3 names its fields (the
// client reads originalExtension in camelCase), plus what Kesi adds.
type FileJSON struct {
	DocumentID        string  `json:"document_id"`
	DocumentURL       string  `json:"document_url"`
	DocumentTitle     string  `json:"document_title"`
	CreatedAt         *string `json:"created_at"`
	Note              string  `json:"note"`
	OriginalExtension string  `json:"originalExtension"`
	OriginalFilename  string  `json:"original_filename"`
	ContentType       string  `json:"content_type"`
	SizeBytes         int64   `json:"size_bytes"`
	CaseID            string  `json:"case_id"`
	SHA256            string  `json:"sha256"`
}

// FilesJSON is the documented {"files": [...]} answer of the list and
// upload calls.
type FilesJSON struct {
	Files []FileJSON `json:"files"`
}

// ToFilesJSON converts proto documents to the documented answer.
func ToFilesJSON(docs []*kesiv1.Document) FilesJSON {
	out := FilesJSON{Files: make([]FileJSON, len(docs))}
	for i, d := range docs {
		out.Files[i] = FileJSON{
			DocumentID:        d.DocumentId,
			DocumentURL:       d.DocumentUrl,
			DocumentTitle:     d.DocumentTitle,
			CreatedAt:         timeString(d.CreatedAt),
			Note:              d.Note,
			OriginalExtension: d.OriginalExtension,
			OriginalFilename:  d.OriginalFilename,
			ContentType:       d.ContentType,
			SizeBytes:         d.SizeBytes,
			CaseID:            d.CaseId,
			SHA256:            d.Sha256,
		}
	}
	return out
}

// WriteJSON answers v with status, as every gateway route does; the raw
// file routes of the documents package answer through it too.
func WriteJSON(w http.ResponseWriter, status int, v any) { writeJSON(w, status, v) }

// WriteError answers err as {"message": ...} with its HTTP status.
func WriteError(w http.ResponseWriter, r *http.Request, err error) { writeError(w, r, err) }

// WriteMessage answers {"message": message} with status.
func WriteMessage(w http.ResponseWriter, status int, message string) {
	writeMessage(w, status, message)
}

// fileRoutes mounts /api/files/*. Upload and download carry file bytes and
// are served by the documents package's own handlers; the list is a plain
// call. Court case numbers hold slashes (MCCC/E3574/2022), escaped or not,
// hence the trailing wildcard; the more specific download pattern wins over it.
func (g *Gateway) fileRoutes(raw Raw) {
	if raw.Upload != nil {
		g.mux.Handle("POST /api/files/upload", raw.Upload)
	}
	if raw.Download != nil {
		g.mux.Handle("GET /api/files/download/{documentID}", raw.Download)
	}
	g.handle("GET /api/files/{caseId...}", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.DocumentServiceListDocumentsProcedure, g.svc.Documents.ListDocuments,
			&kesiv1.ListDocumentsRequest{CaseId: r.PathValue("caseId")})
		if res == nil {
			return
		}
		writeJSON(w, http.StatusOK, ToFilesJSON(res.Files))
	})
}
