package clients

import (
	"context"
	"time"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/errs"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

func init() {
	Policy[kesiv1connect.ClientServiceExportClientProcedure] = auth.Diary
	Policy[kesiv1connect.ClientServiceDeleteClientProcedure] = auth.Diary
}

// ExportClient implements kesiv1connect.ClientServiceHandler.
func (h *Handler) ExportClient(ctx context.Context, req *connect.Request[kesiv1.ExportClientRequest]) (*connect.Response[kesiv1.ExportClientResponse], error) {
	id, err := errs.ParseID(req.Msg.Id, MsgNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	name, doc, err := h.svc.ExportOne(ctx, owner(ctx), id, time.Now())
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.ExportClientResponse{Filename: name, Json: string(doc)}), nil
}

// DeleteClient implements kesiv1connect.ClientServiceHandler.
func (h *Handler) DeleteClient(ctx context.Context, req *connect.Request[kesiv1.DeleteClientRequest]) (*connect.Response[kesiv1.DeleteClientResponse], error) {
	id, err := errs.ParseID(req.Msg.Id, MsgNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	n, err := h.svc.Delete(ctx, owner(ctx), id)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.DeleteClientResponse{UnlinkedCases: int32(n)}), nil
}
