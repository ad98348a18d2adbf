package platform

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"connectrpc.com/connect"
	"connectrpc.com/otelconnect"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.26.0"
	"go.opentelemetry.io/otel/trace"
)

// Tracing exports OpenTelemetry traces of every HTTP request and Connect
// call to an OTLP/HTTP collector (OTEL_EXPORTER_OTLP_ENDPOINT). Kesi builds
// one only when the endpoint is set: unset, no span is ever made.
type Tracing struct {
	provider    *sdktrace.TracerProvider
	interceptor *otelconnect.Interceptor
}

// NewTracing starts exporting to the OTLP/HTTP collector at endpoint (its
// base URL; traces go to /v1/traces). The SDK's own OTEL_* variables
// (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER...)
// apply.
func NewTracing(ctx context.Context, endpoint string) (*Tracing, error) {
	exp, err := otlptracehttp.New(ctx, otlptracehttp.WithEndpointURL(strings.TrimRight(endpoint, "/")+"/v1/traces"))
	if err != nil {
		return nil, fmt.Errorf("OTEL_EXPORTER_OTLP_ENDPOINT: %w", err)
	}
	res, err := resource.Merge(resource.Default(), resource.NewSchemaless(semconv.ServiceName("kesi")))
	if err != nil {
		res = resource.Default()
	}
	if env, _ := resource.New(ctx, resource.WithFromEnv()); env != nil {
		if merged, err := resource.Merge(res, env); err == nil {
			res = merged // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win
		}
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res))
	ic, err := otelconnect.NewInterceptor(
		otelconnect.WithTracerProvider(tp),
		otelconnect.WithPropagator(propagation.TraceContext{}),
		otelconnect.WithoutMetrics(), // Prometheus has them (KESI_METRICS_ADDR)
		otelconnect.WithTrustRemote(),
	)
	if err != nil {
		tp.Shutdown(ctx)
		return nil, err
	}
	return &Tracing{provider: tp, interceptor: ic}, nil
}

// Interceptor traces Connect calls, as children of the HTTP request's span.
func (t *Tracing) Interceptor() connect.Interceptor { return t.interceptor }

// Handler traces every HTTP request (REST routes, downloads, the web app),
// continuing a trace the caller started (W3C traceparent). A span's path is
// path(r.URL.Path), which leaves out what the collector must not keep (a
// calendar feed's token).
func (t *Tracing) Handler(next http.Handler, path func(string) string) http.Handler {
	redacted := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := path(r.URL.Path); p != r.URL.Path {
			trace.SpanFromContext(r.Context()).SetAttributes(semconv.URLPath(p))
		}
		next.ServeHTTP(w, r)
	})
	return otelhttp.NewHandler(redacted, "kesi",
		otelhttp.WithTracerProvider(t.provider),
		otelhttp.WithPropagators(propagation.TraceContext{}),
		otelhttp.WithSpanNameFormatter(func(_ string, r *http.Request) string {
			if r.Pattern != "" {
				return r.Pattern
			}
			return r.Method
		}),
	)
}

// Shutdown sends the spans still buffered.
func (t *Tracing) Shutdown(ctx context.Context) error { return t.provider.Shutdown(ctx) }
