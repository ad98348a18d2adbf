// Command tlsfront is the TLS terminator in front of `kesi serve` when
// bench/web.mjs measures the web app as a phone reaches it: over HTTPS, and
// so over HTTP/2, as every deployment serves Kesi (a service worker, the
// offline diary, needs a secure origin; every TLS terminator in use, from
// Caddy and nginx to the clouds' load balancers, speaks HTTP/2 to browsers).
// Plain HTTP/1.1 on loopback, which the bench used alone before, gives a
// phone's browser six connections for some eighty files.
//
// It makes a throwaway self-signed certificate for 127.0.0.1 at start (the
// browser is told to accept it) and passes every request on unchanged.
//
// Usage: tlsfront -listen 127.0.0.1:PORT -backend http://127.0.0.1:PORT
package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"flag"
	"fmt"
	"log"
	"math/big"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"strings"
	"time"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:0", "the HTTPS address to serve (loopback only)")
	backend := flag.String("backend", "", "the kesi serve behind it, http://127.0.0.1:PORT")
	flag.Parse()
	if err := run(*listen, *backend); err != nil {
		fmt.Fprintln(os.Stderr, "tlsfront:", err)
		os.Exit(1)
	}
}

func run(listen, backend string) error {
	if !strings.HasPrefix(listen, "127.0.0.1:") {
		return fmt.Errorf("-listen %s: loopback only", listen)
	}
	target, err := url.Parse(backend)
	if err != nil || target.Scheme != "http" || target.Host == "" {
		return fmt.Errorf("-backend %q is not an http://host:port address", backend)
	}
	cert, err := selfSigned()
	if err != nil {
		return err
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	// Kesi sees the browser's own Host and scheme, as behind a real terminator.
	director := proxy.Director
	proxy.Director = func(r *http.Request) {
		host := r.Host
		director(r)
		r.Host = host
		r.Header.Set("X-Forwarded-Proto", "https")
	}
	proxy.FlushInterval = -1 // streamed answers (document downloads) pass as they come
	ln, err := tls.Listen("tcp", listen, &tls.Config{Certificates: []tls.Certificate{cert}, NextProtos: []string{"h2", "http/1.1"}, MinVersion: tls.VersionTLS12})
	if err != nil {
		return err
	}
	log.Printf("tlsfront: https://%s -> %s", ln.Addr(), target)
	srv := &http.Server{Handler: proxy, ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln)
}

// selfSigned is a P-256 certificate for 127.0.0.1, valid for a day.
func selfSigned() (tls.Certificate, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(now.UnixNano()),
		Subject:      pkix.Name{CommonName: "kesi bench"},
		NotBefore:    now.Add(-time.Minute),
		NotAfter:     now.Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, err
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, nil
}
