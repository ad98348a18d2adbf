package documents

import (
	"context"
	"net/url"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/errs"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// The names of the two REST-only routes in the policy: they carry file
// bytes, not Connect messages, and are authorized by the same Authorizer.
const (
	UploadRoute   = "POST /api/files/upload"
	DownloadRoute = "GET /api/files/download"
)

// DownloadPath is where a document's bytes are served; document_url.
const DownloadPath = "/api/files/download/"

// Policy says who may call the documents procedures and routes.
var Policy = auth.Policy{
	kesiv1connect.DocumentServiceListDocumentsProcedure:  auth.Diary,
	kesiv1connect.DocumentServiceGetDocumentProcedure:    auth.Diary,
	kesiv1connect.DocumentServiceDeleteDocumentProcedure: auth.Diary,
	UploadRoute:   auth.Diary,
	DownloadRoute: auth.Diary,
}

// Handler is the Connect door of the documents service.
type Handler struct {
	svc *Service
}

// NewHandler builds the Connect handler over svc.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

var _ kesiv1connect.DocumentServiceHandler = (*Handler)(nil)

// ListDocuments implements kesiv1connect.DocumentServiceHandler.
func (h *Handler) ListDocuments(ctx context.Context, req *connect.Request[kesiv1.ListDocumentsRequest]) (*connect.Response[kesiv1.ListDocumentsResponse], error) {
	docs, err := h.svc.List(ctx, auth.MustPrincipal(ctx).UserID, req.Msg.CaseId)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.ListDocumentsResponse{Files: ToProto(docs)}), nil
}

// GetDocument implements kesiv1connect.DocumentServiceHandler.
func (h *Handler) GetDocument(ctx context.Context, req *connect.Request[kesiv1.GetDocumentRequest]) (*connect.Response[kesiv1.GetDocumentResponse], error) {
	id, err := errs.ParseID(req.Msg.DocumentId, MsgDocNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	d, err := h.svc.Get(ctx, auth.MustPrincipal(ctx).UserID, id)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.GetDocumentResponse{Document: toProto(d)}), nil
}

// DeleteDocument implements kesiv1connect.DocumentServiceHandler.
func (h *Handler) DeleteDocument(ctx context.Context, req *connect.Request[kesiv1.DeleteDocumentRequest]) (*connect.Response[kesiv1.DeleteDocumentResponse], error) {
	id, err := errs.ParseID(req.Msg.DocumentId, MsgDocNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	if err := h.svc.Delete(ctx, auth.MustPrincipal(ctx).UserID, id); err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.DeleteDocumentResponse{}), nil
}

// ToProto converts documents to their proto form.
func ToProto(docs []Document) []*kesiv1.Document {
	out := make([]*kesiv1.Document, len(docs))
	for i, d := range docs {
		out[i] = toProto(d)
	}
	return out
}

func toProto(d Document) *kesiv1.Document {
	return &kesiv1.Document{
		DocumentId:        d.ID.String(),
		CaseId:            d.CaseID,
		DocumentTitle:     d.Title,
		Note:              d.Note,
		DocumentUrl:       DownloadPath + url.PathEscape(d.ID.String()),
		OriginalFilename:  d.Filename,
		OriginalExtension: d.Extension,
		ContentType:       d.ContentType,
		SizeBytes:         d.Size,
		Sha256:            d.SHA256,
		CreatedAt:         timestamppb.New(d.CreatedAt),
	}
}
