package reminders

import (
	"context"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/remindermessage"
)

// Message is one reminder as its advocate sees it in the history.
type Message struct {
	ID          uuid.UUID
	Kind        string
	Channel     string
	Recipient   string
	Text        string
	Status      string
	Error       string
	CreatedAt   time.Time
	SentAt      *time.Time
	DeliveredAt *time.Time
}

// Page sizes of the history.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// History answers a page of the messages sent to the advocate, newest
// first, and the token of the next page ("" at the end).
func (s *Service) History(ctx context.Context, userID uuid.UUID, pageSize int, pageToken string) ([]Message, string, error) {
	switch {
	case pageSize < 0:
		return nil, "", errs.Invalid("page_size", "page_size must not be negative.")
	case pageSize == 0:
		pageSize = DefaultPageSize
	case pageSize > MaxPageSize:
		pageSize = MaxPageSize
	}
	q := s.db.ReminderMessage.Query().Where(remindermessage.UserID(userID))
	if pageToken != "" {
		at, id, ok := decodeCursor(pageToken)
		if !ok {
			return nil, "", errs.Invalid("page_token", "The page token is not valid.")
		}
		q.Where(remindermessage.Or(
			remindermessage.CreatedAtLT(at),
			remindermessage.And(remindermessage.CreatedAt(at), remindermessage.IDLT(id)),
		))
	}
	rows, err := q.Order(ent.Desc(remindermessage.FieldCreatedAt), ent.Desc(remindermessage.FieldID)).Limit(pageSize + 1).All(ctx)
	if err != nil {
		return nil, "", errs.Internal(fmt.Errorf("list reminders of %s: %w", userID, err))
	}
	next := ""
	if len(rows) > pageSize {
		rows = rows[:pageSize]
		last := rows[len(rows)-1]
		next = encodeCursor(last.CreatedAt, last.ID)
	}
	out := make([]Message, len(rows))
	for i, r := range rows {
		out[i] = Message{
			ID: r.ID, Kind: r.Kind, Channel: r.Channel, Recipient: r.Recipient, Text: r.Text, Status: r.Status,
			Error: r.Error, CreatedAt: r.CreatedAt, SentAt: r.SentAt, DeliveredAt: r.DeliveredAt,
		}
	}
	return out, next, nil
}

func encodeCursor(at time.Time, id uuid.UUID) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(at.UnixNano(), 10) + "|" + id.String()))
}

func decodeCursor(token string) (time.Time, uuid.UUID, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return time.Time{}, uuid.UUID{}, false
	}
	nanos, idText, ok := strings.Cut(string(raw), "|")
	if !ok {
		return time.Time{}, uuid.UUID{}, false
	}
	n, err := strconv.ParseInt(nanos, 10, 64)
	if err != nil {
		return time.Time{}, uuid.UUID{}, false
	}
	id, err := uuid.Parse(idText)
	if err != nil {
		return time.Time{}, uuid.UUID{}, false
	}
	return time.Unix(0, n).UTC(), id, true
}
