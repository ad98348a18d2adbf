package reminders

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// CloudAPI sends WhatsApp template messages through Meta's Cloud API.
type CloudAPI struct {
	// BaseURL is "https://graph.facebook.com/v23.0" (or a test server).
	BaseURL       string
	Token         string
	PhoneNumberID string
	Template      string // an approved UTILITY template with two body variables
	Language      string
	Client        *http.Client
}

// DefaultTemplate is the template the reminders use unless the URL names
// another: body "{{1}}: {{2}}".
const DefaultTemplate = "kesi_daily_sittings"

// NewCloudAPI reads KESI_WHATSAPP_URL:
// whatsapp://TOKEN@graph.facebook.com/v23.0/PHONE_NUMBER_ID?template=kesi_daily_sittings&lang=en.
func NewCloudAPI(raw string) (*CloudAPI, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("KESI_WHATSAPP_URL: %w", err)
	}
	if u.Scheme != "whatsapp" {
		return nil, fmt.Errorf("KESI_WHATSAPP_URL: scheme %q, want whatsapp://", u.Scheme)
	}
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	if u.User.Username() == "" || u.Host == "" || len(parts) != 2 || parts[0] == "" || parts[1] == "" {
		return nil, fmt.Errorf("KESI_WHATSAPP_URL: want whatsapp://TOKEN@HOST/VERSION/PHONE_NUMBER_ID")
	}
	c := &CloudAPI{
		BaseURL: baseURL(u.Host) + "/" + parts[0], Token: u.User.Username(), PhoneNumberID: parts[1],
		Template: u.Query().Get("template"), Language: u.Query().Get("lang"),
		Client: &http.Client{Timeout: 20 * time.Second},
	}
	if c.Template == "" {
		c.Template = DefaultTemplate
	}
	if c.Language == "" {
		c.Language = "en"
	}
	return c, nil
}

type waParam struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// SendWhatsApp implements WhatsAppSender.
func (c *CloudAPI) SendWhatsApp(ctx context.Context, m WhatsAppMessage) (string, error) {
	params := make([]waParam, len(m.Parameters))
	for i, p := range m.Parameters {
		params[i] = waParam{Type: "text", Text: p}
	}
	payload := map[string]any{
		"messaging_product": "whatsapp",
		"to":                strings.TrimPrefix(m.To, "+"),
		"type":              "template",
		"template": map[string]any{
			"name":       c.Template,
			"language":   map[string]string{"code": c.Language},
			"components": []map[string]any{{"type": "body", "parameters": params}},
		},
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+"/"+url.PathEscape(c.PhoneNumberID)+"/messages", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	req.Header.Set("Content-Type", "application/json")
	res, err := c.Client.Do(req)
	if err != nil {
		return "", transient("whatsapp: %v", err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if res.StatusCode != http.StatusOK {
		var e struct {
			Error struct {
				Message string `json:"message"`
				Code    int    `json:"code"`
			} `json:"error"`
		}
		_ = json.Unmarshal(raw, &e)
		reason := fmt.Sprintf("whatsapp: HTTP %d: code %d %s", res.StatusCode, e.Error.Code, e.Error.Message)
		if res.StatusCode >= 500 || res.StatusCode == http.StatusTooManyRequests || waTransient[e.Error.Code] {
			return "", transient("%s", reason)
		}
		return "", permanent("%s", reason)
	}
	var out struct {
		Messages []struct {
			ID string `json:"id"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(raw, &out); err != nil || len(out.Messages) == 0 || out.Messages[0].ID == "" {
		return "", transient("whatsapp: answer without a message id: %s", snippet(raw))
	}
	return out.Messages[0].ID, nil
}

// waTransient are the Cloud API error codes worth retrying: throttling and
// temporary service errors.
var waTransient = map[int]bool{1: true, 2: true, 4: true, 80007: true, 130429: true, 131000: true, 131016: true, 133004: true}
