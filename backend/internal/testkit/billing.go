package testkit

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Checkout is a payment started through POST /api/payment/initialize.
type Checkout struct {
	Reference        string `json:"reference"`
	AuthorizationURL string `json:"authorizationUrl"`
}

// StartPayment starts a payment for planID through the REST door and fails
// the test unless it answers 200.
func (c *Session) StartPayment(t testing.TB, planID string) Checkout {
	t.Helper()
	res := c.Do(t, http.MethodPost, "/api/payment/initialize", map[string]string{"planId": planID})
	if res.Status != http.StatusOK {
		t.Fatalf("initialize payment for %q: %d %s", planID, res.Status, res.Body)
	}
	var out Checkout
	res.JSON(t, &out)
	return out
}

// ChooseOutcome presses Pay ("success") or Cancel ("failed") on the dev fake
// checkout page of a payment, as a browser would, and answers the response
// without following its redirect.
func (s *Server) ChooseOutcome(t testing.TB, checkoutURL, outcome string) *Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, checkoutURL, strings.NewReader(url.Values{"outcome": {outcome}}.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	sess := &Session{HTTP: client, server: s}
	return sess.Send(t, req)
}

// Subscribe pays for planID through the dev fake checkout and verifies the
// payment, as a new lawyer does in the browser; it fails the test unless the
// payment succeeds.
func (c *Session) Subscribe(t testing.TB, planID string) string {
	t.Helper()
	co := c.StartPayment(t, planID)
	if res := c.server.ChooseOutcome(t, co.AuthorizationURL, "success"); res.Status != http.StatusSeeOther {
		t.Fatalf("pay on the fake checkout: %d %s", res.Status, res.Body)
	}
	res := c.Do(t, http.MethodPost, "/api/payment/verify", map[string]string{"reference": co.Reference})
	var v struct{ Success bool }
	res.JSON(t, &v)
	if res.Status != http.StatusOK || !v.Success {
		t.Fatalf("verify payment %s: %d %s", co.Reference, res.Status, res.Body)
	}
	return co.Reference
}
