package billing_test

import (
	"net/http"
	"testing"

	"github.com/kesihq/kesi/backend/internal/testkit"
)

// Issue 15: a payment completed on one server was "abandoned" on another,
// because the fake checkout kept outcomes in memory. Two servers on one
// database now agree, and a payment made cannot be cancelled afterwards.
func TestFakeCheckout_OutcomeIsSharedByEveryServer(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		one := testkit.NewServer(t, e, nil)
		two := one.Restart(t, nil)
		u := one.CreateUser(t, testkit.UserSpec{Unpaid: true})
		co := one.Session(t, u).StartPayment(t, "monthly")
		if res := one.ChooseOutcome(t, co.AuthorizationURL, "success"); res.Status != http.StatusSeeOther {
			t.Fatalf("Pay on server one: %d %s", res.Status, res.Body)
		}
		if res := two.ChooseOutcome(t, two.URL+"/dev/checkout/"+co.Reference, "failed"); res.Status != http.StatusSeeOther {
			t.Fatalf("Cancel on server two: %d %s", res.Status, res.Body)
		}
		if _, v := verify(t, two.Session(t, u), co.Reference); !v.Success || v.Status != "success" {
			t.Fatalf("verify on server two of a payment made on server one: %+v", v)
		}
	})
}
