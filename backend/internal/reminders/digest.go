package reminders

import (
	"fmt"
	"html"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/ent/civil"
)

// The kinds of message.
const (
	KindEvening      = "evening"
	KindMorning      = "morning"
	KindDateChange   = "date_change"
	KindVerification = "verification"
)

// SMS lengths in GSM-7 characters: one message, and two concatenated ones.
const (
	SMSOne = 160
	SMSTwo = 306
)

// Digest is the content of one digest or alert, ready for each channel.
type Digest struct {
	Subject string // e-mail subject
	Title   string // first line, WhatsApp {{1}}
	Lines   []string
	Link    string
}

func dayLabel(d civil.Date) string { return d.In(time.UTC).Format("Mon 2 Jan") }

// digestFor writes the digest of day's sittings with what the cause lists
// say of them. when is "Tomorrow" or "Today" (or a weekday name for a Friday
// evening's Monday).
func digestFor(kind string, today, day civil.Date, ss []cases.CaseSitting, fs []Finding, link string) Digest {
	var when string
	switch {
	case day == today:
		when = "Today"
	case day == today.AddDays(1):
		when = "Tomorrow"
	default:
		when = day.In(time.UTC).Format("Monday")
	}
	listed := map[uuid.UUID]Finding{}
	var newDates, notListed []Finding
	for _, f := range fs {
		switch f.Kind {
		case FindingListed:
			listed[f.CaseRef] = f
		case FindingNewDate:
			newDates = append(newDates, f)
		case FindingNotListed:
			notListed = append(notListed, f)
		}
	}
	n := fmt.Sprintf("%d sittings", len(ss))
	if len(ss) == 1 {
		n = "1 sitting"
	}
	// A listing the diary lacks is something on that day too.
	switch {
	case len(newDates) > 0 && len(ss) == 0:
		n = fmt.Sprintf("%d on the cause list", len(newDates))
	case len(newDates) > 0:
		n += fmt.Sprintf(", %d more on the cause list", len(newDates))
	}
	d := Digest{
		Title: fmt.Sprintf("%s, %s: %s", when, dayLabel(day), n),
		Link:  link,
	}
	d.Subject = "Kesi - " + d.Title
	for _, s := range ss {
		l := sittingLine(s)
		if f, ok := listed[s.CaseRef]; ok {
			l = listedLine(s, f)
		}
		d.Lines = append(d.Lines, l)
	}
	for _, f := range newDates {
		d.Lines = append(d.Lines, oneLine(fmt.Sprintf("Listed on the cause list: %s %s %s (not in your diary)", f.CaseNumber, f.Time, title(f.Activity))))
	}
	for _, f := range notListed {
		d.Lines = append(d.Lines, oneLine(fmt.Sprintf("Not on the %s cause list: %s - check with the registry", title(f.Station), f.CaseNumber)))
	}
	return d
}

// listedLine is a sitting the list confirms, what the list adds next to the
// case number so that a shortened SMS line keeps it: "11:00 Milimani CM Ct
// 3, MCCC/E3574/2022 (listed 09:00, Court 3) A v B - Mention". The virtual
// link, long, goes last.
func listedLine(s cases.CaseSitting, f Finding) string {
	at := "listed"
	if f.Time != "" {
		at += " " + f.Time
	}
	if f.CourtRoom != "" {
		at += ", " + title(f.CourtRoom)
	}
	s.CaseNumber += " (" + at + ")"
	l := sittingLine(s)
	if f.VirtualLink != "" {
		l += ", online: " + f.VirtualLink
	}
	return oneLine(l)
}

// title writes the capitals of a list as people do: "HOMA BAY" is "Homa
// Bay", "COURT 3" is "Court 3". A word with a digit ("4B") is kept as it is.
func title(s string) string {
	w := strings.Fields(s)
	for i, x := range w {
		if strings.ContainsAny(x, "0123456789") {
			continue
		}
		x = strings.ToLower(x)
		r, n := utf8.DecodeRuneInString(x)
		w[i] = strings.ToUpper(string(r)) + x[n:]
	}
	return strings.Join(w, " ")
}

// sittingLine is "09:00 Milimani CM Ct 3, MCCC/E3574/2022 A v B - Mention".
func sittingLine(s cases.CaseSitting) string {
	var b strings.Builder
	if s.Time != "" {
		b.WriteString(s.Time + " ")
	}
	if s.Court != "" {
		b.WriteString(s.Court + ", ")
	}
	b.WriteString(s.CaseNumber)
	if s.Parties != "" {
		b.WriteString(" " + s.Parties)
	}
	if s.Activity != "" {
		b.WriteString(" - " + s.Activity)
	}
	return oneLine(b.String())
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// SMSText fits the digest in two SMS (306 GSM-7 characters): the title,
// then as many sittings as fit, each shortened when it alone is too long,
// then "+N more" and the link to the app.
func (d Digest) SMSText() string {
	head := toGSM("Kesi: " + d.Title)
	tail := func(more int) string {
		if more > 0 {
			return fmt.Sprintf("\n+%d more: %s", more, d.Link)
		}
		return "\n" + d.Link
	}
	out := head
	for i, l := range d.Lines {
		line := "\n" + toGSM(l)
		if gsmLen(line) > 90 {
			line = cutGSM(line, 90)
		}
		if gsmLen(out+line+tail(len(d.Lines)-i-1)) > SMSTwo {
			return out + tail(len(d.Lines)-i)
		}
		out += line
	}
	return out + tail(0)
}

// WhatsAppParameters are the two body variables of the template: the title
// and the sittings, one line each. Template variables may not hold line
// breaks, so the sittings are separated by " | ".
func (d Digest) WhatsAppParameters() []string {
	body := strings.Join(d.Lines, " | ")
	if utf8.RuneCountInString(body) > 900 {
		r := []rune(body)
		body = string(r[:890]) + "..."
	}
	return []string{d.Title, body + " - " + d.Link}
}

// WhatsAppText is the template's body as the advocate reads it: the
// template kesi_daily_sittings is "{{1}}" and "{{2}}" on two lines. Variables
// hold no line break, so the stored text splits back into them.
func WhatsAppText(params []string) string { return strings.Join(params, "\n") }

// EmailText is the plain-text body, the title first so that the history in
// Settings shows what the message was about.
func (d Digest) EmailText(name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n", d.Title)
	for _, l := range d.Lines {
		b.WriteString("- " + l + "\n")
	}
	fmt.Fprintf(&b, "\nOpen your diary: %s\n\nSent to %s because reminders are on in Kesi Settings.\n", d.Link, name)
	return b.String()
}

// htmlOf is the HTML part of an e-mail: its plain text, escaped, line by line.
func htmlOf(text string) string {
	var b strings.Builder
	b.WriteString(`<div style="font-family:sans-serif;line-height:1.5">`)
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		b.WriteString(html.EscapeString(l) + "<br>\n")
	}
	b.WriteString("</div>")
	return b.String()
}

// splitParams reads back the template variables of a stored WhatsApp text.
func splitParams(text string) []string { return strings.SplitN(text, "\n", 2) }

// The GSM 03.38 default alphabet, and its extension table (two septets each).
const (
	gsmBasic = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
	gsmExt   = "^{}\\[~]|€\f"
)

var gsmSubst = map[rune]string{'‘': "'", '’': "'", '“': "\"", '”': "\"", '–': "-", '—': "-", '…': "...", '\t': " ", ' ': " "}

// toGSM replaces what the GSM-7 alphabet lacks, so that a message is never
// sent as UCS-2 (70 characters a part instead of 160).
func toGSM(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case strings.ContainsRune(gsmBasic, r) || strings.ContainsRune(gsmExt, r):
			b.WriteRune(r)
		case gsmSubst[r] != "":
			b.WriteString(gsmSubst[r])
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}

// gsmLen counts septets: extension characters take two.
func gsmLen(s string) int {
	n := 0
	for _, r := range s {
		n++
		if strings.ContainsRune(gsmExt, r) {
			n++
		}
	}
	return n
}

func cutGSM(s string, max int) string {
	var b strings.Builder
	for _, r := range s {
		if gsmLen(b.String()+string(r)) > max-3 {
			break
		}
		b.WriteRune(r)
	}
	return strings.TrimRight(b.String(), " ,-") + "..."
}
