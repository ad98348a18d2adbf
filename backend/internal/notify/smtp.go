package notify

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/smtp"
	"net/url"
	"time"
)

// SMTPMailer delivers through an SMTP server, upgrading to TLS with
// STARTTLS whenever the server offers it.
type SMTPMailer struct {
	Addr string // host:port
	Host string
	Auth smtp.Auth // nil: no authentication
	From string
	// RequireTLS refuses servers without STARTTLS; on by default, off only for
	// a server on the loopback interface.
	RequireTLS bool
	TLSConfig  *tls.Config
}

// NewSMTP reads smtp://user:pass@host:587?from=Kesi%20<no-reply@example.com>.
func NewSMTP(raw string) (*SMTPMailer, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, errors.New("not a URL")
	}
	if u.Scheme != "smtp" {
		return nil, fmt.Errorf("scheme must be smtp, not %q", u.Scheme)
	}
	host := u.Hostname()
	if host == "" {
		return nil, errors.New("no host")
	}
	port := u.Port()
	if port == "" {
		port = "587"
	}
	from, err := fromAddress(u)
	if err != nil {
		return nil, err
	}
	m := &SMTPMailer{
		Addr:       net.JoinHostPort(host, port),
		Host:       host,
		From:       from,
		RequireTLS: !isLoopback(host),
		TLSConfig:  &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12},
	}
	if u.User != nil {
		pass, _ := u.User.Password()
		m.Auth = smtp.PlainAuth("", u.User.Username(), pass, host)
	}
	return m, nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Send implements Mailer.
func (s *SMTPMailer) Send(ctx context.Context, m Message) error {
	raw, err := Encode(m, s.From, time.Now())
	if err != nil {
		return fmt.Errorf("encode mail to %s: %w", m.To, err)
	}
	from, err := mail.ParseAddress(s.From)
	if err != nil {
		return fmt.Errorf("sender %q: %w", s.From, err)
	}
	to, err := mail.ParseAddress(m.To)
	if err != nil {
		return fmt.Errorf("recipient %q: %w", m.To, err)
	}
	d := net.Dialer{Timeout: 10 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", s.Addr)
	if err != nil {
		return fmt.Errorf("reach SMTP server %s: %w", s.Addr, err)
	}
	// A stuck server must not hold the request for ever.
	deadline := time.Now().Add(30 * time.Second)
	if dl, ok := ctx.Deadline(); ok && dl.Before(deadline) {
		deadline = dl
	}
	conn.SetDeadline(deadline)
	c, err := smtp.NewClient(conn, s.Host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("greet SMTP server %s: %w", s.Addr, err)
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(s.TLSConfig); err != nil {
			return fmt.Errorf("STARTTLS with %s: %w", s.Addr, err)
		}
	} else if s.RequireTLS {
		return fmt.Errorf("SMTP server %s does not offer STARTTLS", s.Addr)
	}
	if s.Auth != nil {
		if err := c.Auth(s.Auth); err != nil {
			return fmt.Errorf("authenticate to %s: %w", s.Addr, err)
		}
	}
	if err := c.Mail(from.Address); err != nil {
		return fmt.Errorf("MAIL FROM: %w", err)
	}
	if err := c.Rcpt(to.Address); err != nil {
		return fmt.Errorf("RCPT TO %s: %w", to.Address, err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("DATA: %w", err)
	}
	if _, err := w.Write(raw); err != nil {
		return fmt.Errorf("send mail body: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("finish mail: %w", err)
	}
	return c.Quit()
}
