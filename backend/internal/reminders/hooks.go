package reminders

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent/remindermessage"
	"github.com/kesihq/kesi/ent/remindersetting"
)

// Routes are the reminders' plain HTTP doors, none behind a session: the
// calendar feed and the providers' callbacks.
//
//	GET  /calendar/{token}.ics
//	POST /hooks/africastalking/delivery?token=   delivery reports
//	POST /hooks/africastalking/incoming?token=   replies (STOP) and opt-outs
//	GET  /hooks/whatsapp                  the webhook's verification handshake
//	POST /hooks/whatsapp                  statuses and replies, signed
func (s *Service) Routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /calendar/{file}", s.serveFeed)
	mux.HandleFunc("POST /hooks/africastalking/delivery", s.atDelivery)
	mux.HandleFunc("POST /hooks/africastalking/incoming", s.atIncoming)
	mux.HandleFunc("GET /hooks/whatsapp", s.waVerify)
	mux.HandleFunc("POST /hooks/whatsapp", s.waWebhook)
	return mux
}

func (s *Service) serveFeed(w http.ResponseWriter, r *http.Request) {
	token, ok := strings.CutSuffix(r.PathValue("file"), ".ics")
	if !ok {
		http.NotFound(w, r)
		return
	}
	body, err := s.Feed(r.Context(), token)
	if err != nil {
		if errs.KindOf(err) == errs.KindNotFound {
			http.NotFound(w, r)
			return
		}
		slog.ErrorContext(r.Context(), "calendar feed", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("Content-Disposition", `inline; filename="kesi.ics"`)
	w.Header().Set("Cache-Control", "private, max-age=300")
	w.Write(body)
}

// statusRank orders statuses so that a late report never moves a message
// back ("sent" arriving after "delivered").
var statusRank = map[string]int{StatusPending: 0, StatusSending: 1, StatusSent: 2, StatusDelivered: 3, StatusRead: 4, StatusFailed: 5}

// report applies a provider's delivery report to the message it sent.
func (s *Service) report(ctx context.Context, channel, providerID, status, reason string) error {
	if providerID == "" || status == "" {
		return nil
	}
	m, err := s.db.ReminderMessage.Query().
		Where(remindermessage.Channel(channel), remindermessage.ProviderID(providerID)).First(ctx)
	if err != nil {
		return nil // not ours, or already gone: nothing to update
	}
	if statusRank[status] <= statusRank[m.Status] && status != StatusFailed {
		return nil
	}
	now := s.cal.Now().UTC()
	upd := s.db.ReminderMessage.UpdateOneID(m.ID).SetStatus(status).SetUpdatedAt(now)
	switch status {
	case StatusDelivered, StatusRead:
		if m.DeliveredAt == nil {
			upd.SetDeliveredAt(now)
		}
	case StatusFailed:
		upd.SetError(truncate(reason, 500))
	}
	if err := upd.Exec(ctx); err != nil {
		return fmt.Errorf("update message %s: %w", m.ID, err)
	}
	countMessage(channel, status)
	return nil
}

// atStatuses maps Africa's Talking delivery report statuses.
var atStatuses = map[string]string{
	"Success": StatusDelivered, "Failed": StatusFailed, "Rejected": StatusFailed, "AbsentSubscriber": StatusFailed,
	"Expired": StatusFailed, "Sent": StatusSent, "Submitted": StatusSent, "Buffered": StatusSent,
}

func formOf(w http.ResponseWriter, r *http.Request) bool {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return false
	}
	return true
}

// fromAfricasTalking reports whether a callback carries the token it was
// registered with, and answers 403 when not. Africa's Talking signs nothing,
// so the token in the URL is all that tells its callbacks from anyone's: a
// forged STOP would silence an advocate's hearing reminders.
func (s *Service) fromAfricasTalking(w http.ResponseWriter, r *http.Request) bool {
	want := s.opts.SMSCallbackToken
	if want == "" || !hmac.Equal([]byte(r.URL.Query().Get("token")), []byte(want)) {
		http.Error(w, "forbidden", http.StatusForbidden)
		return false
	}
	return true
}

func (s *Service) atDelivery(w http.ResponseWriter, r *http.Request) {
	if !s.fromAfricasTalking(w, r) || !formOf(w, r) {
		return
	}
	status := atStatuses[r.PostForm.Get("status")]
	reason := r.PostForm.Get("status")
	if f := r.PostForm.Get("failureReason"); f != "" {
		reason += ": " + f
	}
	if err := s.report(r.Context(), SMS, r.PostForm.Get("id"), status, "africastalking: "+reason); err != nil {
		slog.ErrorContext(r.Context(), "sms delivery report", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// isStop reports whether an incoming message withdraws consent.
func isStop(text string) bool {
	switch strings.ToUpper(strings.Trim(strings.TrimSpace(text), ".!")) {
	case "STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "STOP KESI":
		return true
	}
	return false
}

// withdrawPhone withdraws channel for every advocate whose verified number
// is phone.
func (s *Service) withdrawPhone(ctx context.Context, phone, channel, source, detail string) error {
	p, ok := NormalizePhone(phone)
	if !ok {
		return nil
	}
	rows, err := s.db.ReminderSetting.Query().Where(remindersetting.VerifiedPhone(p)).All(ctx)
	if err != nil {
		return err
	}
	for _, row := range rows {
		if err := s.withdraw(ctx, row.UserID, channel, source, detail); err != nil {
			return err
		}
	}
	return nil
}

// atIncoming takes replies to the short code or sender id (a STOP), and the
// bulk opt-out notifications (updateType=optout).
func (s *Service) atIncoming(w http.ResponseWriter, r *http.Request) {
	if !s.fromAfricasTalking(w, r) || !formOf(w, r) {
		return
	}
	f := r.PostForm
	var err error
	switch {
	case f.Get("updateType") == "optout":
		err = s.withdrawPhone(r.Context(), f.Get("phoneNumber"), SMS, "sms_stop", "opt-out from "+f.Get("senderId"))
	case isStop(f.Get("text")):
		err = s.withdrawPhone(r.Context(), f.Get("from"), SMS, "sms_stop", "replied "+strings.TrimSpace(f.Get("text")))
	}
	if err != nil {
		slog.ErrorContext(r.Context(), "sms reply", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

func (s *Service) waVerify(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if s.opts.WhatsAppVerifyToken == "" || q.Get("hub.mode") != "subscribe" ||
		!hmac.Equal([]byte(q.Get("hub.verify_token")), []byte(s.opts.WhatsAppVerifyToken)) {
		http.Error(w, "forbidden", http.StatusForbidden)
		return
	}
	w.Header().Set("Content-Type", "text/plain")
	io.WriteString(w, q.Get("hub.challenge"))
}

// ValidSignature checks X-Hub-Signature-256: "sha256=" and the hex
// HMAC-SHA256 of the raw body keyed with the app secret.
func ValidSignature(secret string, body []byte, header string) bool {
	hexSig, ok := strings.CutPrefix(header, "sha256=")
	if !ok || secret == "" {
		return false
	}
	got, err := hex.DecodeString(hexSig)
	if err != nil {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return hmac.Equal(got, mac.Sum(nil))
}

type waNotification struct {
	Entry []struct {
		Changes []struct {
			Value struct {
				Statuses []struct {
					ID     string `json:"id"`
					Status string `json:"status"`
					Errors []struct {
						Code  int    `json:"code"`
						Title string `json:"title"`
					} `json:"errors"`
				} `json:"statuses"`
				Messages []struct {
					From   string                `json:"from"`
					Type   string                `json:"type"`
					Text   struct{ Body string } `json:"text"`
					Button struct{ Text string } `json:"button"`
				} `json:"messages"`
			} `json:"value"`
		} `json:"changes"`
	} `json:"entry"`
}

func (s *Service) waWebhook(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			http.Error(w, "too large", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	if !ValidSignature(s.opts.WhatsAppAppSecret, body, r.Header.Get("X-Hub-Signature-256")) {
		http.Error(w, "invalid signature", http.StatusUnauthorized)
		return
	}
	var n waNotification
	if err := json.Unmarshal(body, &n); err != nil {
		http.Error(w, "bad json", http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	for _, e := range n.Entry {
		for _, c := range e.Changes {
			for _, st := range c.Value.Statuses {
				reason := ""
				if len(st.Errors) > 0 {
					reason = fmt.Sprintf("whatsapp: %d %s", st.Errors[0].Code, st.Errors[0].Title)
				}
				status := map[string]string{"sent": StatusSent, "delivered": StatusDelivered, "read": StatusRead, "failed": StatusFailed}[st.Status]
				if err := s.report(ctx, WhatsApp, st.ID, status, reason); err != nil {
					slog.ErrorContext(ctx, "whatsapp status", "err", err)
					http.Error(w, "internal error", http.StatusInternalServerError)
					return
				}
			}
			for _, m := range c.Value.Messages {
				if isStop(m.Text.Body) || isStop(m.Button.Text) {
					if err := s.withdrawPhone(ctx, "+"+m.From, WhatsApp, "whatsapp_opt_out", "replied STOP"); err != nil {
						slog.ErrorContext(ctx, "whatsapp opt-out", "err", err)
						http.Error(w, "internal error", http.StatusInternalServerError)
						return
					}
				}
			}
		}
	}
	w.WriteHeader(http.StatusOK)
}
