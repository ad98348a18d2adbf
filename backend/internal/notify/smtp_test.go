package notify_test

import (
	"bufio"
	"context"
	"net"
	"strings"
	"testing"

	"github.com/kesihq/kesi/backend/internal/notify"
)

// fakeSMTP accepts one message on the loopback interface and answers what
// the client sent: the envelope and the data.
func fakeSMTP(t *testing.T) (addr string, got chan string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	got = make(chan string, 1)
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		defer conn.Close()
		r := bufio.NewReader(conn)
		var log strings.Builder
		reply := func(s string) { conn.Write([]byte(s + "\r\n")) }
		reply("220 fake ESMTP")
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				got <- log.String()
				return
			}
			cmd := strings.ToUpper(strings.TrimSpace(line))
			switch {
			case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
				reply("250-fake\r\n250 8BITMIME")
			case strings.HasPrefix(cmd, "MAIL"), strings.HasPrefix(cmd, "RCPT"):
				log.WriteString(strings.TrimSpace(line) + "\n")
				reply("250 OK")
			case cmd == "DATA":
				reply("354 go on")
				for {
					l, err := r.ReadString('\n')
					if err != nil || l == ".\r\n" {
						break
					}
					log.WriteString(l)
				}
				reply("250 queued")
			case cmd == "QUIT":
				reply("221 bye")
				got <- log.String()
				return
			default:
				reply("502 unknown")
			}
		}
	}()
	return ln.Addr().String(), got
}

func TestSMTPMailer_DeliversToALoopbackServer(t *testing.T) {
	addr, got := fakeSMTP(t)
	m, err := notify.NewSMTP("smtp://" + addr)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Send(context.Background(), resetMail(t)); err != nil {
		t.Fatal(err)
	}
	session := <-got
	for _, want := range []string{"MAIL FROM:<no-reply@kesi.app>", "RCPT TO:<achieng@example.co.ke>", "Subject: Your Kesi reset code", "Your Kesi reset code is 012345"} {
		if !strings.Contains(session, want) {
			t.Errorf("the server did not receive %q:\n%s", want, session)
		}
	}
}

func TestSMTPMailer_RefusesAPlainServerWhenTLSIsRequired(t *testing.T) {
	addr, _ := fakeSMTP(t)
	m, err := notify.NewSMTP("smtp://" + addr)
	if err != nil {
		t.Fatal(err)
	}
	m.RequireTLS = true
	if err := m.Send(context.Background(), resetMail(t)); err == nil || !strings.Contains(err.Error(), "STARTTLS") {
		t.Fatalf("sent over plain text: %v", err)
	}
}
