package notify

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
)

// ResetCode is what the password-reset mail says.
type ResetCode struct {
	To       string
	Fullname string
	Code     string
	Minutes  int    // how long the code is valid
	LoginURL string // where to enter it
}

const resetSubject = "Your Kesi reset code"

// The code sits alone on its own line, "Your Kesi reset code is 123456", so
// that people (and tests) find it at a glance.
const resetText = `Hello {{.Name}},

Your Kesi reset code is {{.Code}}

Enter it on the reset page with your new password. The code works once and
expires in {{.Minutes}} minutes.

If you did not ask to reset your password, ignore this e-mail: your
password stays as it is, and nobody can sign in without it.

Kesi, the court diary for advocates in Kenya
{{.LoginURL}}
`

const resetHTML = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, Helvetica, sans-serif; color: #1a1b1e; line-height: 1.5;">
<p>Hello {{.Name}},</p>
<p>Your Kesi reset code is <strong style="font-size: 22px; letter-spacing: 4px;">{{.Code}}</strong></p>
<p>Enter it on the reset page with your new password. The code works once and expires in {{.Minutes}} minutes.</p>
<p>If you did not ask to reset your password, ignore this e-mail: your password stays as it is, and nobody can sign in without it.</p>
<p style="color: #5c5f66;">Kesi, the court diary for advocates in Kenya<br><a href="{{.LoginURL}}">{{.LoginURL}}</a></p>
</body>
</html>
`

var (
	resetTextTmpl = texttemplate.Must(texttemplate.New("reset.txt").Parse(resetText))
	resetHTMLTmpl = htmltemplate.Must(htmltemplate.New("reset.html").Parse(resetHTML))
)

// ResetCodeMessage renders the password-reset mail.
func ResetCodeMessage(r ResetCode) (Message, error) {
	name := strings.TrimSpace(r.Fullname)
	if name == "" {
		name = "Counselor"
	}
	data := struct {
		ResetCode
		Name string
	}{r, name}
	var text, html bytes.Buffer
	if err := resetTextTmpl.Execute(&text, data); err != nil {
		return Message{}, fmt.Errorf("render reset mail: %w", err)
	}
	if err := resetHTMLTmpl.Execute(&html, data); err != nil {
		return Message{}, fmt.Errorf("render reset mail: %w", err)
	}
	return Message{To: r.To, Subject: resetSubject, Text: text.String(), HTML: html.String()}, nil
}
