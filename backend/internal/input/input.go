// Package input refuses text no field of Kesi can hold: NUL characters and
// invalid UTF-8. Postgres refuses both in text columns (a 500 before this
// check) and SQLite stores them, so the two engines disagreed. The check
// runs once at the edge, on every request message of both doors, and names
// the field at fault.
package input

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/kesihq/kesi/backend/internal/errs"
)

// Messages of refused text; %s is the field.
const (
	MsgNUL     = "%s must not contain NUL characters."
	MsgBadUTF8 = "%s must be valid UTF-8 text."
)

// Check answers an errs.Invalid naming the first string field of m, at any
// depth, that holds a NUL or invalid UTF-8; nil when all are clean.
func Check(m proto.Message) error {
	if m == nil {
		return nil
	}
	return check(m.ProtoReflect(), "")
}

func check(m protoreflect.Message, prefix string) error {
	var err error
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		name := prefix + string(fd.Name())
		switch {
		case fd.IsList():
			l := v.List()
			for i := 0; i < l.Len() && err == nil; i++ {
				// The element's name is written only when it is refused: a
				// list of clean strings (a read mask's paths) formats none.
				if fd.Kind() == protoreflect.StringKind {
					if msg := refused(l.Get(i).String()); msg != "" {
						at := fmt.Sprintf("%s[%d]", name, i)
						err = errs.Invalidf(at, msg, at)
					}
					continue
				}
				err = checkValue(fd, l.Get(i), fmt.Sprintf("%s[%d]", name, i))
			}
		case fd.IsMap():
			v.Map().Range(func(k protoreflect.MapKey, mv protoreflect.Value) bool {
				if s, ok := k.Interface().(string); ok {
					err = CheckField(name, s)
				}
				if err == nil {
					err = checkValue(fd.MapValue(), mv, name+"["+k.String()+"]")
				}
				return err == nil
			})
		default:
			err = checkValue(fd, v, name)
		}
		return err == nil
	})
	return err
}

func checkValue(fd protoreflect.FieldDescriptor, v protoreflect.Value, name string) error {
	switch fd.Kind() {
	case protoreflect.StringKind:
		return CheckField(name, v.String())
	case protoreflect.MessageKind, protoreflect.GroupKind:
		return check(v.Message(), name+".")
	}
	return nil
}

// CheckField is Check for one text field that comes outside a message,
// such as a multipart form's: an errs.Invalid naming the field when value
// holds a NUL or invalid UTF-8, nil when it is clean.
func CheckField(name, value string) error {
	if msg := refused(value); msg != "" {
		return errs.Invalidf(name, msg, name)
	}
	return nil
}

// refused is the message (MsgNUL or MsgBadUTF8) of the text s cannot be, or "".
func refused(s string) string {
	if strings.IndexByte(s, 0) >= 0 {
		return MsgNUL
	}
	if !utf8.ValidString(s) {
		return MsgBadUTF8
	}
	return ""
}

// Interceptor checks every unary and client-stream request message of the
// Connect door before its handler runs.
func Interceptor() connect.Interceptor { return interceptor{} }

type interceptor struct{}

func (interceptor) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		if m, ok := req.Any().(proto.Message); ok {
			if err := Check(m); err != nil {
				return nil, err
			}
		}
		return next(ctx, req)
	}
}

func (interceptor) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

func (interceptor) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		return next(ctx, checkedConn{conn})
	}
}

// checkedConn checks each message a stream receives.
type checkedConn struct{ connect.StreamingHandlerConn }

func (c checkedConn) Receive(m any) error {
	if err := c.StreamingHandlerConn.Receive(m); err != nil {
		return err
	}
	if pm, ok := m.(proto.Message); ok {
		if err := Check(pm); err != nil {
			return err
		}
	}
	return nil
}
