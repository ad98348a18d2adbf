package gateway

import (
	"encoding/json"
	"net/http"
	"strconv"

	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// planJSON is the documented plan: price in major units, duration in days.
type planJSON struct {
	ID       string      `json:"id"`
	Name     string      `json:"name"`
	Price    json.Number `json:"price"`
	Currency string      `json:"currency"`
	Duration int32       `json:"duration"`
}

// majorUnits writes minor units as a JSON number in major units, exactly:
// 150000 -> 1500, 99950 -> 999.5.
func majorUnits(minor int64) json.Number {
	neg := minor < 0
	if neg {
		minor = -minor
	}
	s := strconv.FormatInt(minor/100, 10)
	if cents := minor % 100; cents != 0 {
		frac := strconv.FormatInt(cents+100, 10)[1:]
		if frac[1] == '0' {
			frac = frac[:1]
		}
		s += "." + frac
	}
	if neg {
		s = "-" + s
	}
	return json.Number(s)
}

var paymentStatusNames = map[kesiv1.PaymentStatus]string{
	kesiv1.PaymentStatus_PAYMENT_STATUS_PENDING:   "pending",
	kesiv1.PaymentStatus_PAYMENT_STATUS_SUCCESS:   "success",
	kesiv1.PaymentStatus_PAYMENT_STATUS_FAILED:    "failed",
	kesiv1.PaymentStatus_PAYMENT_STATUS_ABANDONED: "abandoned",
}

type verifyJSON struct {
	Success bool   `json:"success"`
	Status  string `json:"status"`
	Data    struct {
		Status string `json:"status"`
	} `json:"data"`
	Message string `json:"message"`
	Expiry  string `json:"expiry"`
}

// billingRoutes mounts /api/plans, /api/subscription/status and /api/payment/*.
func (g *Gateway) billingRoutes(raw Raw) {
	g.handle("GET /api/plans", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.BillingServiceListPlansProcedure, g.svc.Billing.ListPlans, &kesiv1.ListPlansRequest{})
		if res == nil {
			return
		}
		out := make([]planJSON, len(res.Plans))
		for i, p := range res.Plans {
			out[i] = planJSON{
				ID:       p.Id,
				Name:     p.Name,
				Price:    majorUnits(p.GetPrice().GetAmountMinor()),
				Currency: p.GetPrice().GetCurrency(),
				Duration: p.DurationDays,
			}
		}
		writeJSON(w, http.StatusOK, out)
	})
	g.handle("GET /api/subscription/status", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.BillingServiceGetSubscriptionStatusProcedure, g.svc.Billing.GetSubscriptionStatus, &kesiv1.GetSubscriptionStatusRequest{})
		if res == nil {
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{
			"hasActiveSubscription": res.HasActiveSubscription,
			"expiry":                orEmpty(timeString(res.Expiry)),
		})
	})
	g.handle("POST /api/payment/initialize", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			PlanID string `json:"planId"`
		}
		if !decode(w, r, &in) {
			return
		}
		res := call(g, w, r, kesiv1connect.BillingServiceInitializePaymentProcedure, g.svc.Billing.InitializePayment,
			&kesiv1.InitializePaymentRequest{PlanId: in.PlanID})
		if res == nil {
			return
		}
		writeJSON(w, http.StatusOK, map[string]string{
			"authorizationUrl": res.AuthorizationUrl,
			"reference":        res.Reference,
		})
	})
	g.handle("POST /api/payment/verify", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Reference string `json:"reference"`
		}
		if !decode(w, r, &in) {
			return
		}
		res := call(g, w, r, kesiv1connect.BillingServiceVerifyPaymentProcedure, g.svc.Billing.VerifyPayment,
			&kesiv1.VerifyPaymentRequest{Reference: in.Reference})
		if res == nil {
			return
		}
		out := verifyJSON{
			Success: res.Success,
			Status:  paymentStatusNames[res.Status],
			Message: res.Message,
			Expiry:  orEmpty(timeString(res.Expiry)),
		}
		out.Data.Status = out.Status
		writeJSON(w, http.StatusOK, out)
	})
	if raw.Webhook != nil {
		g.mux.Handle("POST /api/payment/webhook", raw.Webhook)
	}
}

func orEmpty(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
