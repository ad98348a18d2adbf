package gateway

import (
	"log/slog"
	"net/http"

	"github.com/kesihq/kesi/backend/internal/account"
	"github.com/kesihq/kesi/backend/internal/auth"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// deletionJSON is a scheduled erasure through the REST door.
type deletionJSON struct {
	RequestedAt *string `json:"requested_at"`
	EraseAt     *string `json:"erase_at"`
	EraseOn     string  `json:"erase_on"`
}

func toDeletionJSON(d *kesiv1.AccountDeletion) *deletionJSON {
	if d == nil {
		return nil
	}
	return &deletionJSON{RequestedAt: timeString(d.RequestedAt), EraseAt: timeString(d.EraseAt), EraseOn: d.EraseOn}
}

// Account is the REST door of the account's rights, mounted under
// /api/account/: the export download, and the calls of AccountService.
func Account(authz *auth.Authorizer, svc *account.Service, h kesiv1connect.AccountServiceHandler) http.Handler {
	g := &Gateway{authz: authz, mux: http.NewServeMux()}
	g.handle(account.ExportRoute, func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		if err := authz.Authorize(ctx, account.ExportRoute); err != nil {
			writeError(w, r, err)
			return
		}
		p := auth.MustPrincipal(ctx)
		zw := &zipResponse{w: w, filename: "kesi-export-" + svc.Today() + ".zip"}
		err := svc.Export(ctx, zw, p.UserID)
		switch {
		case err == nil:
		case !zw.started:
			// Refused before the first byte (an export already running):
			// an answer with its status and message, not a broken zip.
			writeError(w, r, err)
		default:
			// Streamed: the zip is written entry by entry as it is read. A
			// failure now can only cut it short, which the client sees as a
			// broken download.
			slog.ErrorContext(ctx, "account export cut short", "user", p.UserID, "err", err)
			panic(http.ErrAbortHandler)
		}
	})
	g.handle("POST /api/account/delete", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Password string `json:"password"`
			Code     string `json:"code"`
		}
		if !decode(w, r, &in) {
			return
		}
		res := call(g, w, r, kesiv1connect.AccountServiceDeleteAccountProcedure, h.DeleteAccount,
			&kesiv1.DeleteAccountRequest{Password: in.Password, Code: in.Code})
		if res != nil {
			writeJSON(w, http.StatusOK, map[string]any{"deletion": toDeletionJSON(res.Deletion)})
		}
	})
	g.handle("GET /api/account/deletion", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.AccountServiceGetAccountDeletionProcedure, h.GetAccountDeletion,
			&kesiv1.GetAccountDeletionRequest{})
		if res != nil {
			writeJSON(w, http.StatusOK, map[string]any{"deletion": toDeletionJSON(res.Deletion)})
		}
	})
	g.handle("DELETE /api/account/deletion", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.AccountServiceCancelAccountDeletionProcedure, h.CancelAccountDeletion,
			&kesiv1.CancelAccountDeletionRequest{})
		if res != nil {
			writeJSON(w, http.StatusOK, map[string]any{"message": "Your account will not be deleted."})
		}
	})
	g.mux.HandleFunc("/api/account/", g.notFound)
	return g
}

// zipResponse answers 200 with a zip's headers at its first byte, so that
// an export refused before it began can still answer an error.
type zipResponse struct {
	w        http.ResponseWriter
	filename string
	started  bool
}

func (z *zipResponse) Write(p []byte) (int, error) {
	if !z.started {
		z.started = true
		h := z.w.Header()
		h.Set("Content-Type", "application/zip")
		h.Set("Content-Disposition", ContentDisposition("attachment", z.filename))
		h.Set("Cache-Control", "no-store")
		z.w.WriteHeader(http.StatusOK)
	}
	return z.w.Write(p)
}
