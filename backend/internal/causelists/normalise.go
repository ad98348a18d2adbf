package causelists

import (
	"regexp"
	"strconv"
	"strings"
)

// CaseKey is a case number in one canonical form, so that the numbers a
// court prints and the ones advocates type compare equal: "MCCC/E052/2021",
// "mccc e52 of 2021" and "MCCC No. E52/2021" all read "MCCC/E52/2021". The
// prefix is empty when none was written.
type CaseKey struct {
	Prefix string // letters only, upper case: "MCCC", "CIVILAPPEAL"
	Number string // "E52", "19A": E flag, the number without leading zeros, a suffix letter
	Year   int
}

// String is the key's canonical form.
func (k CaseKey) String() string {
	if k.Prefix == "" {
		return k.Number + "/" + strconv.Itoa(k.Year)
	}
	return k.Prefix + "/" + k.Number + "/" + strconv.Itoa(k.Year)
}

// Bare drops the prefix, for numbers an advocate typed without one.
func (k CaseKey) Bare() CaseKey { return CaseKey{Number: k.Number, Year: k.Year} }

var (
	// The number and the year at the end: "E052/2021", "E52 of 2021",
	// "19(A)/2019", "No. 45 of 2019", "E052-2021", and the two-digit years
	// of older numbers, after a slash or "of" only: "84/17", "78 of 17".
	numberAndYear = regexp.MustCompile(`(?i)(?:^|[^A-Z0-9])(E)?\s*0*(\d{1,6})\s*(?:\(?([A-Z])\)?)?\s*` +
		`(?:(?:[/-]|\s+OF\s+|\s+)\s*((?:19|20)\d{2})|(?:/|\s+OF\s+)\s*(\d{2}))\s*$`)
	nonLetters = regexp.MustCompile(`[^A-Z]+`)
)

// prefixAliases maps the prefixes advocates write to the ones the
// magistrates' courts print (kenya-courts.md: "Nakuru CMCC No. 78 of 2017"
// is MCCC/78/2017 on a list).
var prefixAliases = map[string]string{
	"CMCC":                              "MCCC",
	"PMCC":                              "MCCC",
	"SPMCC":                             "MCCC",
	"SRMCC":                             "MCCC",
	"RMCC":                              "MCCC",
	"CMCR":                              "MCCR",
	"CMCRC":                             "MCCR",
	"CRIMINALCASE":                      "MCCR",
	"CRCASE":                            "MCCR",
	"CRIMCASE":                          "MCCR",
	"SOCASE":                            "MCSO",
	"SEXUALOFFENCECASE":                 "MCSO",
	"SEXUALOFFENCESCASE":                "MCSO",
	"SUCCCAUSE":                         "MCSUCC",
	"CMSUCC":                            "MCSUCC",
	"SUCCESSIONCAUSE":                   "MCSUCC",
	"SUCC":                              "MCSUCC",
	"SCC":                               "SCCC",
	"SMALLCLAIMS":                       "SCCC",
	"SMALLCLAIMSCASE":                   "SCCC",
	"SMALLCLAIMSCOURT":                  "SCCC",
	"SMALLCLAIMSCOURTCASE":              "SCCC",
	"CMELC":                             "MCELC",
	"CIVILSUIT":                         "HCCC",
	"ELCCASE":                           "ELC",
	"ENVIRONMENTLAND":                   "ELC",
	"ENVIRONMENTLANDCASE":               "ELC",
	"ENVIRONMENTANDLANDCASE":            "ELC",
	"EMPLOYMENTANDLABOURRELATIONSCAUSE": "ELRCCAUSE",
	"ELRC":                              "ELRCCAUSE",
	// The ELRC was the Industrial Court until 2012; its older suits keep
	// their numbers.
	"INDUSTRIALCAUSE":      "ELRCCAUSE",
	"INDUSTRIALCOURTCAUSE": "ELRCCAUSE",
	// One spelling for the shortenings of "Miscellaneous Application".
	"MISCAPP":                  "MISCAPPL",
	"MISCAPPLN":                "MISCAPPL",
	"MISCAPPLICATION":          "MISCAPPL",
	"MISCELLANEOUSAPPLICATION": "MISCAPPL",
	"CIVILCASE":                "MCCC",
	"CRIMINALAPPEAL":           "HCCRA",
}

// ParseCaseKey reads a case number as printed or typed. It answers false
// for text with no number and year.
func ParseCaseKey(s string) (CaseKey, bool) {
	s = strings.TrimSpace(s)
	if len(s) > 200 {
		return CaseKey{}, false
	}
	m := numberAndYear.FindStringSubmatchIndex(s)
	if m == nil {
		return CaseKey{}, false
	}
	sub := func(i int) string {
		if m[2*i] < 0 {
			return ""
		}
		return s[m[2*i]:m[2*i+1]]
	}
	year, _ := strconv.Atoi(sub(4))
	if y := sub(5); y != "" {
		// Two digits: the 1990s, or this century's years (until 2050).
		year, _ = strconv.Atoi(y)
		if year >= 50 {
			year += 1900
		} else {
			year += 2000
		}
	}
	number := strings.ToUpper(sub(1)) + sub(2) + strings.ToUpper(sub(3))
	if number == "E" || sub(2) == "" {
		return CaseKey{}, false
	}
	// The match starts at the separator before the number, so what precedes
	// it is the prefix.
	prefix := strings.TrimSpace(strings.ToUpper(s[:m[0]]))
	for _, no := range []string{"NO.", "NO", "NUMBER"} {
		if strings.HasSuffix(prefix, " "+no) || prefix == no {
			prefix = strings.TrimSuffix(prefix, no)
			break
		}
	}
	return CaseKey{Prefix: canonicalPrefix(prefix), Number: number, Year: year}, true
}

// KeyAt reads a case number as printed or typed beside the name of its
// court. The Employment and Labour Relations Court numbers its suits "Cause 7
// of 2020" (kenya-courts.md): a bare "Cause" beside that court is the
// ELRC's. Elsewhere it stays "CAUSE", which may be the ELRC's or another
// court's cause (see CaseKey.Readings).
func KeyAt(number, court string) (CaseKey, bool) {
	k, ok := ParseCaseKey(number)
	if ok && k.Prefix == "CAUSE" && isELRC(court) {
		k.Prefix = "ELRCCAUSE"
	}
	return k, ok
}

// isELRC reports whether a court's name names the Employment and Labour
// Relations Court, or the Industrial Court it was until 2012.
func isELRC(court string) bool {
	words := " " + strings.Join(strings.Fields(nonLetters.ReplaceAllString(strings.ToUpper(court), " ")), " ") + " "
	return strings.Contains(words, " ELRC ") || strings.Contains(words, " INDUSTRIAL COURT ") ||
		(strings.Contains(words, " EMPLOYMENT ") && strings.Contains(words, " LABOUR "))
}

// Readings are the keys under which a list may print the case the key names:
// the key itself, and for the ELRC's causes both spellings, since a list or
// a diary that names no court may write "Cause" bare.
func (k CaseKey) Readings() []CaseKey {
	switch k.Prefix {
	case "CAUSE":
		return []CaseKey{k, {Prefix: "ELRCCAUSE", Number: k.Number, Year: k.Year}}
	case "ELRCCAUSE":
		return []CaseKey{k, {Prefix: "CAUSE", Number: k.Number, Year: k.Year}}
	}
	return []CaseKey{k}
}

// listPrefixes are the prefixes the magistrates' courts print on their lists
// (kenya-courts.md).
var listPrefixes = map[string]bool{
	"MCCC": true, "MCCR": true, "MCSO": true, "MCSUCC": true, "MCSUCCMISC": true, "MCELC": true,
	"MCCHCC": true, "MCDC": true, "MCAC": true, "SCCC": true,
}

// canonicalPrefix reads the words before a number as one prefix; when they
// are not a known one but their last word is, the words before it are the
// town judgments write first ("Nakuru CMCC No. 78 of 2017") and drop.
func canonicalPrefix(prefix string) string {
	whole := nonLetters.ReplaceAllString(prefix, "")
	if a, ok := prefixAliases[whole]; ok {
		return a
	}
	words := strings.Fields(nonLetters.ReplaceAllString(prefix, " "))
	if len(words) > 1 {
		last := words[len(words)-1]
		if a, ok := prefixAliases[last]; ok {
			return a
		}
		if listPrefixes[last] {
			return last
		}
	}
	return whole
}

// stationWords are the words of a court's name that say what kind of court it
// is, not where: "BUTERE MAGISTRATE COURT" and "Butere Law Courts" are both
// the station "BUTERE".
var stationWords = map[string]bool{
	"MAGISTRATE": true, "MAGISTRATES": true, "MAGISTRATE'S": true, "MAGISTRATES'": true,
	"COURT": true, "COURTS": true, "LAW": true, "LAWCOURTS": true, "CHIEF": true,
	"PRINCIPAL": true, "SENIOR": true, "RESIDENT": true, "HIGH": true, "MOBILE": true,
	"UNDER": true, "THE": true, "OF": true, "AT": true, "IN": true, "STATION": true,
	"CMC": true, "CM": true, "PMC": true, "SRMC": true, "MC": true, "HC": true,
	"SMALL": true, "CLAIMS": true, "KADHI": true, "KADHI'S": true, "ENVIRONMENT": true,
	"AND": true, "&": true, "LAND": true, "ELC": true, "EMPLOYMENT": true, "LABOUR": true,
	"RELATIONS": true, "ELRC": true, "COMMERCIAL": true, "CIVIL": true, "CRIMINAL": true,
	"FAMILY": true, "DIVISION": true, "ANTI": true, "CORRUPTION": true, "TRAFFIC": true,
	"KENYA": true,
}

var punctuation = strings.NewReplacer(",", " ", "-", " ", "(", " ", ")", " ", ".", " ")

// stationAliases are places known by two names in the diaries advocates keep.
var stationAliases = map[string]string{
	"NAIROBI": "MILIMANI",
}

// Station is the place a court's name names: its first words up to the first
// word that says what kind of court it is. "ENDAU MOBILE COURT UNDER KITUI
// MAGISTRATE COURT" is "ENDAU"; "Butere Law Courts" is "BUTERE"; "Homa Bay
// Law Courts" is "HOMA BAY"; "High Court of Kenya at Mombasa" is "MOMBASA".
// The Court of Appeal numbers its appeals apart from the High Court in the
// same town, so its stations are its own: "Court of Appeal at Mombasa" is
// "APPEAL MOMBASA".
func Station(court string) string {
	court = punctuation.Replace(strings.ToUpper(court))
	if strings.Contains(" "+strings.Join(strings.Fields(court), " ")+" ", " COURT OF APPEAL ") {
		if s := Station(strings.Replace(court, "APPEAL", "", 1)); s != "" {
			return "APPEAL " + s
		}
		return ""
	}
	var out []string
	for _, w := range strings.Fields(court) {
		if stationWords[w] {
			if len(out) > 0 {
				break
			}
			continue
		}
		out = append(out, w)
	}
	s := strings.Join(out, " ")
	if a, ok := stationAliases[s]; ok {
		return a
	}
	return s
}

// SameStation reports whether two court names name one station.
func SameStation(a, b string) bool {
	sa := Station(a)
	return sa != "" && sa == Station(b)
}
