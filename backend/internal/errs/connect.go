package errs

import (
	"context"
	"errors"
	"log/slog"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
)

var connectCodes = map[Kind]connect.Code{
	KindInternal:             connect.CodeInternal,
	KindInvalid:              connect.CodeInvalidArgument,
	KindNotFound:             connect.CodeNotFound,
	KindConflict:             connect.CodeAlreadyExists,
	KindUnauthenticated:      connect.CodeUnauthenticated,
	KindPermissionDenied:     connect.CodePermissionDenied,
	KindSubscriptionRequired: connect.CodeFailedPrecondition,
	KindTooManyRequests:      connect.CodeResourceExhausted,
	KindTooLarge:             connect.CodeResourceExhausted,
	KindFailedPrecondition:   connect.CodeFailedPrecondition,
	KindUnavailable:          connect.CodeUnavailable,
	KindInsufficientStorage:  connect.CodeResourceExhausted,
}

// Metadata key that carries the failing field of an invalid argument.
const FieldHeader = "Kesi-Field"

// SubscriptionHeader marks a FailedPrecondition that means "subscription required".
const SubscriptionHeader = "Kesi-Subscription-Required"

// ToConnect maps a domain error to a *connect.Error for the Connect door.
// Internal errors are logged with their detail and shown as "internal error".
func ToConnect(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	var ce *connect.Error
	if errors.As(err, &ce) {
		return ce
	}
	if errors.Is(err, context.Canceled) {
		return connect.NewError(connect.CodeCanceled, err)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return connect.NewError(connect.CodeDeadlineExceeded, err)
	}
	err = Classify(ctx, err)
	e, ok := As(err)
	if !ok || e.Kind == KindInternal {
		slog.ErrorContext(ctx, "internal error", "err", err)
		return connect.NewError(connect.CodeInternal, errors.New("internal error"))
	}
	out := connect.NewError(connectCodes[e.Kind], &publicError{e})
	if e.Field != "" {
		out.Meta().Set(FieldHeader, e.Field)
		if d, err := connect.NewErrorDetail(&errdetails.BadRequest{
			FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: e.Field, Description: e.Message}},
		}); err == nil {
			out.AddDetail(d)
		}
	}
	if e.Kind == KindSubscriptionRequired {
		out.Meta().Set(SubscriptionHeader, "true")
		if d, err := connect.NewErrorDetail(&errdetails.ErrorInfo{Reason: ReasonSubscriptionRequired, Domain: ErrorDomain}); err == nil {
			out.AddDetail(d)
		}
	}
	return out
}

// The google.rpc.ErrorInfo a client can act on without reading messages.
const (
	ErrorDomain                = "kesi.app"
	ReasonSubscriptionRequired = "SUBSCRIPTION_REQUIRED"
)

// Interceptor maps the domain errors of every Connect handler to Connect
// codes and details, once, at the edge: handlers return *Error as it is.
func Interceptor() connect.Interceptor { return interceptor{} }

type interceptor struct{}

func (interceptor) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		res, err := next(ctx, req)
		if err != nil {
			return nil, ToConnect(ctx, err)
		}
		return res, nil
	}
}

func (interceptor) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

func (interceptor) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		return ToConnect(ctx, next(ctx, conn))
	}
}

// publicError shows only the message meant for people, while errors.As still
// reaches the domain *Error beneath.
type publicError struct{ e *Error }

func (p *publicError) Error() string { return p.e.Message }
func (p *publicError) Unwrap() error { return p.e }
