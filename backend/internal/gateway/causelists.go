package gateway

import (
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/causelists"
	"github.com/kesihq/kesi/backend/internal/errs"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"google.golang.org/protobuf/encoding/protojson"
)

// CauseListUpload handles POST /api/cause-lists: one list in the multipart field
// "file", parsed at once. The answer is UploadCauseListResponse as JSON.
func CauseListUpload(svc *causelists.Service, authz *auth.Authorizer) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		if err := authz.Authorize(ctx, causelists.UploadRoute); err != nil {
			WriteError(w, r, err)
			return
		}
		// The file and the form's framing.
		r.Body = http.MaxBytesReader(w, r.Body, causelists.MaxFileBytes+64<<10)
		mr, err := r.MultipartReader()
		if err != nil {
			WriteError(w, r, errs.Invalid("file", "The upload must be sent as multipart/form-data with the list in the field \"file\"."))
			return
		}
		var data []byte
		name, found := "", false
		for {
			part, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				WriteError(w, r, causeListReadError(err))
				return
			}
			if part.FormName() != "file" || found {
				if _, err := io.Copy(io.Discard, part); err != nil {
					WriteError(w, r, causeListReadError(err))
					return
				}
				continue
			}
			found, name = true, part.FileName()
			if data, err = io.ReadAll(io.LimitReader(part, causelists.MaxFileBytes+1)); err != nil {
				WriteError(w, r, causeListReadError(err))
				return
			}
		}
		if !found {
			WriteError(w, r, errs.Invalid("file", "Attach the cause list in the field \"file\"."))
			return
		}
		list, ms, err := svc.Upload(ctx, auth.MustPrincipal(ctx).UserID, name, data)
		if err != nil {
			WriteError(w, r, err)
			return
		}
		b, err := protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true}.Marshal(
			&kesiv1.UploadCauseListResponse{List: causelists.ListToProto(list), Matches: causelists.MatchesToProto(ms)})
		if err != nil {
			WriteError(w, r, errs.Internal(err))
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		w.Write(b)
	})
}

func causeListReadError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return errs.TooLarge(fmt.Sprintf("A cause list may be at most %d MB.", causelists.MaxFileBytes>>20))
	}
	return errs.Invalid("file", "The upload form could not be read. Please try again.")
}
