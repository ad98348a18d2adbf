package account

import (
	"fmt"
	"html"
	"strings"
	"time"

	"github.com/kesihq/kesi/backend/internal/notify"
)

func firstName(fullname string) string {
	if f := strings.Fields(fullname); len(f) > 0 {
		return f[0]
	}
	return "there"
}

// deletionReceipt is the e-mail receipt of a deletion request; lostDays is
// the paid time left after eraseOn, which goes with the account.
func deletionReceipt(to, fullname, eraseOn string, lostDays int, publicURL string) notify.Message {
	text := "Hello " + firstName(fullname) + ",\n\n" +
		"We received your request to delete your Kesi account.\n\n" +
		"Your account, your cases, clients, documents and reminders will be deleted on " + eraseOn + ". " +
		"Until then you can sign in and cancel the deletion: " + publicURL + "/settings?tab=privacy\n\n"
	if lostDays > 0 {
		text += lostPaidTime(lostDays) + "\n\n"
	}
	text += "Every device was signed out. Payment records are kept for tax purposes, without your name or e-mail address.\n\n" +
		"If you did not ask for this, sign in at once, cancel the deletion and change your password.\n\n" +
		"Kesi\n"
	return notify.Message{
		To:      to,
		Subject: "Your Kesi account will be deleted on " + eraseOn,
		Text:    text,
		HTML:    "<p>" + strings.ReplaceAll(html.EscapeString(text), "\n\n", "</p><p>") + "</p>",
	}
}

// lostPaidTime tells the person that the paid time left after the deletion
// is lost with it. The Privacy tab says the same before they confirm.
func lostPaidTime(days int) string {
	unit := "days"
	if days == 1 {
		unit = "day"
	}
	return fmt.Sprintf("Your subscription has %d %s of paid time left after that date. They are lost when the account is deleted.", days, unit)
}

// lostDays is how many days of the subscription paid until paidUntil are
// left after eraseAt, counted as the Settings' "Days Remaining" are: part of
// a day is a day.
func lostDays(paidUntil *time.Time, eraseAt time.Time) int {
	if paidUntil == nil || !paidUntil.After(eraseAt) {
		return 0
	}
	return int((paidUntil.Sub(eraseAt) + 24*time.Hour - 1) / (24 * time.Hour))
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
