package causelists

import "testing"

func TestParseCaseKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{"MCCC/E052/2021", "MCCC/E52/2021"},
		{"MCCC/E52/2021", "MCCC/E52/2021"},
		{"mccc e52 of 2021", "MCCC/E52/2021"},
		{"MCCC No. E052 of 2021", "MCCC/E52/2021"},
		{"MCCC NO.E52/2021", "MCCC/E52/2021"},
		{" MCCC / E052 / 2021 ", "MCCC/E52/2021"},
		{"MCCC/84/2017", "MCCC/84/2017"},
		{"MCCC/084/2017", "MCCC/84/2017"},
		{"MCCC-E052-2021", "MCCC/E52/2021"},
		{"MCCC E52-2021", "MCCC/E52/2021"},
		{"MCCC/19(A)/2019", "MCCC/19A/2019"},
		{"MCSUCCMISC/E057/2023", "MCSUCCMISC/E57/2023"},
		{"HCCC E123 of 2021", "HCCC/E123/2021"},
		{"Civil Appeal E097 of 2020", "CIVILAPPEAL/E97/2020"},
		{"Civil Appeal No. E97 of 2020", "CIVILAPPEAL/E97/2020"},
		{"ELC No. 45 of 2019", "ELC/45/2019"},
		// The town before the court's own prefix, as judgments write it
		// (kenya-courts.md: MCCC/78/2017 on a list).
		{"Nakuru CMCC No. 78 of 2017", "MCCC/78/2017"},
		{"Milimani MCCC No. E52 of 2021", "MCCC/E52/2021"},
		{"Butere MCSO E10 of 2021", "MCSO/E10/2021"},
		{"High Court Civil Case No. 5 of 2020", "HIGHCOURTCIVILCASE/5/2020"},
		{"CMCC No. 78 of 2017", "MCCC/78/2017"},
		{"Succession Cause E194 of 2021", "MCSUCC/E194/2021"},
		{"Small Claims Court Case No. E3443 of 2024", "SCCC/E3443/2024"},
		{"E52/2021", "E52/2021"},
		{"No. 45 of 2019", "45/2019"},
		{"Misc. Appl. No. 453 of 2017", "MISCAPPL/453/2017"},
		// Two-digit years, after a slash or "of": the 1990s from 50 on.
		{"MCCC/52/21", "MCCC/52/2021"},
		{"CMCC No. 78 of 17", "MCCC/78/2017"},
		{"HCCC 123 of 99", "HCCC/123/1999"},
	}
	for _, tt := range tests {
		k, ok := ParseCaseKey(tt.in)
		if !ok || k.String() != tt.want {
			t.Errorf("ParseCaseKey(%q) = %q, %v; want %q", tt.in, k, ok, tt.want)
		}
	}
	for _, bad := range []string{"", "MCCC", "2021", "MCCC/E/2021", "Republic Vs Juma", "MCCC 52 21", "12/10/23/", "ñ/ñ/ñ"} {
		if k, ok := ParseCaseKey(bad); ok {
			t.Errorf("ParseCaseKey(%q) = %q, want no key", bad, k)
		}
	}
	// Different numbers stay different.
	a, _ := ParseCaseKey("MCCC/E52/2021")
	for _, other := range []string{"MCCC/52/2021", "MCCC/E52/2022", "MCCR/E52/2021", "MCCC/E520/2021"} {
		if b, _ := ParseCaseKey(other); a == b {
			t.Errorf("%q and MCCC/E52/2021 compare equal", other)
		}
	}
}

func TestStation(t *testing.T) {
	tests := []struct{ in, want string }{
		{"BUTERE MAGISTRATE COURT", "BUTERE"},
		{"Butere Law Courts", "BUTERE"},
		{"ENDAU MOBILE COURT UNDER KITUI MAGISTRATE COURT", "ENDAU"},
		{"KARABA UNDER WANGURU MAGISTRATE COURT", "KARABA"},
		{"IJARA MOBILE COURT UNDER HOLA LAW COURTS", "IJARA"},
		{"Milimani Commercial Magistrate Court", "MILIMANI"},
		{"Homa Bay Law Courts", "HOMA BAY"},
		{"Chief Magistrate's Court, Kakamega", "KAKAMEGA"},
		{"Nairobi", "MILIMANI"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Station(tt.in); got != tt.want {
			t.Errorf("Station(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	same := [][2]string{
		{"BUTERE MAGISTRATE COURT", "Butere Law Courts"},
		{"MILIMANI MAGISTRATE COURT", "Milimani Law Courts"},
		{"BUSIA HIGH COURT", "Busia Small Claims Court"},
		{"SOLOLO MOBILE COURT UNDER MOYALE", "Sololo"},
	}
	for _, p := range same {
		if !SameStation(p[0], p[1]) {
			t.Errorf("SameStation(%q, %q) = false", p[0], p[1])
		}
	}
	differ := [][2]string{
		{"BUTERE MAGISTRATE COURT", "Busia Law Courts"},
		{"HOMA BAY MAGISTRATE COURT", "Homa Law Courts Bay"},
		{"MOYALE MAGISTRATE COURT", ""},
		{"KISUMU", "KISUMU EAST"},
	}
	for _, p := range differ {
		if SameStation(p[0], p[1]) {
			t.Errorf("SameStation(%q, %q) = true", p[0], p[1])
		}
	}
}
