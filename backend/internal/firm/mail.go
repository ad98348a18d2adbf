package firm

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/kesihq/kesi/backend/internal/notify"
	"github.com/kesihq/kesi/ent/civil"
)

// invitationMail is what the invitation e-mail says.
type invitationMail struct {
	To, Inviter, Firm, Link string
	Expires                 civil.Date
}

// The link sits alone on its own line so that people (and tests) find it.
const invitationText = `Hello,

{{.Inviter}} invites you to join {{.Firm}} on Kesi, the firm's shared court diary.

Open this link to accept (sign in or register with this e-mail address, {{.To}}):

{{.Link}}

The link works once, only for {{.To}}, until {{.Day}}.

If you did not expect this invitation, ignore this e-mail.

Kesi, the court diary for advocates in Kenya
`

const invitationHTML = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1a1b1e; line-height: 1.5;">
<p>Hello,</p>
<p>{{.Inviter}} invites you to join <strong>{{.Firm}}</strong> on Kesi, the firm's shared court diary.</p>
<p><a href="{{.Link}}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #ffffff; text-decoration: none; border-radius: 4px;">Join {{.Firm}}</a></p>
<p>Sign in or register with this e-mail address, {{.To}}. The link works once, only for {{.To}}, until {{.Day}}.</p>
<p style="color: #5c5f66;">If you did not expect this invitation, ignore this e-mail.<br>Kesi, the court diary for advocates in Kenya</p>
</body>
</html>
`

var (
	invitationTextTmpl = texttemplate.Must(texttemplate.New("invite.txt").Parse(invitationText))
	invitationHTMLTmpl = htmltemplate.Must(htmltemplate.New("invite.html").Parse(invitationHTML))
)

// invitationMessage renders the invitation mail.
func invitationMessage(m invitationMail) (notify.Message, error) {
	if strings.TrimSpace(m.Inviter) == "" {
		m.Inviter = "Your colleague"
	}
	data := struct {
		invitationMail
		Day string
	}{m, m.Expires.In(time.UTC).Format("Mon 2 Jan 2006")}
	var text, html bytes.Buffer
	if err := invitationTextTmpl.Execute(&text, data); err != nil {
		return notify.Message{}, fmt.Errorf("render invitation: %w", err)
	}
	if err := invitationHTMLTmpl.Execute(&html, data); err != nil {
		return notify.Message{}, fmt.Errorf("render invitation: %w", err)
	}
	subject := fmt.Sprintf("%s invites you to %s on Kesi", m.Inviter, m.Firm)
	return notify.Message{To: m.To, Subject: strings.Join(strings.Fields(subject), " "), Text: text.String(), HTML: html.String()}, nil
}
