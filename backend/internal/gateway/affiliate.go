package gateway

// affiliateRoutes mounts /api/affiliate/*.
func (g *Gateway) affiliateRoutes() {}
