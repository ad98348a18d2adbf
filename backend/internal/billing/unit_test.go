package billing

import (
	"strings"
	"testing"
)

func TestFormatMoney(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		minor    int64
		currency string
		want     string
	}{
		{150000, "KES", "KSh 1,500.00"},
		{1500000, "KES", "KSh 15,000.00"},
		{45000, "KES", "KSh 450.00"},
		{5, "KES", "KSh 0.05"},
		{123456789, "KES", "KSh 1,234,567.89"},
		{999, "USD", "$ 9.99"},
		{-150, "KES", "-KSh 1.50"},
		{100, "EUR", "EUR 1.00"},
	} {
		if got := FormatMoney(tc.minor, tc.currency); got != tc.want {
			t.Errorf("FormatMoney(%d, %s) = %q, want %q", tc.minor, tc.currency, got, tc.want)
		}
	}
}

func TestProviderStatus(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"success": StatusSuccess, "SUCCESS": StatusSuccess, "failed": StatusFailed, "reversed": StatusFailed,
		"abandoned": StatusAbandoned, "ongoing": StatusPending, "processing": StatusPending, "": StatusPending,
	} {
		if got := providerStatus(in); got != want {
			t.Errorf("providerStatus(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestSignature(t *testing.T) {
	t.Parallel()
	body := []byte(`{"event":"charge.success","data":{"reference":"KESI-1","amount":150000,"currency":"KES"}}`)
	sig := Sign("sk_test_x", body)
	if len(sig) != 128 {
		t.Fatalf("signature %q is not hex SHA-512", sig)
	}
	for _, tc := range []struct {
		name, key, sig string
		body           []byte
		want           bool
	}{
		{"matching", "sk_test_x", sig, body, true},
		{"upper-case hex", "sk_test_x", strings.ToUpper(sig), body, true},
		{"other key", "sk_test_y", sig, body, false},
		{"changed body", "sk_test_x", sig, append([]byte(" "), body...), false},
		{"truncated", "sk_test_x", sig[:64], body, false},
		{"empty", "sk_test_x", "", body, false},
		{"no key configured", "", Sign("", body), body, false},
	} {
		if got := ValidSignature(tc.key, tc.body, tc.sig); got != tc.want {
			t.Errorf("%s: ValidSignature = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestParseWebhook(t *testing.T) {
	t.Parallel()
	ev, err := ParseWebhook([]byte(`{"event":"charge.success","data":{"id":1,"status":"success","reference":"KESI-1","amount":150000,"currency":"KES","customer":{"email":"a@b.c"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if ev.Event != "charge.success" || ev.Reference != "KESI-1" || ev.AmountMinor != 150000 || ev.Currency != "KES" || ev.Status != "success" {
		t.Errorf("parsed %+v", ev)
	}
	for _, bad := range []string{``, `{`, `[]`, `{"data":{}}`, `{"event":"charge.success","data":{"amount":"many"}}`} {
		if _, err := ParseWebhook([]byte(bad)); err == nil {
			t.Errorf("ParseWebhook(%q) accepted a bad body", bad)
		}
	}
}

func FuzzParseWebhook(f *testing.F) {
	f.Add([]byte(`{"event":"charge.success","data":{"reference":"KESI-1","amount":150000,"currency":"KES","status":"success"}}`))
	f.Add([]byte(`{"event":"x"}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, body []byte) {
		ev, err := ParseWebhook(body)
		if err == nil && ev.Event == "" {
			t.Errorf("accepted an event with no name: %q", body)
		}
	})
}

func FuzzValidSignature(f *testing.F) {
	f.Add([]byte(`{"event":"charge.success"}`), "00")
	f.Fuzz(func(t *testing.T, body []byte, sig string) {
		if ValidSignature("sk_test_fuzz", body, sig) && !strings.EqualFold(strings.TrimSpace(sig), Sign("sk_test_fuzz", body)) {
			t.Errorf("accepted signature %q for %q", sig, body)
		}
		if !ValidSignature("sk_test_fuzz", body, Sign("sk_test_fuzz", body)) {
			t.Errorf("refused the true signature of %q", body)
		}
	})
}
