package gateway

// clientRoutes mounts /api/clients*.
func (g *Gateway) clientRoutes() {}
