package documents

import (
	"net/http"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SanitizeFilename keeps the last element of an uploaded file's name,
// without control characters, bidirectional overrides (which make
// "invoice‮fdp.exe" read as "invoiceexe.pdf") or path separators, at
// most 255 bytes.
func SanitizeFilename(name string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	name = path.Base("/" + name)
	name = strings.Map(func(r rune) rune {
		switch {
		case r == utf8.RuneError, unicode.IsControl(r), unicode.Is(unicode.Bidi_Control, r), r == '/', r == '"':
			return -1
		case unicode.IsSpace(r):
			return ' '
		}
		return r
	}, name)
	name = strings.TrimSpace(strings.Trim(name, "."))
	for len(name) > 255 {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	if name == "" || name == "/" {
		return "document"
	}
	return name
}

// Extension is a file name's lower-case extension without the dot, "" when
// it has none that looks like one.
func Extension(name string) string {
	ext := strings.ToLower(strings.TrimPrefix(path.Ext(name), "."))
	if ext == "" || len(ext) > 16 {
		return ""
	}
	for _, r := range ext {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return ""
		}
	}
	return ext
}

// byExtension names the types that sniffing alone cannot tell apart: the
// Office formats are zip or OLE containers, and plain-text formats sniff
// as text/plain.
var byExtension = map[string]string{
	"docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	"xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	"pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
	"odt":  "application/vnd.oasis.opendocument.text",
	"ods":  "application/vnd.oasis.opendocument.spreadsheet",
	"doc":  "application/msword",
	"xls":  "application/vnd.ms-excel",
	"ppt":  "application/vnd.ms-powerpoint",
	"msg":  "application/vnd.ms-outlook",
	"rtf":  "application/rtf",
	"csv":  "text/csv; charset=utf-8",
	"md":   "text/markdown; charset=utf-8",
	"eml":  "message/rfc822",
}

// DetectContentType is the type of a file from its first bytes, refined by
// its extension only where the bytes are a generic container of that type:
// a docx is a zip, a doc an OLE file (octet-stream), a csv plain text. An
// extension never turns bytes into a more dangerous type.
func DetectContentType(head []byte, ext string) string {
	sniffed := http.DetectContentType(head)
	refined, ok := byExtension[ext]
	if !ok {
		return sniffed
	}
	base, _, _ := strings.Cut(sniffed, ";")
	switch {
	case base == "application/zip" && (strings.Contains(refined, "openxmlformats") || strings.Contains(refined, "opendocument")):
		return refined
	case base == "application/octet-stream" && strings.HasPrefix(refined, "application/"):
		return refined
	case base == "text/plain" && (strings.HasPrefix(refined, "text/") || refined == "application/rtf" || refined == "message/rfc822"):
		return refined
	}
	return sniffed
}

// InlineSafe lists the types a browser may show in place without running
// anything on Kesi's origin. Everything else (HTML, SVG, XML, scripts...)
// is always sent as an attachment.
func InlineSafe(contentType string) bool {
	base, _, _ := strings.Cut(contentType, ";")
	switch base {
	case "application/pdf", "text/plain", "text/csv",
		"image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp",
		"audio/mpeg", "audio/wave", "audio/wav", "audio/ogg", "audio/aiff",
		"video/mp4", "video/webm", "video/ogg", "video/avi":
		return true
	}
	return false
}

// cleanText trims a form field and replaces invalid UTF-8.
func cleanText(s string) string { return strings.TrimSpace(strings.ToValidUTF8(s, "\uFFFD")) }
