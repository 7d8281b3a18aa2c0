import NIOHTTP1

extension StrataApp {
    /// Every route of DESIGN.md's HTTP contract.
    static func registerRoutes(_ r: inout Router<RouteHandler>) {
        // Operations
        r.add(.GET, "/", { app, ctx in try app.index(ctx) })
        r.add(.GET, "/index.html", { app, ctx in try app.index(ctx) })
        r.add(.GET, "/health", { app, ctx in app.health(ctx) })
        r.add(.GET, "/metrics", { app, ctx in app.metricsText(ctx) })
        // Sessions
        r.add(.POST, "/sessions", { app, ctx in app.createSession(ctx) })
        r.add(.GET, "/sessions/{id}", { app, ctx in try app.getSession(ctx) })
        r.add(.DELETE, "/sessions/{id}", { app, ctx in app.deleteSession(ctx) })
        // Style
        r.add(.GET, "/style", { app, ctx in try app.getStyle(ctx) })
        // Rendering
        r.add(.GET, "/tiles/{z}/{x}/{y}", { app, ctx in try app.tile(ctx, tileSize: 256) })
        r.add(.GET, "/tiles/512/{z}/{x}/{y}", { app, ctx in try app.tile(ctx, tileSize: 512) })
        r.add(.GET, "/tiles.json", { app, ctx in try app.tileJSON(ctx) })
        r.add(.GET, "/static/{view}/{size}", { app, ctx in try app.staticImage(ctx) })
        r.add(.POST, "/static", { app, ctx in app.postStatic(ctx) })
    }
}
