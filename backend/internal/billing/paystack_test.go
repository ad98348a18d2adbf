package billing_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

const testSecret = "sk_test_kesi"

// paystackServer answers /transaction/initialize and /transaction/verify
// as Paystack's documentation shows, with the outcome a test sets per
// reference.
type paystackServer struct {
	*httptest.Server
	t *testing.T

	mu          sync.Mutex
	initialized map[string]map[string]any // reference -> initialize body
	outcomes    map[string]paystackOutcome
	verifyCalls int
}

type paystackOutcome struct {
	Status   string
	Amount   int64
	Currency string
}

func newPaystackServer(t *testing.T) *paystackServer {
	ps := &paystackServer{t: t, initialized: map[string]map[string]any{}, outcomes: map[string]paystackOutcome{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /transaction/initialize", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+testSecret {
			writePaystack(w, http.StatusUnauthorized, map[string]any{"status": false, "message": "Invalid key"})
			return
		}
		var body map[string]any
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			writePaystack(w, http.StatusBadRequest, map[string]any{"status": false, "message": "Invalid JSON"})
			return
		}
		ref, _ := body["reference"].(string)
		ps.mu.Lock()
		ps.initialized[ref] = body
		ps.mu.Unlock()
		writePaystack(w, http.StatusOK, map[string]any{
			"status":  true,
			"message": "Authorization URL created",
			"data": map[string]any{
				"authorization_url": "https://checkout.paystack.com/" + strings.ToLower(ref),
				"access_code":       "0peioxfhpn",
				"reference":         ref,
			},
		})
	})
	mux.HandleFunc("GET /transaction/verify/{reference}", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+testSecret {
			writePaystack(w, http.StatusUnauthorized, map[string]any{"status": false, "message": "Invalid key"})
			return
		}
		ref := r.PathValue("reference")
		ps.mu.Lock()
		ps.verifyCalls++
		body, ok := ps.initialized[ref]
		out, chosen := ps.outcomes[ref]
		ps.mu.Unlock()
		if !ok {
			writePaystack(w, http.StatusBadRequest, map[string]any{"status": false, "message": "Transaction reference not found"})
			return
		}
		if !chosen {
			out = paystackOutcome{Status: "abandoned", Amount: int64(body["amount"].(float64)), Currency: body["currency"].(string)}
		}
		writePaystack(w, http.StatusOK, map[string]any{
			"status":  true,
			"message": "Verification successful",
			"data": map[string]any{
				"id":               4099260516,
				"domain":           "test",
				"status":           out.Status,
				"reference":        ref,
				"amount":           out.Amount,
				"gateway_response": "Successful",
				"channel":          "mobile_money",
				"currency":         out.Currency,
				"customer":         map[string]any{"email": body["email"]},
			},
		})
	})
	ps.Server = httptest.NewServer(mux)
	t.Cleanup(ps.Close)
	return ps
}

// set decides how Paystack reports ref from now on.
func (ps *paystackServer) set(ref string, out paystackOutcome) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	ps.outcomes[ref] = out
}

func (ps *paystackServer) initBody(ref string) map[string]any {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	return ps.initialized[ref]
}

func writePaystack(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// chargeSuccess is a charge.success event as Paystack posts it.
func chargeSuccess(ref string, amount int64, currency string) []byte {
	b, _ := json.Marshal(map[string]any{
		"event": "charge.success",
		"data": map[string]any{
			"id":               302961,
			"domain":           "live",
			"status":           "success",
			"reference":        ref,
			"amount":           amount,
			"gateway_response": "Approved",
			"currency":         currency,
			"paid_at":          "2025-01-15T06:00:00.000Z",
			"customer":         map[string]any{"email": "advocate@example.co.ke"},
		},
	})
	return b
}
