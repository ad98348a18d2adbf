package gateway

import (
	"time"

	"google.golang.org/genproto/googleapis/type/date"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent/civil"
)

// parseDate reads a YYYY-MM-DD query or body value into a proto date. An
// empty string is no date.
func parseDate(field, s string) (*date.Date, error) {
	if s == "" {
		return nil, nil
	}
	d, err := civil.ParseDate(s)
	if err != nil {
		return nil, errs.Invalidf(field, "%s must be a date written YYYY-MM-DD.", field)
	}
	return &date.Date{Year: int32(d.Year), Month: int32(d.Month), Day: int32(d.Day)}, nil
}

// timeString writes an instant as RFC 3339 in UTC, or nil when unset, so that
// the documented JSON shows null rather than a zero time.
func timeString(t *timestamppb.Timestamp) *string {
	if t == nil {
		return nil
	}
	s := t.AsTime().UTC().Format(time.RFC3339)
	return &s
}
