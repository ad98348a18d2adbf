package billing

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
)

// maxWebhookBody caps a Paystack event; real ones are a few kilobytes.
const maxWebhookBody = 1 << 20

// WebhookHandler serves POST /api/payment/webhook: it checks Paystack's
// x-paystack-signature over the raw body with the secret key and applies a
// successful charge once. A bad signature answers 401 and changes nothing;
// any signed event answers 200 so that Paystack stops re-sending it.
func WebhookHandler(svc *Service, secretKey string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
		if err != nil {
			writeMessage(w, http.StatusRequestEntityTooLarge, "Request body is too large.")
			return
		}
		if !ValidSignature(secretKey, body, r.Header.Get("x-paystack-signature")) {
			slog.WarnContext(r.Context(), "payment webhook with a bad signature", "client", r.RemoteAddr)
			writeMessage(w, http.StatusUnauthorized, "Invalid signature.")
			return
		}
		ev, err := ParseWebhook(body)
		if err != nil {
			writeMessage(w, http.StatusBadRequest, "The event is not valid JSON.")
			return
		}
		if err := svc.Webhook(r.Context(), ev); err != nil {
			// Paystack retries a non-2xx answer; applying is idempotent.
			slog.ErrorContext(r.Context(), "payment webhook", "event", ev.Event, "reference", ev.Reference, "err", err)
			writeMessage(w, http.StatusInternalServerError, "internal error")
			return
		}
		writeMessage(w, http.StatusOK, "ok")
	})
}

func writeMessage(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"message": message})
}
