package account

import (
	"html"
	"strings"

	"github.com/kesihq/kesi/backend/internal/notify"
)

func firstName(fullname string) string {
	if f := strings.Fields(fullname); len(f) > 0 {
		return f[0]
	}
	return "there"
}

// deletionReceipt is the e-mail receipt of a deletion request.
func deletionReceipt(to, fullname, eraseOn, publicURL string) notify.Message {
	text := "Hello " + firstName(fullname) + ",\n\n" +
		"We received your request to delete your Kesi account.\n\n" +
		"Your account, your cases, clients, documents and reminders will be deleted on " + eraseOn + ". " +
		"Until then you can sign in and cancel the deletion: " + publicURL + "/settings?tab=privacy\n\n" +
		"Every device was signed out. Payment records are kept for tax purposes, without your name or e-mail address.\n\n" +
		"If you did not ask for this, sign in at once, cancel the deletion and change your password.\n\n" +
		"Kesi\n"
	return notify.Message{
		To:      to,
		Subject: "Your Kesi account will be deleted on " + eraseOn,
		Text:    text,
		HTML:    "<p>" + strings.ReplaceAll(html.EscapeString(text), "\n\n", "</p><p>") + "</p>",
	}
}

// cancelReceipt tells the person their account is kept.
func cancelReceipt(to, fullname, publicURL string) notify.Message {
	text := "Hello " + firstName(fullname) + ",\n\n" +
		"The deletion of your Kesi account was cancelled. Your account and everything in it stay as they are.\n\n" +
		"If you did not do this, sign in at " + publicURL + " and change your password.\n\n" +
		"Kesi\n"
	return notify.Message{
		To:      to,
		Subject: "Your Kesi account will not be deleted",
		Text:    text,
		HTML:    "<p>" + strings.ReplaceAll(html.EscapeString(text), "\n\n", "</p><p>") + "</p>",
	}
}
