package billing

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Paystack is the real provider, over Paystack's REST API
// (https://paystack.com/docs/api/transaction/).
type Paystack struct {
	BaseURL   string // https://api.paystack.co, or a test server
	SecretKey string
	HTTP      *http.Client
}

// NewPaystack builds the Paystack provider.
func NewPaystack(baseURL, secretKey string) *Paystack {
	return &Paystack{
		BaseURL:   strings.TrimRight(baseURL, "/"),
		SecretKey: secretKey,
		HTTP:      &http.Client{Timeout: 15 * time.Second},
	}
}

// Name implements Provider.
func (p *Paystack) Name() string { return "paystack" }

// paystackEnvelope is the shape of every Paystack answer.
type paystackEnvelope struct {
	Status  bool            `json:"status"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
}

// paystackTransaction is the part of a transaction Kesi reads, in a verify
// answer and in a webhook event's data.
// Only the fields Kesi reads: the others (metadata is an object, "" or 0 in
// real answers) may be of any type.
type paystackTransaction struct {
	Status    string `json:"status"`
	Reference string `json:"reference"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	// RequestedAmount is what Kesi asked for; Amount is what was charged,
	// fees included when the customer bears them. Absent in some events.
	RequestedAmount int64 `json:"requested_amount"`
	// TransactionReference names the refunded payment in refund events.
	TransactionReference string `json:"transaction_reference"`
	// Who paid; read leniently (any of it may be null, absent or odd).
	Customer      json.RawMessage `json:"customer"`
	Authorization json.RawMessage `json:"authorization"`
}

func (t paystackTransaction) transaction() Transaction {
	return Transaction{Reference: t.Reference, Status: t.Status, AmountMinor: t.Amount, RequestedMinor: t.RequestedAmount, Currency: t.Currency,
		Payer: Payer{
			CustomerCode: jsonField(t.Customer, "customer_code"),
			Email:        jsonField(t.Customer, "email"),
			Phone:        jsonField(t.Customer, "phone"),
			Signature:    jsonField(t.Authorization, "signature"),
		}}
}

// jsonField is the string field name of the object raw, or "" when raw is
// no object or the field no string.
func jsonField(raw json.RawMessage, name string) string {
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil {
		return ""
	}
	return jsonString(obj[name])
}

// jsonID is raw when it is a JSON string or number, else "".
func jsonID(raw json.RawMessage) string {
	if s := jsonString(raw); s != "" {
		return s
	}
	var n json.Number
	if json.Unmarshal(raw, &n) != nil {
		return ""
	}
	return n.String()
}

// jsonString is raw when it is a JSON string, else "" (null, a number...).
func jsonString(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return strings.TrimSpace(s)
}

// Initialize implements Provider: POST /transaction/initialize.
func (p *Paystack) Initialize(ctx context.Context, c Checkout) (string, error) {
	body, err := json.Marshal(map[string]any{
		"email":        c.Email,
		"amount":       c.AmountMinor,
		"currency":     c.Currency,
		"reference":    c.Reference,
		"callback_url": c.CallbackURL,
		"metadata":     map[string]string{"plan_id": c.PlanID, "user_id": c.UserID},
	})
	if err != nil {
		return "", err
	}
	var data struct {
		AuthorizationURL string `json:"authorization_url"`
	}
	if err := p.do(ctx, http.MethodPost, "/transaction/initialize", body, &data); err != nil {
		return "", fmt.Errorf("paystack initialize %s: %w", c.Reference, err)
	}
	if data.AuthorizationURL == "" {
		return "", fmt.Errorf("paystack initialize %s: no authorization_url in the answer", c.Reference)
	}
	return data.AuthorizationURL, nil
}

// Verify implements Provider: GET /transaction/verify/:reference.
func (p *Paystack) Verify(ctx context.Context, reference string) (Transaction, error) {
	var data paystackTransaction
	if err := p.do(ctx, http.MethodGet, "/transaction/verify/"+url.PathEscape(reference), nil, &data); err != nil {
		return Transaction{}, fmt.Errorf("paystack verify %s: %w", reference, err)
	}
	return data.transaction(), nil
}

func (p *Paystack) do(ctx context.Context, method, path string, body []byte, data any) error {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, p.BaseURL+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+p.SecretKey)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := p.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	var env paystackEnvelope
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&env); err != nil {
		return fmt.Errorf("answer %d is not JSON: %w", res.StatusCode, err)
	}
	if res.StatusCode/100 != 2 || !env.Status {
		return fmt.Errorf("answered %d: %s", res.StatusCode, env.Message)
	}
	if err := json.Unmarshal(env.Data, data); err != nil {
		return fmt.Errorf("read data: %w", err)
	}
	return nil
}

// Sign is the x-paystack-signature of body: hex HMAC-SHA512 with the secret key.
func Sign(secretKey string, body []byte) string {
	mac := hmac.New(sha512.New, []byte(secretKey))
	mac.Write(body)
	return hex.EncodeToString(mac.Sum(nil))
}

// ValidSignature reports, in constant time, whether signature is body's.
func ValidSignature(secretKey string, body []byte, signature string) bool {
	if secretKey == "" {
		return false
	}
	got, err := hex.DecodeString(strings.TrimSpace(signature))
	if err != nil {
		return false
	}
	mac := hmac.New(sha512.New, []byte(secretKey))
	mac.Write(body)
	return hmac.Equal(got, mac.Sum(nil))
}

// The Paystack events Kesi acts on.
const (
	EventChargeSuccess   = "charge.success"
	EventRefundProcessed = "refund.processed"
)

// WebhookEvent is a Paystack event as the webhook receives it. For a
// refund, Reference is the refunded payment's and AmountMinor the refund's.
type WebhookEvent struct {
	Event string
	Transaction
	// RefundID names a refund: one payment may have several.
	RefundID string
}

// ParseWebhook reads a Paystack event body.
func ParseWebhook(body []byte) (WebhookEvent, error) {
	var ev struct {
		Event string `json:"event"`
		Data  struct {
			paystackTransaction
			// A refund's own reference and id; either may be null, a string
			// or a number.
			RefundReference json.RawMessage `json:"refund_reference"`
			ID              json.RawMessage `json:"id"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &ev); err != nil {
		return WebhookEvent{}, fmt.Errorf("webhook body: %w", err)
	}
	if ev.Event == "" {
		return WebhookEvent{}, fmt.Errorf("webhook body has no event")
	}
	tx := ev.Data.transaction()
	out := WebhookEvent{Event: ev.Event, Transaction: tx}
	if ev.Event == EventRefundProcessed {
		out.Reference = ev.Data.TransactionReference
		out.RefundID = jsonID(ev.Data.RefundReference)
		if out.RefundID == "" {
			out.RefundID = jsonID(ev.Data.ID)
		}
	}
	return out, nil
}
