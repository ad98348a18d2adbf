package account

import (
	"archive/zip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/affiliates"
	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/billing"
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/causelists"
	"github.com/kesihq/kesi/backend/internal/clients"
	"github.com/kesihq/kesi/backend/internal/documents"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/ratelimit"
	"github.com/kesihq/kesi/backend/internal/reminders"
)

// ExportedProfile is the account as profile.json writes it.
type ExportedProfile struct {
	ID                    string     `json:"id"`
	Email                 string     `json:"email"`
	Fullname              string     `json:"fullname"`
	PhoneNumber           string     `json:"phone_number"`
	Role                  string     `json:"role"`
	AffiliateCode         string     `json:"affiliate_code,omitempty"`
	PaidUntil             *time.Time `json:"paid_until,omitempty"`
	MarketingEmails       bool       `json:"marketing_emails"`
	WhatsAppNotifications bool       `json:"whatsapp_notifications"`
	CreatedAt             time.Time  `json:"created_at"`
	UpdatedAt             time.Time  `json:"updated_at"`
	DeletionScheduledFor  *time.Time `json:"deletion_scheduled_for,omitempty"`
	ExportedAt            time.Time  `json:"exported_at"`
}

// ExportedDocument is one entry of documents.json: where the file is in the
// zip and what Kesi knows of it.
type ExportedDocument struct {
	File             string    `json:"file"`
	Title            string    `json:"title"`
	Note             string    `json:"note"`
	CaseNumber       string    `json:"case_number"`
	CaseID           string    `json:"case_id"`
	OriginalFilename string    `json:"original_filename"`
	ContentType      string    `json:"content_type"`
	SizeBytes        int64     `json:"size_bytes"`
	SHA256           string    `json:"sha256"`
	UploadedAt       time.Time `json:"uploaded_at"`
}

// MsgExportUnderway answers a second export of an account while one runs.
const MsgExportUnderway = "Your data is already being prepared for download. Wait for that download to finish, then try again."

// Export writes everything Kesi holds about account id to w as a zip,
// entry by entry: no file is held whole in memory or written to disk, so
// an account of gigabytes of documents costs no more memory than an empty
// one. It is recorded in the audit log. An account exports once at a time
// across every server (a lease in the database): each export decrypts and
// compresses every document, and a dozen at once of one large account
// would hold the servers' processors.
// An error before anything is written to w (such as that one) leaves w
// untouched; once bytes are written a failure can only cut the zip short.
func (s *Service) Export(ctx context.Context, w io.Writer, id uuid.UUID) error {
	lease, err := s.limits.Lease(ctx, "export:"+id.String(), exportLease)
	if err != nil {
		return errs.Internal(err)
	}
	if lease == nil {
		return errs.TooManyRequests(MsgExportUnderway)
	}
	ctx, stop := context.WithCancelCause(ctx)
	kept := make(chan struct{})
	go s.keep(ctx, lease, stop, kept)
	defer func() {
		stop(nil)
		<-kept
		if err := lease.Release(context.WithoutCancel(ctx)); err != nil {
			s.log.ErrorContext(ctx, "release export lease", "err", err)
		}
	}()
	u, err := s.profiles.Profile(ctx, id)
	if err != nil {
		return err
	}
	s.auth.Audit(ctx, auth.AuditAccountExported, &id, u.Email, "")
	z := zip.NewWriter(w)
	now := s.cal.Now().UTC()
	put := func(name string, v any) error {
		f, err := z.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: now})
		if err != nil {
			return err
		}
		enc := json.NewEncoder(f)
		enc.SetIndent("", "  ")
		if err := enc.Encode(v); err != nil {
			return fmt.Errorf("write %s: %w", name, err)
		}
		return nil
	}
	var written []string
	add := func(name string, v any) error {
		written = append(written, name)
		return put(name, v)
	}

	p := ExportedProfile{ID: u.ID.String(), Email: u.Email, Fullname: u.Fullname, PhoneNumber: u.PhoneNumber,
		Role: string(u.Role), AffiliateCode: u.AffiliateCode, PaidUntil: u.PaidUntil, MarketingEmails: u.Preferences.MarketingEmails,
		WhatsAppNotifications: u.Preferences.WhatsappNotifications, CreatedAt: u.CreatedAt.UTC(), UpdatedAt: u.UpdatedAt.UTC(),
		ExportedAt: now}
	if d, err := s.Scheduled(ctx, id); err != nil {
		return err
	} else if d != nil {
		p.DeletionScheduledFor = &d.EraseAt
	}
	if err := add("profile.json", p); err != nil {
		return err
	}
	cs, err := cases.Export(ctx, s.db, id)
	if err != nil {
		return err
	}
	if err := add("cases.json", nonNil(cs)); err != nil {
		return err
	}
	cls, err := clients.Export(ctx, s.db, id)
	if err != nil {
		return err
	}
	if err := add("clients.json", nonNil(cls)); err != nil {
		return err
	}
	pays, err := billing.Export(ctx, s.db, id)
	if err != nil {
		return err
	}
	if len(pays) > 0 {
		if err := add("payments.json", pays); err != nil {
			return err
		}
	}
	rem, err := reminders.Export(ctx, s.db, id)
	if err != nil {
		return err
	}
	if rem.Settings != nil || len(rem.Consents) > 0 || len(rem.Messages) > 0 {
		if err := add("reminders.json", rem); err != nil {
			return err
		}
	}
	prog, err := affiliates.Export(ctx, s.db, id)
	if err != nil {
		return err
	}
	if len(prog.Referrals) > 0 || len(prog.Earnings) > 0 {
		if err := add("affiliate.json", prog); err != nil {
			return err
		}
	}
	lists, err := causelists.Export(ctx, s.db, id)
	if err != nil {
		return err
	}
	if len(lists.Uploads) > 0 || len(lists.Dismissals) > 0 {
		if err := add("cause-lists.json", lists); err != nil {
			return err
		}
	}
	audit, err := s.auth.ExportAudit(ctx, id)
	if err != nil {
		return err
	}
	if err := add("audit-log.json", audit); err != nil {
		return err
	}
	docs, err := s.docs.OwnerDocuments(ctx, id)
	if err != nil {
		return err
	}
	index := make([]ExportedDocument, 0, len(docs))
	names := map[string]bool{}
	for i := len(docs) - 1; i >= 0; i-- { // oldest first
		d := docs[i]
		name := "documents/" + uniqueName(names, fileTitle(d.Title), d.Extension)
		if err := s.writeDocument(ctx, z, name, d); err != nil {
			return err
		}
		index = append(index, ExportedDocument{File: name, Title: d.Title, Note: d.Note, CaseNumber: d.CaseID,
			CaseID: d.CaseRef.String(), OriginalFilename: d.Filename, ContentType: d.ContentType,
			SizeBytes: d.Size, SHA256: d.SHA256, UploadedAt: d.CreatedAt.UTC()})
	}
	if err := add("documents.json", index); err != nil {
		return err
	}
	f, err := z.CreateHeader(&zip.FileHeader{Name: "README.txt", Method: zip.Deflate, Modified: now})
	if err != nil {
		return err
	}
	if _, err := io.WriteString(f, readme(u, now, written, len(index), s.kenyanDate(now))); err != nil {
		return err
	}
	return z.Close()
}

// exportLease is how long an export's lease lasts unless extended: how long
// an account whose export died with its server waits to export again.
const exportLease = 2 * time.Minute

// keep extends lease while the export runs, and stops the export when the
// lease is lost (the database unreachable for a whole lease): past it
// another export of the account may start. It closes kept when it returns.
func (s *Service) keep(ctx context.Context, lease *ratelimit.Lease, stop context.CancelCauseFunc, kept chan<- struct{}) {
	defer close(kept)
	tick := time.NewTicker(exportLease / 4)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			held, err := lease.Extend(ctx)
			if err != nil && ctx.Err() == nil {
				s.log.WarnContext(ctx, "extend export lease", "err", err)
				continue
			}
			if err == nil && !held {
				stop(errors.New("the export's lease lapsed"))
				return
			}
		}
	}
}

func (s *Service) writeDocument(ctx context.Context, z *zip.Writer, name string, d documents.Document) error {
	rc, err := s.docs.Content(ctx, d, 0, d.Size)
	if err != nil {
		return fmt.Errorf("open document %s: %w", d.ID, err)
	}
	defer rc.Close()
	f, err := z.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: d.CreatedAt.UTC()})
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, rc); err != nil {
		return fmt.Errorf("write document %s: %w", d.ID, err)
	}
	return nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// fileTitle makes a document title a safe file name: no path separators,
// no control characters, at most 150 bytes.
func fileTitle(title string) string {
	t := strings.NewReplacer("/", "-", "\\", "-", ":", "-", "*", "", "?", "", "<", "", ">", "", "|", "").Replace(title)
	t = documents.SanitizeFilename(t)
	for len(t) > 150 {
		_, size := utf8.DecodeLastRuneInString(t)
		t = t[:len(t)-size]
	}
	return t
}

// uniqueName is base.ext, or "base (2).ext" and so on when taken, compared
// without regard to case (zips open on case-insensitive file systems).
func uniqueName(taken map[string]bool, base, ext string) string {
	dot := ""
	if ext != "" {
		dot = "." + ext
	}
	name := base + dot
	for n := 2; taken[strings.ToLower(name)]; n++ {
		name = base + " (" + strconv.Itoa(n) + ")" + dot
	}
	taken[strings.ToLower(name)] = true
	return name
}

func readme(u Profile, now time.Time, files []string, docs int, day string) string {
	has := map[string]bool{}
	for _, f := range files {
		has[f] = true
	}
	var b strings.Builder
	b.WriteString("Kesi: everything held about " + u.Fullname + " <" + u.Email + ">\n")
	b.WriteString("Exported " + day + " (" + now.Format(time.RFC3339) + ")\n\n")
	b.WriteString("This archive is your copy of your data under the Kenya Data Protection Act 2019\n" +
		"(section 26, the right of access, and section 38, the right to data portability).\n" +
		"The .json files are UTF-8 JSON; times are UTC (RFC 3339), calendar dates YYYY-MM-DD.\n\n")
	line := func(name, what string) {
		if has[name] {
			fmt.Fprintf(&b, "%-16s %s\n", name, what)
		}
	}
	line("profile.json", "your account: name, e-mail, phone, role, subscription, preferences")
	line("cases.json", "every case in your diary, each with its sittings (\"activities\") and their outcomes")
	line("clients.json", "every client, with the ids of the cases they are linked to")
	line("payments.json", "your subscription payments")
	line("reminders.json", "your reminder settings, every consent given or withdrawn, and the reminders sent")
	line("affiliate.json", "the referrals you made as an affiliate, and every commission they earned")
	line("cause-lists.json", "the cause lists you uploaded, under the names you gave them, and the findings you dismissed")
	line("audit-log.json", "the security log of your account: sign-ins, password changes, exports")
	fmt.Fprintf(&b, "%-16s %s\n", "documents.json", "one entry per document: its file in documents/, title, case, note, size, SHA-256")
	fmt.Fprintf(&b, "%-16s %s\n", "documents/", fmt.Sprintf("your %d case document(s), decrypted, named after their titles", docs))
	b.WriteString("\nDocuments with the same title are numbered: \"Plaint.pdf\", \"Plaint (2).pdf\".\n" +
		"Each file's SHA-256 in documents.json lets you check it is the file you uploaded.\n\n" +
		"To correct your data, edit it in Kesi. To delete your account, use Settings -> Privacy ->\n" +
		"Delete my account. Questions: privacy@kesi.app.\n")
	return b.String()
}
