// Package app wires Kesi together: configuration -> database -> domain
// services -> the two doors (Connect and the REST gateway) -> one HTTP
// handler. Nothing else lives here.
package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"connectrpc.com/connect"
	"connectrpc.com/grpchealth"
	"connectrpc.com/grpcreflect"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/account"
	"github.com/kesihq/kesi/backend/internal/affiliates"
	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/billing"
	"github.com/kesihq/kesi/backend/internal/blob"
	"github.com/kesihq/kesi/backend/internal/bus"
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/causelists"
	"github.com/kesihq/kesi/backend/internal/clients"
	"github.com/kesihq/kesi/backend/internal/config"
	"github.com/kesihq/kesi/backend/internal/demo"
	"github.com/kesihq/kesi/backend/internal/documents"
	"github.com/kesihq/kesi/backend/internal/documents/sealed"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/firm"
	"github.com/kesihq/kesi/backend/internal/gateway"
	"github.com/kesihq/kesi/backend/internal/imports"
	"github.com/kesihq/kesi/backend/internal/input"
	"github.com/kesihq/kesi/backend/internal/jobs"
	"github.com/kesihq/kesi/backend/internal/metrics"
	"github.com/kesihq/kesi/backend/internal/notify"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/ratelimit"
	"github.com/kesihq/kesi/backend/internal/reminders"
	"github.com/kesihq/kesi/backend/internal/web"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// App is a configured Kesi.
type App struct {
	Config   *config.Config
	DB       *platform.DB
	Calendar platform.Calendar
	Authz    *auth.Authorizer
	Jobs     *jobs.Runner
	// Bus carries changes other servers must hear at once (ended
	// sessions, subscriptions).
	Bus *bus.Bus
	// CauseLists takes lists in for `kesi causelists import` and the fetch job.
	CauseLists *causelists.Service
	// Account is the data subject's rights (export, erasure, notices).
	Account *account.Service
	Metrics *metrics.Metrics
	// Documents re-wraps data keys for `kesi keys rewrap`.
	Documents *documents.Service
	// Auth is accounts and sessions: VerifySecondFactor for the domains that
	// need it, and the mails it sends after answering.
	Auth *auth.Service

	seeders   []func(context.Context) error
	checks    []func(context.Context) error
	readiness []func(context.Context) error
	resetDemo func(context.Context) error
	handler   http.Handler
	tracing   *platform.Tracing // nil unless OTEL_EXPORTER_OTLP_ENDPOINT is set
	painter   web.Painter
}

// Option changes how New builds the App; tests use them.
type Option func(*options)

type options struct {
	clock platform.Clock
}

// WithClock replaces the system clock, so tests can fix "today".
func WithClock(c platform.Clock) Option { return func(o *options) { o.clock = c } }

// New opens the database and builds every service and both doors. It does
// not migrate; call Migrate (dev `serve` and `migrate` do).
func New(ctx context.Context, cfg *config.Config, opts ...Option) (*App, error) {
	o := options{clock: platform.SystemClock{}}
	for _, opt := range opts {
		opt(&o)
	}
	db, err := platform.OpenDB(ctx, cfg.DatabaseURL, cfg.SQLitePath())
	if err != nil {
		return nil, err
	}
	if cfg.DBMaxConns > 0 {
		db.SetMaxConns(cfg.DBMaxConns)
	}
	db.LogSlowQueries(cfg.SlowQuery)
	a := &App{Config: cfg, DB: db, Calendar: platform.Calendar{Clock: o.clock, Location: cfg.Location}, Metrics: metrics.New(db.SQL)}
	// On SQLite the bus joins the other Apps of this process on the same
	// file: one name for the file, as KESI_DATABASE_URL or the data dir gives it.
	hub := cfg.DatabaseURL
	if hub == "" {
		hub = cfg.SQLitePath()
	}
	a.Bus, err = bus.Open(db.Dialect, cfg.DatabaseURL, hub, db.SQL, bus.Options{})
	if err != nil {
		db.Close()
		return nil, err
	}
	if cfg.OTLPEndpoint != "" {
		if a.tracing, err = platform.NewTracing(ctx, cfg.OTLPEndpoint); err != nil {
			a.Close()
			return nil, err
		}
	}
	if err := a.build(); err != nil {
		a.Close()
		return nil, err
	}
	// What the bus keeps current starts from the database; a fresh one has
	// no tables to read yet and is loaded after Migrate.
	if ok, err := a.DB.HasSchema(ctx); err != nil || ok {
		a.Bus.ReloadAll(ctx)
	}
	return a, nil
}

func (a *App) build() error {
	signer, err := auth.NewSigner(a.Config.MasterKey)
	if err != nil {
		return fmt.Errorf("token signer: %w", err)
	}
	revoked := auth.NewRevoked(a.DB.Client, a.Calendar.Clock)
	revoked.Subscribe(a.Bus)
	authn := &auth.Authenticator{Signer: signer, Clock: a.Calendar.Clock, Revoked: revoked, Cookies: auth.Cookies{Secure: a.Config.SecureCookies()}}

	// Each domain: its service, its Connect handler and its policy.
	mailer, err := notify.New(a.Config.SMTPURL, a.Config.DataDir, slog.Default())
	if err != nil {
		return err
	}
	limits := ratelimit.NewStore(a.DB.SQL, a.DB.Dialect, a.Calendar.Clock)
	authSvc, err := auth.NewService(a.DB.Client, a.Calendar.Clock, signer, mailer, auth.Options{
		Limits:                  limits,
		MasterKey:               a.Config.MasterKey,
		PreviousMasterKeys:      a.Config.PreviousMasterKeys,
		PublicURL:               a.Config.PublicURL.String(),
		RateLimitPerAccount:     a.Config.RateLimitPerAccount,
		RateLimitPerAddress:     a.Config.RateLimitPerAddress,
		RateLimitWindow:         a.Config.RateLimitWindow,
		RegistrationsPerAddress: a.Config.RegistrationsPerAddress,
		Bus:                     a.Bus,
		Referrals:               affiliates.Referrals{},
	})
	if err != nil {
		return fmt.Errorf("auth service: %w", err)
	}
	authn.Extensions = authSvc
	a.Auth = authSvc
	// AuthService has two owners: sign-in and sessions (auth) and the
	// profile with its preferences (account).
	profileHandler := account.NewProfileHandler(account.NewProfiles(a.DB.Client, a.Calendar.Clock), a.Calendar.Clock)
	authHandler := authService{auth.NewHandler(authSvc, profileHandler, a.Config.SecureCookies()), profileHandler}
	if a.Config.Demo {
		a.seeders = append(a.seeders, func(ctx context.Context) error {
			_, err := auth.EnsureDemoAccount(ctx, a.DB.Client)
			return err
		})
	}
	blobs, err := blob.Open(a.Config.BlobURL)
	if err != nil {
		return fmt.Errorf("blob store: %w", err)
	}
	if s3, ok := blobs.(*blob.S3); ok && !a.Config.Production() {
		a.checks = append(a.checks, s3.EnsureBucket) // before the installation check reads the bucket
	}
	keyring, err := sealed.NewKeyring(a.Config.MasterKey, a.Config.PreviousMasterKeys...)
	if err != nil {
		return fmt.Errorf("document keys: %w", err)
	}
	documentSvc := documents.NewService(a.DB.Client, blobs, keyring, a.Calendar.Clock, documents.Limits{
		File: a.Config.MaxUploadBytes, DemoFile: a.Config.DemoMaxUploadBytes, Request: a.Config.MaxRequestBytes, Files: a.Config.MaxUploadFiles,
	})
	documentSvc.SetQuota(documents.Quota{Bytes: a.Config.StorageQuotaBytes, DemoBytes: a.Config.DemoStorageQuotaBytes, RowLocks: a.DB.Dialect == "postgres"})
	a.Documents = documentSvc
	a.checks = append(a.checks, documentSvc.CheckInstallation, documentSvc.CheckKey)
	a.readiness = append(a.readiness,
		func(ctx context.Context) error { _, err := documentSvc.VerifyKey(ctx); return err },
		documentSvc.StoreReady)
	documentHandler := documents.NewHandler(documentSvc)
	caseSvc := cases.NewService(a.DB.Client, a.Calendar, documentSvc)
	if a.DB.Dialect == "postgres" {
		caseSvc.LockRows()
	}
	caseHandler := cases.NewHandler(caseSvc)
	clientHandler := clients.NewHandler(clients.NewService(a.DB.Client))
	a.resetDemo = func(ctx context.Context) error {
		u, err := auth.EnsureDemoAccount(ctx, a.DB.Client)
		if err != nil {
			return err
		}
		if err := authSvc.EndEverySession(ctx, u.ID); err != nil {
			return fmt.Errorf("end demo sessions: %w", err)
		}
		if err := documentSvc.PurgeOwner(ctx, u.ID); err != nil {
			return fmt.Errorf("purge demo uploads: %w", err)
		}
		return demo.Reset(ctx, a.DB.Client, a.Calendar, u.ID)
	}
	if a.Config.Demo {
		// Dev and first start: the demo account gets its diary when it has none.
		a.seeders = append(a.seeders, func(ctx context.Context) error { return demo.FillEmpty(ctx, a.DB.Client, a.Calendar) })
	} else {
		// KESI_DEMO=off: the demo account, if an earlier start made one, goes.
		a.resetDemo = func(context.Context) error { return errDemoOff }
		a.seeders = append(a.seeders, func(ctx context.Context) error {
			u, err := auth.DemoAccount(ctx, a.DB.Client)
			if err != nil || u == nil {
				return err
			}
			if err := authSvc.EndEverySession(ctx, u.ID); err != nil {
				return fmt.Errorf("end demo sessions: %w", err)
			}
			if err := documentSvc.PurgeOwner(ctx, u.ID); err != nil {
				return fmt.Errorf("purge demo uploads: %w", err)
			}
			if err := demo.Remove(ctx, a.DB.Client, u.ID); err != nil {
				return err
			}
			slog.WarnContext(ctx, "KESI_DEMO=off: the demo account was removed", "email", auth.DemoEmail)
			return nil
		})
	}
	// Paystack whenever a secret key is set; otherwise the dev fake checkout
	// (config.Load refuses production without a key).
	var provider billing.Provider
	var fakeCheckout *billing.Fake
	if a.Config.PaystackSecretKey != "" {
		provider = billing.NewPaystack(a.Config.PaystackBaseURL, a.Config.PaystackSecretKey)
	} else {
		fakeCheckout = billing.NewFake(a.DB.Client, a.Config.PublicURL.String())
		provider = fakeCheckout
	}
	billingSvc := billing.NewService(a.DB.Client, a.Calendar.Clock, provider, a.Config.PublicURL.String(), limits, slog.Default())
	billingSvc.Shortened = func(ctx context.Context, id uuid.UUID) error { return billing.SubscriptionChanged(ctx, a.Bus, id) }
	billingHandler := billing.NewHandler(billingSvc)
	a.seeders = append(a.seeders, func(ctx context.Context) error { return billing.SeedPlans(ctx, a.DB.Client) })
	affiliateSvc := affiliates.NewService(a.DB.Client, a.Calendar, a.Config.PublicURL.String())
	affiliateHandler := affiliates.NewHandler(affiliateSvc)
	importHandler := imports.NewHandler(imports.NewService(caseSvc))
	a.CauseLists = causelists.NewService(a.DB.Client, a.Calendar, caseSvc)
	reminderSvc, err := newReminders(a, mailer, a.CauseLists)
	if err != nil {
		return err
	}
	a.Metrics.Register(reminders.MessagesTotal, metrics.Argon2Queue(auth.PasswordHashesRunning))
	// A date moved by an import or a cause-list adoption is alerted at once.
	caseSvc.OnDateMoved = reminderSvc.DateMoved
	causeListHandler := causelists.NewHandler(a.CauseLists)
	firmSvc := firm.NewService(a.DB.Client, caseSvc, a.Calendar, mailer, authSvc, a.Config.PublicURL.String())
	// The data subject's rights: export and erasure. Deleting an account asks
	// for its second factor when two-step sign-in is on, and a firm's
	// administrator to hand the firm over first.
	accountSvc := account.NewService(a.DB.Client, a.Calendar, account.Options{
		Auth: authSvc, Documents: documentSvc, Mailer: mailer, SecondFactor: secondFactor{authSvc}, Firms: firmSvc,
		PublicURL: a.Config.PublicURL.String(), SecureCookies: a.Config.SecureCookies(), Limits: limits,
	})
	accountHandler := account.NewHandler(accountSvc)
	a.Account = accountSvc
	firmHandler := firm.NewHandler(firmSvc)
	policies := []auth.Policy{auth.ServicePolicy, account.ProfilePolicy}
	policies = append(policies, documents.Policy)
	policies = append(policies, cases.Policy, clients.Policy, imports.Policy)
	policies = append(policies, billing.Policy, affiliates.Policy)
	policies = append(policies, reminders.Policy)
	policies = append(policies, causelists.Policy)
	policies = append(policies, account.Policy, firm.Policy)
	raw := gateway.Raw{}
	var devRoutes http.Handler
	raw.Webhook = billing.WebhookHandler(billingSvc, a.Config.PaystackSecretKey)
	if fakeCheckout != nil {
		devRoutes = fakeCheckout.Routes()
	}

	subscriptions := billing.NewSubscriptions(a.DB.Client, a.Calendar.Clock)
	subscriptions.Subscribe(a.Bus)
	a.Authz = auth.NewAuthorizer(subscriptions, policies...)
	documentFiles := gateway.NewDocumentFiles(documentSvc, a.Authz)
	raw.Upload, raw.Download = documentFiles.Upload(), documentFiles.Download()
	a.Jobs = jobs.NewRunner(a.DB.SQL, a.DB.Dialect,
		jobs.Job{Name: "documents-sweep", Every: time.Hour, AtStart: true, Run: documentSvc.Sweep},
		jobs.Job{Name: "commissions", Every: 6 * time.Hour, AtStart: true, Run: affiliateSvc.CommissionsJob},
		// Moves the stored next dates once the day changes in Nairobi; every
		// quarter hour, so it runs just after midnight, and finds nothing
		// to do at other times. Reads are right before it runs (cases/read.go).
		jobs.Job{Name: "next-dates", Every: 15 * time.Minute, AtStart: true, Run: caseSvc.MoveDay},

		jobs.Job{Name: "rate-limits-sweep", Every: time.Hour, Run: limits.Sweep},
		// Ended sessions, used or expired reset codes, audit events past KESI_AUDIT_RETENTION.
		jobs.Job{Name: "retention", Every: 6 * time.Hour, AtStart: true, Run: auth.RetentionJob(a.DB.Client, a.Calendar.Clock, a.Config.AuditRetention)},

		jobs.Job{Name: "reminders", Every: time.Minute, AtStart: true, Run: reminderSvc.Job},
		jobs.Job{Name: "causelists-fetch", Every: 30 * time.Minute, Run: a.causeListFetcher().Run},
		// Erases the accounts whose 7-day grace period has passed; each
		// finished step is recorded, so a run cut short resumes.
		jobs.Job{Name: "erasure", Every: time.Hour, AtStart: true, Run: accountSvc.EraseDue})

	if a.Config.Demo {
		a.Jobs.Add(jobs.Job{Name: "demo-reset", Every: 6 * time.Hour, Run: a.ResetDemo})
	}
	a.Jobs.Observe = a.Metrics.JobDone
	a.Jobs.Every = a.Config.JobsEvery

	interceptors := []connect.Interceptor{a.Metrics.Interceptor(), errs.Interceptor(), a.Authz.Interceptor(), input.Interceptor()}
	if a.tracing != nil {
		interceptors = append([]connect.Interceptor{a.tracing.Interceptor()}, interceptors...)
	}
	connectOpts := connect.WithHandlerOptions(
		connect.WithInterceptors(interceptors...),
		connect.WithRecover(recoverPanic),
		connect.WithReadMaxBytes(4<<20),
		connect.WithCompressMinBytes(1024),
	)
	mux := http.NewServeMux()
	mux.Handle(kesiv1connect.NewAuthServiceHandler(authHandler, connectOpts))
	mux.Handle(kesiv1connect.NewCaseServiceHandler(caseHandler, connectOpts))
	mux.Handle(kesiv1connect.NewClientServiceHandler(clientHandler, connectOpts))
	mux.Handle(kesiv1connect.NewDocumentServiceHandler(documentHandler, connectOpts))
	mux.Handle(kesiv1connect.NewBillingServiceHandler(billingHandler, connectOpts))
	mux.Handle(kesiv1connect.NewAffiliateServiceHandler(affiliateHandler, connectOpts))
	mux.Handle(kesiv1connect.NewImportServiceHandler(importHandler, connectOpts))
	mux.Handle(kesiv1connect.NewReminderServiceHandler(reminders.NewHandler(reminderSvc), connectOpts))
	reminderRoutes := reminderSvc.Routes()
	mux.Handle("GET /calendar/{file}", reminderRoutes)
	mux.Handle("/hooks/", reminderRoutes)
	mux.Handle(kesiv1connect.NewCauseListServiceHandler(causeListHandler, connectOpts))
	mux.Handle(kesiv1connect.NewFirmServiceHandler(firmHandler, connectOpts))
	mux.Handle(causelists.UploadRoute, gateway.CauseListUpload(a.CauseLists, a.Authz))
	mux.Handle(kesiv1connect.NewAccountServiceHandler(accountHandler, connectOpts))
	mux.Handle("/api/account/", a.Metrics.HTTP(gateway.Account(a.Authz, accountSvc, accountHandler)))

	services := ServiceNames()
	mux.Handle(grpchealth.NewHandler(&healthChecker{db: a.DB}))
	reflector := grpcreflect.NewStaticReflector(append(services, grpchealth.HealthV1ServiceName)...)
	mux.Handle(grpcreflect.NewHandlerV1(reflector))
	mux.Handle(grpcreflect.NewHandlerV1Alpha(reflector))

	mux.Handle("/api/", a.Metrics.HTTP(gateway.New(a.Authz, gateway.Services{
		Auth:      authHandler,
		Cases:     caseHandler,
		Clients:   clientHandler,
		Documents: documentHandler,
		Billing:   billingHandler,
		Affiliate: affiliateHandler,
	}, raw)))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /readyz", a.ready)
	// What the web app needs to know before anyone signs in.
	publicConfig, _ := json.Marshal(map[string]bool{"demo": a.Config.Demo})
	mux.HandleFunc("GET /api/config", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(publicConfig)
	})
	if devRoutes != nil && !a.Config.Production() {
		mux.Handle("/dev/", devRoutes)
	}
	spa, err := web.New()
	if err != nil {
		return fmt.Errorf("load web app: %w", err)
	}
	mux.Handle("/", spa)

	publicOrigin := a.Config.PublicURL.Scheme + "://" + a.Config.PublicURL.Host
	// The request id and the client's address outermost, so that every log
	// line of the request, the access log's too, carries them.
	inner := authn.Middleware(noteUser(mux))
	a.painter = dashboardPainter(inner, a.Calendar.Today)
	spa.PaintDashboard(a.painter)
	a.handler = platform.RequestIDMiddleware(platform.ClientMiddleware(a.Config.TrustedProxies, logRequests(
		securityHeaders(a.Config.SecureCookies(), spa.InlineScripts(), guardWrites(publicOrigin, inner)))))
	if a.tracing != nil {
		a.handler = a.tracing.Handler(a.handler, loggedPath)
	}
	return nil
}

// causeListFetcher polls KESI_CAUSELIST_SOURCES for new published lists.
func (a *App) causeListFetcher() *causelists.Fetcher {
	return &causelists.Fetcher{
		Service:   a.CauseLists,
		Sources:   a.Config.CauseListSources,
		Timeout:   time.Minute,
		UserAgent: "Kesi cause-list check (+" + a.Config.PublicURL.String() + ")",
		Delay:     2 * time.Second,
		Log:       slog.Default(),
	}
}

// PaintedDashboard is what /dashboard is painted with for the browser of r (its cookies), and
// false when it is not painted (web.Painter).
func (a *App) PaintedDashboard(r *http.Request) (web.Painted, bool) { return a.painter(r) }

// Handler is the whole of Kesi over HTTP.
func (a *App) Handler() http.Handler { return a.handler }

// Migrate creates or upgrades the schema and the rows every install needs
// (plans, the demo account).
func (a *App) Migrate(ctx context.Context) error {
	if err := a.DB.Migrate(ctx); err != nil {
		return err
	}
	if err := a.Check(ctx); err != nil {
		return err
	}
	for _, seed := range a.seeders {
		if err := seed(ctx); err != nil {
			return fmt.Errorf("seed: %w", err)
		}
	}
	a.Bus.ReloadAll(ctx)
	return nil
}

// Check refuses to go on with a database and a blob store that do not
// belong together. Serve, Migrate and the jobs call it before doing anything.
func (a *App) Check(ctx context.Context) error {
	for _, check := range a.checks {
		if err := check(ctx); err != nil {
			return err
		}
	}
	return nil
}

// ResetDemo restores the demo account: its uploads are purged, rows and
// blobs, and its diary is rewritten relative to today.
func (a *App) ResetDemo(ctx context.Context) error { return a.resetDemo(ctx) }

var errDemoOff = errors.New("the demo is off (KESI_DEMO=off): there is no demo account to reset")

// Close finishes the mails begun after answering (for at most 10 s), flushes
// the traces, stops the bus and releases the database.
func (a *App) Close() error {
	if a.Auth != nil {
		a.Auth.Close(10 * time.Second)
	}
	var traced error
	if a.tracing != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		traced = a.tracing.Shutdown(ctx)
		cancel()
	}
	return errors.Join(traced, a.Bus.Close(), a.DB.Close())
}

func (a *App) ready(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := a.DB.Ping(ctx); err != nil {
		slog.WarnContext(ctx, "readiness: database unreachable", "err", err)
		http.Error(w, "database unreachable", http.StatusServiceUnavailable)
		return
	}
	pending, err := a.DB.PendingMigrations(ctx)
	if err != nil {
		slog.WarnContext(ctx, "readiness: read the schema version", "err", err)
		http.Error(w, "cannot read the schema version: "+err.Error(), http.StatusServiceUnavailable)
		return
	}
	if len(pending) > 0 {
		http.Error(w, platform.SchemaBehind(pending), http.StatusServiceUnavailable)
		return
	}
	for _, check := range a.readiness {
		if err := check(ctx); err != nil {
			slog.WarnContext(ctx, "not ready", "err", err)
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
	}
	w.Write([]byte("ready\n"))
}

type healthChecker struct{ db *platform.DB }

func (h *healthChecker) Check(ctx context.Context, req *grpchealth.CheckRequest) (*grpchealth.CheckResponse, error) {
	if req.Service != "" && !knownService(req.Service) {
		return nil, connect.NewError(connect.CodeNotFound, errors.New("unknown service"))
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if err := h.db.Ping(ctx); err != nil {
		return &grpchealth.CheckResponse{Status: grpchealth.StatusNotServing}, nil
	}
	return &grpchealth.CheckResponse{Status: grpchealth.StatusServing}, nil
}

func recoverPanic(ctx context.Context, spec connect.Spec, _ http.Header, p any) error {
	slog.ErrorContext(ctx, "panic in handler", "procedure", spec.Procedure, "panic", p)
	return connect.NewError(connect.CodeInternal, errors.New("internal error"))
}

// secondFactor is auth's two-step check as the account domain asks for it.
// authService is AuthService as the contract has it, served by the two
// domains that own its procedures.
type authService struct {
	*auth.Handler
	*account.ProfileHandler
}

var _ kesiv1connect.AuthServiceHandler = authService{}

type secondFactor struct{ auth *auth.Service }

func (f secondFactor) Verify(ctx context.Context, userID uuid.UUID, code string) error {
	return f.auth.VerifySecondFactor(ctx, userID.String(), code)
}
