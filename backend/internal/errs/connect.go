package errs

import (
	"context"
	"errors"
	"log/slog"

	"connectrpc.com/connect"
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
	}
	if e.Kind == KindSubscriptionRequired {
		out.Meta().Set(SubscriptionHeader, "true")
	}
	return out
}

// publicError shows only the message meant for people, while errors.As still
// reaches the domain *Error beneath.
type publicError struct{ e *Error }

func (p *publicError) Error() string { return p.e.Message }
func (p *publicError) Unwrap() error { return p.e }
