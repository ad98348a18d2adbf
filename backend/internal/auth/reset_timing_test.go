package auth_test

import (
	"context"
	"net"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// stuckSMTP is a mail server that takes connections and never greets: a
// mail to it cannot be written until the test lets go.
type stuckSMTP struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
	got   chan struct{}
}

func newStuckSMTP(t *testing.T) *stuckSMTP {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &stuckSMTP{ln: ln, got: make(chan struct{}, 16)}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s.mu.Lock()
			s.conns = append(s.conns, c)
			s.mu.Unlock()
			s.got <- struct{}{}
		}
	}()
	t.Cleanup(s.release)
	return s
}

// release hangs up on every connection: the mails fail at once.
func (s *stuckSMTP) release() {
	s.ln.Close()
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.conns {
		c.Close()
	}
	s.conns = nil
}

// The answer to a reset request does not wait for anything that depends on
// the address having an account: with a mail server that never answers,
// known and unknown addresses are both answered at once, on both doors,
// and the known address's mail is only then attempted. (Before, the known
// address's request waited on the mail server, and its answer time told
// that the account exists.)
func TestPasswordReset_AnsweredBeforeTheMailForKnownAndUnknownAddresses(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		smtp := newStuckSMTP(t)
		srv := testkit.NewServer(t, e, map[string]string{"KESI_SMTP_URL": "smtp://" + smtp.ln.Addr().String()})
		register(t, srv, form("known@example.co.ke")).Want(t, 201, "")
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		for _, email := range []string{"known@example.co.ke", "nobody@example.co.ke"} {
			// REST: an HTTP client that gives up long before the mail
			// server's 30 s would.
			res := srv.Anonymous().Do(t, "POST", "/api/auth/request-password-reset", map[string]any{"email": email})
			res.Want(t, 200, auth.MsgResetCodeSent)
			r, err := srv.Anonymous().Auth().RequestPasswordReset(ctx, connect.NewRequest(&kesiv1.RequestPasswordResetRequest{Email: email}))
			if err != nil || r.Msg.Message != auth.MsgResetCodeSent {
				t.Fatalf("Connect, %s: %v %v", email, r, err)
			}
		}
		// All four answers came while no mail could be written; the known
		// address's mail is tried only now (its second one waits for the
		// first, so that the code mailed last is the live one).
		select {
		case <-smtp.got:
		case <-time.After(10 * time.Second):
			t.Fatal("the known address's reset mail was never attempted")
		}
		select {
		case <-smtp.got:
			t.Fatal("a second mail went out while the first one was still being written")
		case <-time.After(300 * time.Millisecond):
		}
		smtp.release()
		srv.WaitMails()
	})
}
