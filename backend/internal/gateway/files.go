package gateway

// fileRoutes mounts /api/files/*.
func (g *Gateway) fileRoutes(raw Raw) {}
