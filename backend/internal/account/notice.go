package account

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"net/mail"
	"strings"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/notify"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/user"
)

// AuditNoticeSent records that an account was sent a prepared notice
// (`kesi users notify`), e.g. of a personal data breach (section 43).
const AuditNoticeSent = "notice_sent"

// Notice is a prepared e-mail: a subject and a plain-text body in which
// {{name}} is the account's full name and {{email}} its address.
type Notice struct {
	Subject string
	Body    string
}

// ParseNotice reads a notice template: a first line "Subject: ...", a
// blank line, then the body.
func ParseNotice(text string) (Notice, error) {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	head, body, ok := strings.Cut(text, "\n\n")
	subject, found := strings.CutPrefix(strings.TrimSpace(head), "Subject:")
	if !ok || !found || strings.Contains(strings.TrimSpace(subject), "\n") {
		return Notice{}, errors.New(`a template starts with a line "Subject: ...", then a blank line, then the body`)
	}
	subject = strings.TrimSpace(subject)
	body = strings.TrimSpace(body)
	if subject == "" || body == "" {
		return Notice{}, errors.New("the template's subject and body must not be empty")
	}
	return Notice{Subject: subject, Body: body + "\n"}, nil
}

// ParseEmails reads one e-mail address a line; blank lines and lines
// starting with # are skipped, duplicates dropped.
func ParseEmails(r io.Reader) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		a, err := mail.ParseAddress(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %q is not an e-mail address", n, line)
		}
		e := auth.NormalizeEmail(a.Address)
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	return out, sc.Err()
}

// NoticeResult says what Notify did.
type NoticeResult struct {
	Sent    []string
	Unknown []string // no account has the address: nothing sent
	Failed  map[string]error
}

// Notify sends notice to the accounts of emails, each filled in with the
// account's name, and records it in each account's audit log. With dryRun
// it only reports what it would send.
func (s *Service) Notify(ctx context.Context, mailer notify.Mailer, n Notice, emails []string, dryRun bool) NoticeResult {
	res := NoticeResult{Failed: map[string]error{}}
	for _, e := range emails {
		u, err := s.db.User.Query().Where(user.Email(e)).Only(ctx)
		if ent.IsNotFound(err) {
			res.Unknown = append(res.Unknown, e)
			continue
		}
		if err != nil {
			res.Failed[e] = err
			continue
		}
		if dryRun {
			res.Sent = append(res.Sent, e)
			continue
		}
		fill := strings.NewReplacer("{{name}}", u.Fullname, "{{email}}", u.Email)
		text := fill.Replace(n.Body)
		m := notify.Message{To: u.Email, Subject: fill.Replace(n.Subject), Text: text,
			HTML: "<p>" + strings.ReplaceAll(html.EscapeString(text), "\n\n", "</p><p>") + "</p>"}
		if err := mailer.Send(ctx, m); err != nil {
			res.Failed[e] = err
			continue
		}
		s.auth.Audit(ctx, AuditNoticeSent, &u.ID, u.Email, m.Subject)
		res.Sent = append(res.Sent, e)
	}
	return res
}
