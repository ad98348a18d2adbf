package cases

import (
	"encoding/base64"
	"strconv"
	"strings"

	"github.com/kesihq/kesi/backend/internal/errs"
)

// MaxPageSize is the largest page a list call answers (AIP-158).
const MaxPageSize = 1000

// Page is a window of a list: Size 0 is the whole list (the REST door and
// the web app ask for everything), else Size items from Offset.
type Page struct{ Size, Offset int }

// pageTokenPrefix marks Kesi's page tokens, so a token from elsewhere is
// refused rather than read as an offset.
const pageTokenPrefix = "kesi-page:"

// ParsePage reads a list call's page_size and page_token. The token is
// opaque to clients (AIP-158) and valid only with the same list's order.
func ParsePage(size int32, token string) (Page, error) {
	if size < 0 {
		return Page{}, errs.Invalid("page_size", "page_size must not be negative.")
	}
	p := Page{Size: min(int(size), MaxPageSize)}
	if token == "" {
		return p, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(token)
	rest, ok := strings.CutPrefix(string(raw), pageTokenPrefix)
	off, convErr := strconv.Atoi(rest)
	if err != nil || !ok || convErr != nil || off < 0 {
		return Page{}, errs.Invalid("page_token", "page_token is not one this list answered.")
	}
	p.Offset = off
	// A token asks for the page after one: without a size, a page of the
	// largest size (the whole list from an offset would need an OFFSET
	// without a LIMIT, which SQLite refuses).
	if p.Size == 0 {
		p.Size = MaxPageSize
	}
	return p, nil
}

// NextToken is the token of the page after p when more items follow.
func (p Page) NextToken(more bool) string {
	if !more || p.Size == 0 {
		return ""
	}
	return base64.RawURLEncoding.EncodeToString([]byte(pageTokenPrefix + strconv.Itoa(p.Offset+p.Size)))
}
