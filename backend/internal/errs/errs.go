// Package errs is the one error vocabulary of Kesi's domain packages. A
// domain returns an *Error of a Kind with a message fit for a person; the
// doors map kinds to Connect codes and HTTP statuses in one place each.
// Anything that is not an *Error is internal: logged, never shown.
package errs

import (
	"errors"
	"fmt"

	"github.com/google/uuid"
)

// Kind is what went wrong, as a client can act on it.
type Kind int

// The kinds, each mapped once to a Connect code and an HTTP status.
const (
	KindInternal Kind = iota
	KindInvalid
	KindNotFound
	KindConflict
	KindUnauthenticated
	KindPermissionDenied
	KindSubscriptionRequired
	KindTooManyRequests
	KindTooLarge
	KindFailedPrecondition
)

// Error is a domain error with a message meant for people.
type Error struct {
	Kind    Kind
	Field   string // the input field at fault, for KindInvalid
	Message string
	Err     error // the cause, for logs
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Message + ": " + e.Err.Error()
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// Is makes errors.Is match two errors of the same kind and message, so that
// domain packages can export sentinels.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Kind == e.Kind && t.Message == e.Message
}

// Invalid is bad input in field.
func Invalid(field, message string) *Error {
	return &Error{Kind: KindInvalid, Field: field, Message: message}
}

// Invalidf is bad input in field with a formatted message.
func Invalidf(field, format string, args ...any) *Error {
	return Invalid(field, fmt.Sprintf(format, args...))
}

// NotFound is a missing thing, or one the caller may not see.
func NotFound(message string) *Error { return &Error{Kind: KindNotFound, Message: message} }

// ParseID reads an internal id from a request. One that is not a UUID
// cannot name anything, so it is as missing as an id that names nothing:
// NotFound with the caller's message, never a hint that the form was wrong.
func ParseID(s, notFound string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, NotFound(notFound)
	}
	return id, nil
}

// Conflict is a clash with what exists, such as a duplicate.
func Conflict(message string) *Error { return &Error{Kind: KindConflict, Message: message} }

// Unauthenticated is a missing or bad sign-in.
func Unauthenticated(message string) *Error {
	return &Error{Kind: KindUnauthenticated, Message: message}
}

// PermissionDenied is a signed-in caller without the right role.
func PermissionDenied(message string) *Error {
	return &Error{Kind: KindPermissionDenied, Message: message}
}

// SubscriptionRequired is a lawyer without paid access.
func SubscriptionRequired(message string) *Error {
	return &Error{Kind: KindSubscriptionRequired, Message: message}
}

// TooManyRequests is a rate limit hit.
func TooManyRequests(message string) *Error {
	return &Error{Kind: KindTooManyRequests, Message: message}
}

// TooLarge is a body or file over its limit.
func TooLarge(message string) *Error { return &Error{Kind: KindTooLarge, Message: message} }

// FailedPrecondition is a request the current state does not allow.
func FailedPrecondition(message string) *Error {
	return &Error{Kind: KindFailedPrecondition, Message: message}
}

// Internal wraps an unexpected failure; its message is never shown to people.
func Internal(err error) *Error {
	return &Error{Kind: KindInternal, Message: "internal error", Err: err}
}

// As finds the *Error in err's chain.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// KindOf is err's kind; KindInternal for anything that is not an *Error.
func KindOf(err error) Kind {
	if e, ok := As(err); ok {
		return e.Kind
	}
	return KindInternal
}
