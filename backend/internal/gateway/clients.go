package gateway

import (
	"net/http"

	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// clientJSON is the documented client of SPEC.md section 3; "user" is its id.
type clientJSON struct {
	User                   string  `json:"user"`
	Fullname               string  `json:"fullname"`
	PhoneNumber            string  `json:"phone_number"`
	Email                  string  `json:"email"`
	NationalID             string  `json:"national_id"`
	IsNationalIDTemporary  bool    `json:"is_national_id_temporary"`
	ProfileImage           string  `json:"profile_image"`
	Address                string  `json:"address"`
	ClientType             string  `json:"client_type"`
	Notes                  string  `json:"notes"`
	PreferredCommunication string  `json:"preferred_communication"`
	CreatedAt              *string `json:"created_at"`
}

func toClientJSON(c *kesiv1.Client) clientJSON {
	return clientJSON{
		User:                   c.Id,
		Fullname:               c.Fullname,
		PhoneNumber:            c.PhoneNumber,
		Email:                  c.Email,
		NationalID:             c.NationalId,
		IsNationalIDTemporary:  c.IsNationalIdTemporary,
		ProfileImage:           c.ProfileImage,
		Address:                c.Address,
		ClientType:             c.ClientType,
		Notes:                  c.Notes,
		PreferredCommunication: c.PreferredCommunication,
		CreatedAt:              timeString(c.CreatedAt),
	}
}

// clientRoutes mounts /api/clients*.
func (g *Gateway) clientRoutes() {
	c := g.svc.Clients
	g.handle("GET /api/clients", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.ClientServiceListClientsProcedure, c.ListClients, &kesiv1.ListClientsRequest{})
		if res != nil {
			out := make([]clientJSON, len(res.Clients))
			for i, cl := range res.Clients {
				out[i] = toClientJSON(cl)
			}
			writeJSON(w, http.StatusOK, out)
		}
	})
	g.handle("GET /api/clients/{id}", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.ClientServiceGetClientProcedure, c.GetClient, &kesiv1.GetClientRequest{Id: r.PathValue("id")})
		if res != nil {
			writeJSON(w, http.StatusOK, toClientJSON(res.Client))
		}
	})
}
