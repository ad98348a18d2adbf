package gateway

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/documents"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/input"
)

// DocumentFiles serves the upload and download routes: the bytes of
// documents travel over plain HTTP, not Connect. The rules (sizes, names,
// types, who may read what) are the documents domain's; this is the door.
type DocumentFiles struct {
	svc   *documents.Service
	authz *auth.Authorizer
}

// NewDocumentFiles builds the file routes' handlers.
func NewDocumentFiles(svc *documents.Service, authz *auth.Authorizer) *DocumentFiles {
	return &DocumentFiles{svc: svc, authz: authz}
}

// maxFieldBytes bounds a text field of the upload form (the note is the
// longest, at 5000 bytes).
const maxFieldBytes = 64 << 10

// Upload handles POST /api/files/upload: multipart case_id, document_title,
// note and one or more files, streamed part by part so that no file is
// ever held whole in memory or written anywhere in plaintext.
func (f *DocumentFiles) Upload() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		if err := f.authz.Authorize(ctx, documents.UploadRoute); err != nil {
			writeError(w, r, err)
			return
		}
		p := auth.MustPrincipal(ctx)
		r.Body = http.MaxBytesReader(w, r.Body, f.svc.Limits().Request)
		mr, err := r.MultipartReader()
		if err != nil {
			writeError(w, r, errs.Invalid("files", "The upload must be sent as multipart/form-data."))
			return
		}
		up := f.svc.NewUpload(p.UserID, p.Role)
		fail := func(err error) {
			up.Abort(ctx)
			writeError(w, r, f.requestError(err))
		}
		fields := map[string]string{}
		prepared := false
		for {
			part, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				fail(fmt.Errorf("%w: %w", documents.ErrRequestBody, err))
				return
			}
			switch name := part.FormName(); name {
			case "case_id", "document_title", "note":
				v, err := readField(part)
				if err != nil {
					fail(err)
					return
				}
				fields[name] = v
			case "files", "files[]", "file":
				// Refuse a wrong title or case before storing anything, when the
				// form sends its fields first.
				_, haveCase := fields["case_id"]
				_, haveTitle := fields["document_title"]
				if !prepared && haveCase && haveTitle {
					if _, _, _, err := f.svc.Prepare(ctx, p.UserID, fields["case_id"], fields["document_title"], fields["note"]); err != nil {
						fail(err)
						return
					}
					prepared = true
				}
				err := up.AddFile(ctx, part.FileName(), part)
				if errors.Is(err, documents.ErrEmptyFile) && part.FileName() == "" {
					continue // a browser's empty file input, not a file
				}
				if err != nil {
					fail(err)
					return
				}
			default:
				if _, err := io.Copy(io.Discard, part); err != nil {
					fail(fmt.Errorf("%w: %w", documents.ErrRequestBody, err))
					return
				}
			}
		}
		docs, err := up.Commit(ctx, fields["case_id"], fields["document_title"], fields["note"])
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusCreated, ToFilesJSON(documents.ToProto(docs)))
	})
}

// requestError turns a failure to read the request into what the client
// should see: the request size limit, or a malformed or broken form. Only
// the blob store's and the database's failures stay internal.
func (f *DocumentFiles) requestError(err error) error {
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return f.svc.RequestTooLarge()
	case errs.KindOf(err) != errs.KindInternal:
		return err
	case errors.Is(err, documents.ErrRequestBody):
		return errs.Invalid("files", "The upload form could not be read. Please try again.")
	}
	return err
}

// readField reads one text field of the upload form.
func readField(part *multipart.Part) (string, error) {
	b, err := io.ReadAll(io.LimitReader(part, maxFieldBytes+1))
	if err != nil {
		return "", fmt.Errorf("%w: %w", documents.ErrRequestBody, err)
	}
	if len(b) > maxFieldBytes {
		return "", errs.Invalidf(part.FormName(), "The %s field is too long.", part.FormName())
	}
	// The check every JSON and Connect field gets: Postgres refuses a NUL
	// in text, and SQLite would store it.
	v := string(b)
	if err := input.CheckField(part.FormName(), v); err != nil {
		return "", err
	}
	return v, nil
}

// Download handles GET /api/files/download/{documentID}: the owner gets the
// decrypted bytes, inline or (with ?download=1) as an attachment, with
// single-range requests as PDF viewers make them.
func (f *DocumentFiles) Download() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		if err := f.authz.Authorize(ctx, documents.DownloadRoute); err != nil {
			writeError(w, r, err)
			return
		}
		id, err := errs.ParseID(r.PathValue("documentID"), documents.MsgDocNotFound)
		if err != nil {
			writeError(w, r, err)
			return
		}
		d, err := f.svc.Get(ctx, auth.MustPrincipal(ctx).UserID, id)
		if err != nil {
			writeError(w, r, err)
			return
		}
		etag := `"` + d.SHA256 + `"`
		start, end, partial := int64(0), d.Size, false
		if spec := r.Header.Get("Range"); spec != "" && ifRange(r, etag) {
			s, e, ok, satisfiable := parseRange(spec, d.Size)
			if ok && !satisfiable {
				w.Header().Set("Content-Range", fmt.Sprintf("bytes */%d", d.Size))
				writeMessage(w, http.StatusRequestedRangeNotSatisfiable, "The requested range is outside the file.")
				return
			}
			if ok {
				start, end, partial = s, e, true
			}
		}
		body, err := f.svc.Content(ctx, d, start, end)
		if err != nil {
			writeError(w, r, err)
			return
		}
		defer body.Close()

		h := w.Header()
		disposition := "inline"
		if r.URL.Query().Get("download") == "1" || !documents.InlineSafe(d.ContentType) {
			disposition = "attachment"
		}
		h.Set("Content-Type", d.ContentType)
		h.Set("Content-Disposition", ContentDisposition(disposition, d.Filename))
		h.Set("Content-Length", strconv.FormatInt(end-start, 10))
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cache-Control", "private, no-store")
		h.Set("Content-Security-Policy", documentCSP(d.ContentType, disposition))
		h.Set("Accept-Ranges", "bytes")
		h.Set("ETag", etag)
		h.Set("Last-Modified", d.CreatedAt.UTC().Format(http.TimeFormat))
		status := http.StatusOK
		if partial {
			status = http.StatusPartialContent
			h.Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", start, end-1, d.Size))
		}
		w.WriteHeader(status)
		if r.Method == http.MethodHead {
			return
		}
		if _, err := io.Copy(w, body); err != nil {
			// Headers are gone: cut the response so that the client sees a
			// failed transfer, never a short file that looks whole.
			if ctx.Err() == nil {
				slog.ErrorContext(ctx, "document download failed", "document", d.ID, "err", err)
			}
			panic(http.ErrAbortHandler)
		}
	})
}

// ifRange reports whether a Range header applies: no If-Range, or one
// naming the current entity tag.
func ifRange(r *http.Request, etag string) bool {
	v := r.Header.Get("If-Range")
	return v == "" || v == etag
}

// parseRange reads a single byte range of RFC 9110 ("bytes=0-99",
// "bytes=100-", "bytes=-500") against size, as [start, end). ok is false
// for what Kesi ignores (several ranges, other units, bad syntax), which
// then answers the whole file; satisfiable is false for a range wholly
// outside the file.
func parseRange(spec string, size int64) (start, end int64, ok, satisfiable bool) {
	spec, found := strings.CutPrefix(spec, "bytes=")
	if !found || strings.Contains(spec, ",") {
		return 0, 0, false, false
	}
	first, last, found := strings.Cut(strings.TrimSpace(spec), "-")
	if !found {
		return 0, 0, false, false
	}
	if first == "" { // suffix: the last n bytes
		n, err := strconv.ParseInt(last, 10, 64)
		if err != nil || n < 0 {
			return 0, 0, false, false
		}
		if n == 0 {
			return 0, 0, true, false
		}
		return max(size-n, 0), size, true, true
	}
	s, err := strconv.ParseInt(first, 10, 64)
	if err != nil || s < 0 {
		return 0, 0, false, false
	}
	e := size - 1
	if last != "" {
		if e, err = strconv.ParseInt(last, 10, 64); err != nil || e < s {
			return 0, 0, false, false
		}
	}
	if s >= size {
		return 0, 0, true, false
	}
	return s, min(e, size-1) + 1, true, true
}

// ContentDisposition writes disposition with a file name that no header
// parser can misread: an ASCII fallback and the exact UTF-8 name of RFC
// 6266 and RFC 8187.
func ContentDisposition(disposition, filename string) string {
	fallback := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == '%' || r == ';' {
			return '_'
		}
		return r
	}, filename)
	return fmt.Sprintf(`%s; filename="%s"; filename*=UTF-8''%s`, disposition, fallback, rfc8187(filename))
}

// rfc8187 percent-encodes all but RFC 8187's attr-chars.
func rfc8187(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// documentCSP keeps a rendered file away from script and from Kesi's
// origin: everything runs in a CSP sandbox, except a PDF shown in place,
// because browsers refuse to start their PDF viewer in a sandboxed document.
// The viewer runs the PDF in its own isolated process, never on Kesi's
// origin, so the sandbox adds nothing there.
func documentCSP(contentType, disposition string) string {
	base, _, _ := strings.Cut(contentType, ";")
	if base == "application/pdf" && disposition == "inline" {
		return "default-src 'none'; object-src 'self'; frame-ancestors 'self'"
	}
	return "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; object-src 'self'"
}
