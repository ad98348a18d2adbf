package reminders

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// AfricasTalking sends SMS through Africa's Talking's messaging API.
type AfricasTalking struct {
	// BaseURL is "https://api.africastalking.com" (or the sandbox, or a test
	// server).
	BaseURL  string
	Username string
	APIKey   string
	From     string // sender id or short code; "" for the shared default
	Client   *http.Client
}

// NewAfricasTalking reads KESI_SMS_URL:
// africastalking://USERNAME:APIKEY@api.africastalking.com?from=SENDERID.
// A host of 127.0.0.1 or localhost is spoken to over plain HTTP (tests).
func NewAfricasTalking(raw string) (*AfricasTalking, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("KESI_SMS_URL: %w", err)
	}
	if u.Scheme != "africastalking" {
		return nil, fmt.Errorf("KESI_SMS_URL: scheme %q, want africastalking://", u.Scheme)
	}
	key, _ := u.User.Password()
	if u.User.Username() == "" || key == "" || u.Host == "" {
		return nil, fmt.Errorf("KESI_SMS_URL: want africastalking://USERNAME:APIKEY@HOST")
	}
	return &AfricasTalking{
		BaseURL: baseURL(u.Host), Username: u.User.Username(), APIKey: key, From: u.Query().Get("from"),
		Client: &http.Client{Timeout: 20 * time.Second},
	}, nil
}

func baseURL(host string) string {
	h := host
	if i := strings.LastIndex(h, ":"); i >= 0 {
		h = h[:i]
	}
	if h == "127.0.0.1" || h == "localhost" || h == "[::1]" {
		return "http://" + host
	}
	return "https://" + host
}

// The per-recipient status codes of the messaging API.
var atStatus = map[int]string{
	100: "Processed", 101: "Sent", 102: "Queued",
	401: "RiskHold", 402: "InvalidSenderId", 403: "InvalidPhoneNumber", 404: "UnsupportedNumberType",
	405: "InsufficientBalance", 406: "UserInBlacklist", 407: "CouldNotRoute",
	500: "InternalServerError", 501: "GatewayError", 502: "RejectedByGateway",
}

// SendSMS implements SMSSender.
func (a *AfricasTalking) SendSMS(ctx context.Context, to, text string) (string, error) {
	form := url.Values{"username": {a.Username}, "to": {to}, "message": {text}, "bulkSMSMode": {"1"}, "enqueue": {"1"}}
	if a.From != "" {
		form.Set("from", a.From)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.BaseURL+"/version1/messaging", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("apiKey", a.APIKey)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := a.Client.Do(req)
	if err != nil {
		return "", transient("africastalking: %v", err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	switch {
	case res.StatusCode == http.StatusUnauthorized || res.StatusCode == http.StatusForbidden:
		return "", permanent("africastalking: HTTP %d (check the username and API key): %s", res.StatusCode, snippet(body))
	case res.StatusCode >= 500 || res.StatusCode == http.StatusTooManyRequests:
		return "", transient("africastalking: HTTP %d: %s", res.StatusCode, snippet(body))
	case res.StatusCode != http.StatusCreated && res.StatusCode != http.StatusOK:
		return "", permanent("africastalking: HTTP %d: %s", res.StatusCode, snippet(body))
	}
	var out struct {
		SMSMessageData struct {
			Message    string
			Recipients []struct {
				StatusCode int    `json:"statusCode"`
				Number     string `json:"number"`
				Status     string `json:"status"`
				MessageID  string `json:"messageId"`
			}
		}
	}
	if err := json.Unmarshal(body, &out); err != nil {
		return "", transient("africastalking: unreadable answer: %v", err)
	}
	if len(out.SMSMessageData.Recipients) == 0 {
		// "InvalidPhoneNumber" and the like come back as a message and no recipient.
		return "", permanent("africastalking: not sent: %s", out.SMSMessageData.Message)
	}
	r := out.SMSMessageData.Recipients[0]
	switch {
	case r.StatusCode >= 100 && r.StatusCode <= 102:
		return r.MessageID, nil
	case r.StatusCode >= 500 || r.StatusCode == 401 || r.StatusCode == 407:
		return "", transient("africastalking: %d %s", r.StatusCode, statusName(r.StatusCode, r.Status))
	default:
		return "", permanent("africastalking: %d %s", r.StatusCode, statusName(r.StatusCode, r.Status))
	}
}

func statusName(code int, status string) string {
	if status != "" {
		return status
	}
	return atStatus[code]
}

func snippet(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}
