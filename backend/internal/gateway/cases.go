package gateway

// caseRoutes mounts /api/cases*, /api/caseschedule, /api/current,
// /api/casebetween, /api/activities and /api/cases-needing-update.
func (g *Gateway) caseRoutes() {}
