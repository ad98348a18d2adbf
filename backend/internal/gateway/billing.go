package gateway

// billingRoutes mounts /api/plans, /api/subscription/status and /api/payment/*.
func (g *Gateway) billingRoutes(raw Raw) {}
