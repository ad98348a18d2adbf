package reminders

import "github.com/prometheus/client_golang/prometheus"

// MessagesTotal counts the outcome of each send attempt and each delivery
// report, by channel and status. The server registers it with its metrics
// (app), so /metrics shows it.
var MessagesTotal = prometheus.NewCounterVec(prometheus.CounterOpts{
	Name: "kesi_reminder_messages_total",
	Help: "Reminder messages by channel (email, sms, whatsapp) and status (sent, pending for a retry, failed, delivered, read).",
}, []string{"channel", "status"})

func countMessage(channel, status string) { MessagesTotal.WithLabelValues(channel, status).Inc() }
