package reminders

import (
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/ent/civil"
)

type SittingForTest = cases.CaseSitting

func DigestForTest(ss []cases.CaseSitting) Digest {
	today := civil.NewDate(2025, 1, 15)
	return digestFor(KindEvening, today, today.AddDays(1), ss, nil, "https://kesi.example/calendar")
}

var GSMLen = gsmLen

func DigestWithFindingsForTest(ss []cases.CaseSitting, fs []Finding) Digest {
	today := civil.NewDate(2025, 1, 15)
	return digestFor(KindEvening, today, today.AddDays(1), ss, fs, "https://kesi.example/calendar")
}
