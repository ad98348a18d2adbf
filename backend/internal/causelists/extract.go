package causelists

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// MaxFileBytes bounds an uploaded or fetched list. Real lists are tens of
// kilobytes; a scanned weekly PDF a few megabytes.
const MaxFileBytes = 20 << 20

// Parse reads a list from a published file: a PDF, a Word .docx or plain
// text, told apart by their first bytes rather than by the name a sender gave.
func Parse(ctx context.Context, data []byte) (List, error) {
	text, err := Text(ctx, data)
	if err != nil {
		return List{}, err
	}
	return ParseText(text)
}

// Text extracts the text of a list file.
func Text(ctx context.Context, data []byte) (string, error) {
	switch {
	case len(data) == 0:
		return "", refuse("the file is empty")
	case len(data) > MaxFileBytes:
		return "", refuse("the file is larger than %d MB", MaxFileBytes>>20)
	case bytes.HasPrefix(data, []byte("%PDF-")):
		return pdfText(ctx, data)
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		return docxText(data)
	case bytes.HasPrefix(data, []byte{0xD0, 0xCF, 0x11, 0xE0}):
		return "", refuse("old Word .doc files are not read; save the list as .docx or PDF")
	}
	data = bytes.TrimPrefix(data, []byte{0xEF, 0xBB, 0xBF})
	if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
		return "", refuse("the file is neither text, a .docx nor a PDF")
	}
	return string(data), nil
}

// docxText reads word/document.xml: one line per paragraph, the cells of a
// table row joined by tabs on one line (lists are often laid out as tables),
// and the automatic numbering Word draws ("1.") written out, since the rows'
// numbers are not in the text.
func docxText(data []byte) (string, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", refuse("the file is a broken zip archive")
	}
	var doc *zip.File
	for _, f := range zr.File {
		if f.Name == "word/document.xml" {
			doc = f
		}
	}
	if doc == nil {
		return "", refuse("the zip archive is not a Word .docx (no word/document.xml)")
	}
	rc, err := doc.Open()
	if err != nil {
		return "", refuse("the .docx cannot be opened: %v", err)
	}
	defer rc.Close()
	// The XML of a list is many times its text; the bound stops zip bombs.
	limited := &io.LimitedReader{R: rc, N: 8 * MaxTextBytes}
	dec := xml.NewDecoder(limited)

	var (
		out      strings.Builder
		line     strings.Builder
		inText   bool
		cells    int // depth of table cells
		numbered bool
		numID    string // the paragraph's numbering: list and level
		ilvl     string
		counters = map[string]int{}
	)
	endLine := func() {
		out.WriteString(strings.TrimRight(line.String(), " \t"))
		out.WriteByte('\n')
		line.Reset()
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			if limited.N <= 0 {
				return "", refuse("the .docx text is too large")
			}
			return "", refuse("the .docx XML is malformed: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "p":
				numbered, numID, ilvl = false, "", ""
			case "numId":
				numbered, numID = true, attr(t, "val")
			case "ilvl":
				numbered, ilvl = true, attr(t, "val")
			case "t":
				inText = true
			case "tab":
				line.WriteString("\t")
			case "br", "cr":
				if cells == 0 {
					endLine()
				} else {
					line.WriteString(" ")
				}
			case "tc":
				cells++
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "t":
				inText = false
			case "pPr":
				if numbered {
					key := numID + ";" + ilvl
					counters[key]++
					line.WriteString(strconv.Itoa(counters[key]) + ".\t")
				}
			case "p":
				if cells == 0 {
					endLine()
				} else {
					line.WriteString(" ")
				}
			case "tc":
				cells--
				line.WriteString("\t")
			case "tr":
				endLine()
			}
		case xml.CharData:
			if inText {
				line.Write(t)
			}
		}
		if out.Len()+line.Len() > MaxTextBytes {
			return "", refuse("the .docx text is too large")
		}
	}
	return out.String(), nil
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// pdfText runs Poppler's pdftotext in layout mode. It keeps a list's columns
// and line order as printed (the parser reads rows by line), where the pure Go
// readers give runs of text in drawing order without the column gaps; and it is
// maintained with Debian's security updates, which matters for a reader of
// files from anyone.
func pdfText(ctx context.Context, data []byte) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, PDFToText, "-layout", "-enc", "UTF-8", "-q", "-", "-")
	cmd.Stdin = bytes.NewReader(data)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &limitWriter{w: &stdout, n: MaxTextBytes + 1}
	cmd.Stderr = &limitWriter{w: &stderr, n: 4096}
	if err := cmd.Run(); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return "", fmt.Errorf("reading PDF lists needs %s (Debian package poppler-utils): %w", PDFToText, err)
		}
		if ctx.Err() != nil {
			return "", refuse("the PDF took too long to read")
		}
		return "", refuse("the PDF cannot be read")
	}
	if strings.TrimSpace(stdout.String()) == "" {
		return "", refuse("the PDF has no text (a scan?); a scanned list cannot be read")
	}
	return strings.ReplaceAll(stdout.String(), "\f", "\n"), nil
}

// PDFToText is the pdftotext program run for PDF lists.
var PDFToText = "pdftotext"

type limitWriter struct {
	w io.Writer
	n int
}

func (l *limitWriter) Write(p []byte) (int, error) {
	if len(p) > l.n {
		l.w.Write(p[:l.n])
		l.n = 0
		return len(p), nil
	}
	l.n -= len(p)
	return l.w.Write(p)
}
