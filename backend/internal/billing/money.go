package billing

import (
	"fmt"
	"strings"
)

// FormatMoney writes an amount for people: "KSh 1,500.00" for KES, "$ 9.99"
// for USD (SPEC.md shows USD as $), else the ISO code.
func FormatMoney(minor int64, currency string) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	symbol := currency
	switch strings.ToUpper(currency) {
	case "KES":
		symbol = "KSh"
	case "USD":
		symbol = "$"
	}
	return fmt.Sprintf("%s%s %s.%02d", sign, symbol, groupThousands(minor/100), minor%100)
}

func groupThousands(n int64) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
