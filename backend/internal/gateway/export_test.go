package gateway

import (
	"bytes"
	"encoding/json"

	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// EncodedCases is cs as the door wrote a list of cases with encoding/json,
// for the end-to-end tests of gateway_test.
func EncodedCases(cs []*kesiv1.Case) []byte {
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(toCasesJSON(cs)); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// CaseFields is the door's read mask of cases.
var CaseFields = caseFields
