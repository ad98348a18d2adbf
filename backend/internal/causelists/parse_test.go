package causelists

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

func TestParseReadsTheSittingBlock(t *testing.T) {
	tests := []struct {
		hash  string
		index int
		want  Sitting
	}{
		{"381d39b1959c3e06e5055b20e59e2875", 0, Sitting{Court: "BUTERE MAGISTRATE COURT", Division: "MAGISTRATE COURT",
			JudicialOfficer: "EDWIN NYONGESA", CourtRoom: "COURT 1", VirtualLink: "https://shorturl.at/yPZ35"}},
		{"b22cc8efbde09cda2ab733b19ec0ad11", 3, Sitting{Court: "MILIMANI MAGISTRATE COURT", Division: "MAGISTRATE COURT ANTI CORRUPTION",
			JudicialOfficer: "HON. VICTOR WAKUMILE (SPM)", CourtRoom: "ACC 3", VirtualLink: "https://bit.ly/3sy5a8H"}},
		{"8984da5a1be2ee9ef08b822ec55348fd", 0, Sitting{Court: "MAVOKO MAGISTRATE COURT", Division: "MAGISTRATE COURT",
			JudicialOfficer: "HON. E. K. SUTER - PM", CourtRoom: "COURT NO. 3", VirtualLink: "https://meet.google.com/qtc-vbyk-ira"}},
		{"9027e5d98741748b93f321ff26d8343a", 0, Sitting{Court: "BUSIA HIGH COURT", Division: "SMALL CLAIMS COURT",
			JudicialOfficer: "Hon. Kassim Akida", VirtualLink: "https://shorturl.at/fisxM"}},
		// A footer signature and a row of dots sit between the sittings.
		{"dc731f87c5202c6be4d0119807e11290", 2, Sitting{Court: "SOLOLO MOBILE COURT UNDER MOYALE", Division: "MAGISTRATE COURT",
			JudicialOfficer: "HON. WILLY K. CHERUIYOT (PM)", CourtRoom: "COURT ROOM 2", VirtualLink: "https://t.ly/wH_CP"}},
		// No scheme printed: the link still opens.
		{"879389e6d4079473de80f64b6b85a86d", 0, Sitting{Court: "TINDERET MAGISTRATE COURT", Division: "MAGISTRATE COURT",
			JudicialOfficer: "HON. BONFACE W. WACHIRA (SRM)", CourtRoom: "COURT 1", VirtualLink: "https://shorturl.at/btOPY"}},
	}
	for _, tt := range tests {
		l := parseFixture(t, tt.hash)
		if tt.index >= len(l.Sittings) {
			t.Errorf("%s: %d sittings, want more than %d", tt.hash[:8], len(l.Sittings), tt.index)
			continue
		}
		got := l.Sittings[tt.index]
		got.Date, got.Matters, got.Notes = civilZero, nil, nil
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s sitting %d:\n got %+v\nwant %+v", tt.hash[:8], tt.index, got, tt.want)
		}
	}
}

func TestParseReadsTheRows(t *testing.T) {
	l := parseFixture(t, "93cd8455e2dbd4415566c1c07177449c")
	got := l.Sittings[0].Matters
	tests := map[int]Matter{
		0: {Number: 1, CaseNumber: "MCSUCC/258/2019", Parties: "In The Estate Of Amulabu Indumuli", Activity: "MENTION", Time: "09:00"},
		// The case number runs into the parties in the published text.
		3: {Number: 4, CaseNumber: "MCSUCCMISC/E057/2023", Parties: "Daniel Amoke Wabuko And Beatrice Atieno Waswa And 1 Others Vs", Activity: "MENTION", Time: "09:00"},
		// A row with no parties printed at all.
		9: {Number: 1, CaseNumber: "MCSUCC/E177/2021", Activity: "MENTION", Time: "09:00"},
	}
	for i, want := range tests {
		if got[i] != want {
			t.Errorf("row %d:\n got %+v\nwant %+v", i, got[i], want)
		}
	}
	// A letter in the number, and parties broken over two lines.
	fb := flatten(parseFixture(t, "fb0195898d45e212240e5a28442da849"))
	if fb[5].CaseNumber != "MCCC/19(A)/2019" {
		t.Errorf("row 6: %q, want MCCC/19(A)/2019", fb[5].CaseNumber)
	}
	mv := parseFixture(t, "8984da5a1be2ee9ef08b822ec55348fd")
	if got := mv.Sittings[0].Matters[0].Time; got != "08:45" {
		t.Errorf("a time printed without AM: %q, want 08:45", got)
	}
	// "Vs  Flora Kagendo" under a row that already has its "Vs" is not
	// glued to that row's parties: it is kept as a note of the sitting.
	last := mv.Sittings[1].Matters[4]
	if strings.Contains(last.Parties, "Flora") || !reflect.DeepEqual(mv.Sittings[1].Notes, []string{"Vs Flora Kagendo"}) {
		t.Errorf("row 5 parties %q, notes %q", last.Parties, mv.Sittings[1].Notes)
	}
}

// The numbers kenya-courts.md lists, and the older two-digit years, are
// read as rows in the layout of a real list (invented parties), and each
// reads as the key a diary's number is compared by.
func TestParseReadsTheNumbersOfEveryCourt(t *testing.T) {
	rows := []struct{ printed, key string }{
		{"Cr. Case No. E123/2021", "MCCR/E123/2021"},
		{"CR. CASE NO. 1234/2019", "MCCR/1234/2019"},
		{"ELRC Cause No. E007 of 2020", "ELRCCAUSE/E7/2020"},
		{"Cause No. E123/2021", "CAUSE/E123/2021"},
		{"Misc. Appl. E12/2021", "MISCAPPL/E12/2021"},
		{"Civil Appeal No. 97/2020", "CIVILAPPEAL/97/2020"},
		{"CMCC NO.78/2017", "MCCC/78/2017"},
		{"MCCR NO. E802/2021", "MCCR/E802/2021"},
		{"Environment & Land Case 799 of 2014", "ELC/799/2014"},
		{"MCCC/84/17", "MCCC/84/2017"},
		{"MCCC/E052/21", "MCCC/E52/2021"},
		{"CMCC No. 78 of 17", "MCCC/78/2017"},
		{"HCCC 123 of 99", "HCCC/123/1999"},
	}
	var b strings.Builder
	b.WriteString("BUTERE MAGISTRATE COURT\nMAGISTRATE COURT\nCAUSE LIST\nTUESDAY, 21 NOVEMBER 2023\nEDWIN NYONGESA  COURT 1\n\n09:00 AM\nMENTION\n")
	for i, r := range rows {
		fmt.Fprintf(&b, "%d.    %s       Amina Wekesa   Vs  Baraka Otieno\n", i+1, r.printed)
	}
	// A numbered notice with a date is not a row: "12/10" is not a number
	// with a two-digit year when a slash follows.
	b.WriteString("14.    Matters of 12/10/2023 are moved to 1/12/2023\n")
	l, err := ParseText(b.String())
	if err != nil {
		t.Fatal(err)
	}
	got := l.Sittings[0].Matters
	if len(got) != len(rows) {
		t.Errorf("%d rows read, want %d: %+v", len(got), len(rows), got)
	}
	for i, r := range rows {
		if i >= len(got) {
			break
		}
		if got[i].CaseNumber != r.printed || got[i].Parties != "Amina Wekesa Vs Baraka Otieno" {
			t.Errorf("row %d: %q %q, want %q", i+1, got[i].CaseNumber, got[i].Parties, r.printed)
		}
		if k, ok := ParseCaseKey(got[i].CaseNumber); !ok || k.String() != r.key {
			t.Errorf("row %d: %q reads as %q, %v; want %q", i+1, got[i].CaseNumber, k, ok, r.key)
		}
	}
}

// TestReferenceIsWrong pins the places where the reference parse is wrong,
// checking both that the reference says so and that the parser does better.
func TestReferenceIsWrong(t *testing.T) {
	ref := loadReference(t)
	lost, total := 0, 0
	for _, rows := range ref {
		for _, r := range rows {
			total++
			if r.DateTime == "undefined" {
				lost++
			}
		}
	}
	// The reference loses the time of every row after a heading change:
	// 139 of 252 rows. The parser keeps the time line above (checked row by
	// row in TestParseMatchesReference); two rows by hand here.
	if lost != 139 || total != 252 {
		t.Errorf("reference: %d of %d rows without a time; the fixtures changed?", lost, total)
	}
	butere := ref["381d39b1959c3e06e5055b20e59e2875"]
	if butere[17].CaseNumber != "MCELC/42/2018" || butere[17].DateTime != "undefined" {
		t.Fatalf("reference row 18 is %+v", butere[17])
	}
	if got := flatten(parseFixture(t, "381d39b1959c3e06e5055b20e59e2875"))[17]; got.Time != "09:00" || got.Date != "2023-11-21" || got.Activity != "JUDGMENT" {
		t.Errorf("JUDGMENT row of 21 Nov: %+v, want 09:00 on 2023-11-21", got)
	}
	// The reference files the second MENTION block of the Butere court 2 list
	// (numbered again from 1) under the same sitting, and so does the parser:
	// the published text has no header between them.
}

func TestParseRefusesWhatIsNotAList(t *testing.T) {
	butere, err := os.ReadFile(filepath.Join("testdata", "381d39b1959c3e06e5055b20e59e2875.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var zipNotDocx bytes.Buffer
	zw := zip.NewWriter(&zipNotDocx)
	w, _ := zw.Create("notes.txt")
	w.Write(butere)
	zw.Close()
	tests := map[string][]byte{
		"empty":                 nil,
		"binary":                {0x7f, 'E', 'L', 'F', 0, 0, 1, 2, 0xff, 0xfe},
		"NUL bytes in text":     append(append([]byte{}, butere...), 0),
		"latin-1 text":          []byte("CAUSE LIST\n\xe9\xe8"),
		"a zip that is no docx": zipNotDocx.Bytes(),
		"a broken zip":          []byte("PK\x03\x04 not really"),
		"old Word .doc":         {0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1},
		"huge":                  bytes.Repeat([]byte("a"), MaxFileBytes+1),
		"a broken PDF":          []byte("%PDF-1.4\n garbage"),
		"no CAUSE LIST":         []byte("Minutes of the court users committee\n1. MCCC/E1/2023 A Vs B\n"),
		"no matter":             []byte("BUTERE MAGISTRATE COURT\nMAGISTRATE COURT\nCAUSE LIST\nTUESDAY, 21 NOVEMBER 2023\nNo matters listed.\n"),
		"no date":               []byte("BUTERE MAGISTRATE COURT\nCAUSE LIST\n1. MCCC/E1/2023 A Vs B\n"),
		"31 November":           []byte("BUTERE MAGISTRATE COURT\nCAUSE LIST\nFRIDAY, 31 NOVEMBER 2023\n1. MCCC/E1/2023 A Vs B\n"),
		// Found by FuzzParse: the second heading's header reached back past the first.
		"two headings in a row": []byte("BUTERE MAGISTRATE COURT\nCAUSE LIST\nCAUSE LIST\n"),
	}
	for name, data := range tests {
		l, err := Parse(context.Background(), data)
		if !errors.Is(err, ErrUnreadable) {
			t.Errorf("%s: got %d sittings, err %v; want a refusal", name, len(l.Sittings), err)
		}
	}
}

// docx builds a .docx of the given lines the way court registries write
// them: the header as paragraphs, the rows as a table whose first cell is an
// automatically numbered paragraph (Word draws "1." itself).
func docx(t testing.TB, text string) []byte {
	t.Helper()
	var body strings.Builder
	inTable := false
	for _, l := range strings.Split(text, "\n") {
		m := matterLine.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			if inTable {
				body.WriteString("</w:tbl>")
				inTable = false
			}
			fmt.Fprintf(&body, `<w:p><w:r><w:t xml:space="preserve">%s</w:t></w:r></w:p>`, html.EscapeString(l))
			continue
		}
		if !inTable {
			body.WriteString("<w:tbl>")
			inTable = true
		}
		fmt.Fprintf(&body, `<w:tr><w:tc><w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="3"/></w:numPr></w:pPr></w:p></w:tc>`+
			`<w:tc><w:p><w:r><w:t>%s</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>%s</w:t></w:r><w:r><w:br/><w:t>%s</w:t></w:r></w:p></w:tc></w:tr>`,
			html.EscapeString(m[2]), "", html.EscapeString(strings.TrimSpace(m[3])))
	}
	if inTable {
		body.WriteString("</w:tbl>")
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("[Content_Types].xml")
	w.Write([]byte(`<?xml version="1.0"?><Types/>`))
	w, _ = zw.Create("word/document.xml")
	fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`+
		`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>%s</w:body></w:document>`, body.String())
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestParseDocxReadsWhatTheTextSays(t *testing.T) {
	for hash := range loadReference(t) {
		text, err := os.ReadFile(filepath.Join("testdata", hash+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		fromText, _ := ParseText(string(text))
		fromDocx, err := Parse(context.Background(), docx(t, string(text)))
		if err != nil {
			t.Errorf("%s.docx: %v", hash[:8], err)
			continue
		}
		want, got := flatten(fromText), flatten(fromDocx)
		if len(got) != len(want) {
			t.Errorf("%s.docx: %d rows, the text has %d", hash[:8], len(got), len(want))
			continue
		}
		for i := range want {
			// Word numbers the rows itself, so they count on from the
			// first row of the list; the numbers printed in the text restart.
			g, w := got[i], want[i]
			g.Number, w.Number = 0, 0
			if g != w {
				t.Errorf("%s.docx row %d:\n got %+v\nwant %+v", hash[:8], i, g, w)
			}
		}
	}
}

// pdf writes a one-page PDF printing lines in Courier, enough for pdftotext.
func pdf(lines []string) []byte {
	var content strings.Builder
	content.WriteString("BT /F1 9 Tf 11 TL 20 800 Td\n")
	for _, l := range lines {
		l = strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`).Replace(l)
		fmt.Fprintf(&content, "(%s) Tj T*\n", l)
	}
	content.WriteString("ET")
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 2000 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", content.Len()+0, content.String()),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

func TestParsePDF(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("testdata", "8b2594a1c6514bdaa167254bc7461473.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(text), "\n") {
		if l = strings.TrimRight(l, " "); l != "" && len(lines) < 70 {
			lines = append(lines, l)
		}
	}
	got, err := Parse(context.Background(), pdf(lines))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := ParseText(string(text))
	if !reflect.DeepEqual(flatten(got), flatten(want)) {
		t.Errorf("from the PDF:\n%+v\nfrom the text:\n%+v", flatten(got), flatten(want))
	}
	if got.Sittings[0].VirtualLink != want.Sittings[0].VirtualLink || got.Sittings[0].CourtRoom != "COURT 1" {
		t.Errorf("PDF sitting: %+v", got.Sittings[0])
	}
}

func FuzzParse(f *testing.F) {
	fs, _ := filepath.Glob(filepath.Join("testdata", "*.txt"))
	for _, name := range fs {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(docx(f, string(b)))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if bytes.HasPrefix(data, []byte("%PDF-")) {
			return // pdftotext is Poppler's to fuzz; the text it gives is fuzzed here
		}
		l, err := Parse(context.Background(), data)
		if err != nil {
			if !errors.Is(err, ErrUnreadable) {
				t.Fatalf("an error that is no refusal: %v", err)
			}
			return
		}
		if l.Matters() == 0 {
			t.Fatal("a list with no matter was accepted")
		}
		for _, s := range l.Sittings {
			if s.Date.IsZero() {
				t.Fatal("a sitting with no date was accepted")
			}
			for _, m := range s.Matters {
				if m.CaseNumber == "" || !strings.ContainsAny(m.CaseNumber, "0123456789") {
					t.Fatalf("a row with case number %q", m.CaseNumber)
				}
			}
		}
	})
}

var civilZero = Sitting{}.Date

// allocated answers the bytes run allocates. Work quadratic in its input
// allocates quadratically too, which a test can tell without a clock: the
// race detector and a loaded machine slow everything alike, but do not
// change what is allocated.
func allocated(run func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	run()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// growth is how much more run allocates for four times the input.
func growth(run func(n int)) float64 {
	small := allocated(func() { run(2000) })
	large := allocated(func() { run(8000) })
	return float64(large) / float64(small)
}

func continuationList(lines int) string {
	return "BUTERE MAGISTRATE COURT\nCAUSE LIST\nTUESDAY, 21 NOVEMBER 2023\nHON. A COURT 1\n09:00 AM\nMENTION\n" +
		"1. MCCC/E1/2023 A Vs B\n" + strings.Repeat("And Co\n", lines)
}

// A row followed by a great many continuation lines ("And ...") is read in
// work linear in the text: rebuilding the parties whole at each line took
// minutes for a 140 kB upload, and days for one of MaxTextBytes. The
// parties keep what the store keeps. BenchmarkParseLongContinuation reads
// one of MaxTextBytes.
func TestParseLongContinuationIsLinear(t *testing.T) {
	l, err := ParseText(continuationList(2000))
	if err != nil {
		t.Fatal(err)
	}
	if p := l.Sittings[0].Matters[0].Parties; !strings.HasPrefix(p, "A Vs B And Co And Co") || len(p) > 2100 {
		t.Errorf("parties %.40q... (%d bytes)", p, len(p))
	}
	g := growth(func(n int) {
		if _, err := ParseText(continuationList(n)); err != nil {
			t.Fatal(err)
		}
	})
	if g > 8 { // linear: about 4; quadratic: about 16
		t.Errorf("four times the continuation lines allocate %.1f times as much, want about 4", g)
	}
}

func BenchmarkParseLongContinuation(b *testing.B) {
	text := continuationList((MaxTextBytes - 200) / len("And Co\n"))
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := ParseText(text); err != nil {
			b.Fatal(err)
		}
	}
}

// docxNumberings is a .docx whose one paragraph repeats its numbering n
// times: a few kB zipped.
func docxNumberings(t testing.TB, n int) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("word/document.xml")
	w.Write([]byte(`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:pPr><w:numPr>` +
		strings.Repeat(`<w:ilvl w:val="0"/><w:numId w:val="3"/>`, n) + `</w:numPr></w:pPr></w:p></w:body></w:document>`))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A .docx whose paragraph repeats its numbering many times is read, and
// refused, in work linear in its XML: the numbering key grew at each
// repeat, which took minutes for a 10 kB upload.
func TestParseDocxWithManyNumberingsIsLinear(t *testing.T) {
	if _, err := Parse(context.Background(), docxNumberings(t, 8000)); !errors.Is(err, ErrUnreadable) {
		t.Fatalf("a .docx with no list: %v, want a refusal", err)
	}
	g := growth(func(n int) {
		if _, err := Parse(context.Background(), docxNumberings(t, n)); !errors.Is(err, ErrUnreadable) {
			t.Fatal(err)
		}
	})
	if g > 8 { // linear: about 4; quadratic: about 16
		t.Errorf("four times the numberings allocate %.1f times as much, want about 4", g)
	}
}

func BenchmarkParseDocxManyNumberings(b *testing.B) {
	doc := docxNumberings(b, 100000)
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if _, err := Parse(context.Background(), doc); !errors.Is(err, ErrUnreadable) {
			b.Fatal(err)
		}
	}
}
