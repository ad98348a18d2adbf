package auth_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/passwordreset"
	"github.com/kesihq/kesi/ent/user"
)

// behindProxy lets a test speak from any client address: the test server
// trusts loopback as its proxy.
var behindProxy = map[string]string{"KESI_TRUSTED_PROXIES": "127.0.0.0/8, ::1/128"}

// from posts body to path as the client at address ip.
func from(t *testing.T, srv *testkit.Server, ip, path string, body any) *testkit.Response {
	t.Helper()
	b, _ := json.Marshal(body)
	req, err := http.NewRequest("POST", srv.URL+path, bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", ip)
	return (&testkit.Session{HTTP: http.DefaultClient}).Send(t, req)
}

// parallel sends n requests at once and counts the answers by status.
func parallel(n int, send func() int) map[int]int {
	var mu sync.Mutex
	got := map[int]int{}
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status := send()
			mu.Lock()
			got[status]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	return got
}

func withEnv(extra map[string]string, base map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range extra {
		out[k] = v
	}
	return out
}

func TestRateLimits_ParallelWrongPasswordsEvaluateAtMostTheLimit(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, withEnv(behindProxy, map[string]string{"KESI_RATE_LIMIT_PER_ACCOUNT": "10", "KESI_RATE_LIMIT_PER_ADDRESS": "100"}))
		register(t, srv, form("raced@example.co.ke")).Want(t, 201, "")
		got := parallel(30, func() int {
			return from(t, srv, "198.51.100.7", "/api/auth/login", map[string]any{"email": "raced@example.co.ke", "password": "wrong-password"}).Status
		})
		// Each 401 is one password hash checked: never more than the limit.
		if got[401] != 10 || got[429] != 20 {
			t.Errorf("30 parallel wrong passwords, limit 10: %v; want 10 x 401 and 20 x 429", got)
		}
	})
}

func TestRateLimits_StrangerNeverLocksTheOwnerOut(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, withEnv(behindProxy, map[string]string{"KESI_RATE_LIMIT_PER_ACCOUNT": "3", "KESI_RATE_LIMIT_PER_ADDRESS": "100"}))
		register(t, srv, form("owner@example.co.ke")).Want(t, 201, "")
		for _, email := range []string{"owner@example.co.ke", auth.DemoEmail} {
			for range 5 {
				from(t, srv, "203.0.113.66", "/api/auth/login", map[string]any{"email": email, "password": "guessing-1"})
			}
			from(t, srv, "203.0.113.66", "/api/auth/login", map[string]any{"email": email, "password": "guessing-2"}).Want(t, 429, auth.MsgTooManyAttempts)
		}
		// The owner, elsewhere, signs in; so does the next demo visitor.
		from(t, srv, "198.51.100.1", "/api/auth/login", map[string]any{"email": "owner@example.co.ke", "password": goodPassword}).Want(t, 200, "")
		from(t, srv, "198.51.100.2", "/api/auth/login", map[string]any{"email": auth.DemoEmail, "password": auth.DemoPassword}).Want(t, 200, "")
		// The stranger stays refused, even with the right password.
		from(t, srv, "203.0.113.66", "/api/auth/login", map[string]any{"email": "owner@example.co.ke", "password": goodPassword}).Want(t, 429, auth.MsgTooManyAttempts)
	})
}

func TestRateLimits_SharedByServersAndKeptOverARestart(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		env := withEnv(behindProxy, map[string]string{"KESI_RATE_LIMIT_PER_ACCOUNT": "4", "KESI_RATE_LIMIT_PER_ADDRESS": "100"})
		first := testkit.NewServer(t, e, env)
		register(t, first, form("kept@example.co.ke")).Want(t, 201, "")
		second := first.Restart(t, env)
		for _, srv := range []*testkit.Server{first, second, first, second} {
			from(t, srv, "192.0.2.9", "/api/auth/login", map[string]any{"email": "kept@example.co.ke", "password": "wrong-password"}).Want(t, 401, "")
		}
		third := first.Restart(t, env)
		from(t, third, "192.0.2.9", "/api/auth/login", map[string]any{"email": "kept@example.co.ke", "password": goodPassword}).Want(t, 429, auth.MsgTooManyAttempts)
	})
}

func TestRateLimits_ParallelResetCodeGuessesCountedOnTheCode(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, withEnv(behindProxy, map[string]string{"KESI_RATE_LIMIT_PER_ACCOUNT": "100", "KESI_RATE_LIMIT_PER_ADDRESS": "100"}))
		register(t, srv, form("guessed@example.co.ke")).Want(t, 201, "")
		requestReset(t, srv, "guessed@example.co.ke")
		got := parallel(40, func() int {
			return from(t, srv, "203.0.113.5", "/api/auth/change-password", map[string]any{"email": "guessed@example.co.ke", "reset_code": "000000", "new_password": "new-secret-1"}).Status
		})
		if got[400] != 40 {
			t.Errorf("40 parallel wrong codes: %v, want 40 x 400", got)
		}
		u := srv.DB().User.Query().Where(user.Email("guessed@example.co.ke")).OnlyX(context.Background())
		pr := srv.DB().PasswordReset.Query().Where(passwordreset.UserID(u.ID)).OnlyX(context.Background())
		// Only five tries are ever compared with the code.
		if pr.Attempts != auth.ResetCodeAttempts {
			t.Errorf("the code counted %d tries, want %d", pr.Attempts, auth.ResetCodeAttempts)
		}
	})
}

func TestRateLimits_ParallelResetCodeGuessesFromOneAddress(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, withEnv(behindProxy, map[string]string{"KESI_RATE_LIMIT_PER_ACCOUNT": "10", "KESI_RATE_LIMIT_PER_ADDRESS": "100"}))
		register(t, srv, form("coded@example.co.ke")).Want(t, 201, "")
		got := parallel(40, func() int {
			return from(t, srv, "203.0.113.5", "/api/auth/change-password", map[string]any{"email": "coded@example.co.ke", "reset_code": "123456", "new_password": "new-secret-1"}).Status
		})
		if got[400] != 10 || got[429] != 30 {
			t.Errorf("40 parallel code guesses, limit 10: %v; want 10 x 400 and 30 x 429", got)
		}
	})
}

func TestRateLimits_RegistrationPerAddress(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, behindProxy)
		for i := range auth.RegistrationsPerAddress {
			from(t, srv, "192.0.2.44", "/api/auth/register", form("signup"+string(rune('a'+i))+"@example.co.ke")).Want(t, 201, "")
		}
		from(t, srv, "192.0.2.44", "/api/auth/register", form("one-more@example.co.ke")).Want(t, 429, auth.MsgTooManyAttempts)
		from(t, srv, "192.0.2.45", "/api/auth/register", form("elsewhere@example.co.ke")).Want(t, 201, "")
	})
}

// One IPv6 host holds a whole /64 and can send from any address in it: the
// per-address limits of sign-in and registration count the /64 as one
// address. The next /64 is another host; IPv4 is counted per address.
func TestRateLimits_PerAddressCountsAnIPv6SlashSixtyFourAsOne(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, withEnv(behindProxy, map[string]string{
			"KESI_REGISTRATIONS_PER_ADDRESS": "3", "KESI_RATE_LIMIT_PER_ACCOUNT": "100", "KESI_RATE_LIMIT_PER_ADDRESS": "5"}))
		for i := 1; i <= 3; i++ {
			from(t, srv, fmt.Sprintf("2001:db8:aa:bb::%x", i), "/api/auth/register", form(fmt.Sprintf("bot%d@example.co.ke", i))).Want(t, 201, "")
		}
		from(t, srv, "2001:db8:aa:bb:ffff::4", "/api/auth/register", form("bot4@example.co.ke")).Want(t, 429, auth.MsgTooManyAttempts)
		from(t, srv, "2001:db8:aa:bc::1", "/api/auth/register", form("neighbour@example.co.ke")).Want(t, 201, "")

		guess := func(ip string, i int) *testkit.Response {
			return from(t, srv, ip, "/api/auth/login", map[string]any{"email": fmt.Sprintf("user%d@example.co.ke", i), "password": "guess-123456"})
		}
		for i := 1; i <= 5; i++ {
			guess(fmt.Sprintf("2001:db8:aa:bb::1:%x", i), i).Want(t, 401, "")
		}
		guess("2001:db8:aa:bb::1:6", 6).Want(t, 429, auth.MsgTooManyAttempts)
		// IPv4 is counted per address, whether written plainly or mapped.
		for i := 1; i <= 5; i++ {
			guess("192.0.2.10", i).Want(t, 401, "")
		}
		guess("::ffff:192.0.2.10", 6).Want(t, 429, auth.MsgTooManyAttempts)
		guess("192.0.2.11", 7).Want(t, 401, "")
	})
}
