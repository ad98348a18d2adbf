package reminders

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
)

// messagesTotal counts the outcome of each send attempt and each delivery
// report, by channel and status; on the default registry, so /metrics shows it.
var messagesTotal = promauto.NewCounterVec(prometheus.CounterOpts{
	Name: "kesi_reminder_messages_total",
	Help: "Reminder messages by channel (email, sms, whatsapp) and status (sent, pending for a retry, failed, delivered, read).",
}, []string{"channel", "status"})

func countMessage(channel, status string) { messagesTotal.WithLabelValues(channel, status).Inc() }
