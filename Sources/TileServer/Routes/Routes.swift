import NIOHTTP1

extension StrataApp {
    /// Every route of DESIGN.md's HTTP contract.
    static func registerRoutes(_ r: inout Router<RouteHandler>) {
        // Operations
        r.add(.GET, "/", scope: .sessionFree, { app, ctx in try app.index(ctx) })
        r.add(.GET, "/index.html", scope: .sessionFree, { app, ctx in try app.index(ctx) })
        r.add(.GET, "/health", scope: .sessionFree, { app, ctx in app.health(ctx) })
        r.add(.GET, "/metrics", scope: .sessionFree, { app, ctx in app.metricsText(ctx) })
        for folder in publicFolders {
            r.add(.GET, "/\(folder)/{file}", scope: .sessionFree, { app, ctx in app.publicFile(ctx, folder: folder) })
        }
        // Sessions
        r.add(.POST, "/sessions", { app, ctx in app.createSession(ctx) })
        r.add(.GET, "/sessions/{id}", scope: .sessionInPath, { app, ctx in try app.getSession(ctx) })
        r.add(.DELETE, "/sessions/{id}", scope: .sessionInPath, { app, ctx in app.deleteSession(ctx) })
        r.add(.GET, "/sessions/{id}/warnings", scope: .sessionInPath, { app, ctx in try app.sessionWarnings(ctx) })
        r.add(.GET, "/sessions/{id}/wmts.xml", scope: .sessionInPath, { app, ctx in try app.sessionWMTS(ctx) })
        // Style
        r.add(.GET, "/style", { app, ctx in try app.getStyle(ctx) })
        r.add(.PUT, "/style", { app, ctx in app.putStyle(ctx) })
        r.add(.POST, "/style/operations", { app, ctx in app.postOperations(ctx) })
        r.add(.GET, "/style/history", { app, ctx in try app.getHistory(ctx) })
        r.add(.POST, "/style/undo", { app, ctx in app.undo(ctx) })
        r.add(.PATCH, "/style/state", { app, ctx in app.patchGlobalState(ctx) })
        // Layers
        r.add(.GET, "/layers", { app, ctx in try app.listLayers(ctx) })
        r.add(.POST, "/layers", { app, ctx in app.addLayer(ctx) })
        r.add(.GET, "/layers/{id}", { app, ctx in try app.getLayer(ctx) })
        r.add(.PATCH, "/layers/{id}", { app, ctx in app.patchLayer(ctx) })
        r.add(.PUT, "/layers/{id}", { app, ctx in app.replaceLayer(ctx) })
        r.add(.DELETE, "/layers/{id}", { app, ctx in app.deleteLayer(ctx) })
        r.add(.POST, "/layers/{id}/move", { app, ctx in app.moveLayer(ctx) })
        r.add(.POST, "/layers/{id}/copy", { app, ctx in app.copyLayer(ctx) })
        r.add(.GET, "/imports", { app, ctx in try app.listImports(ctx) })
        r.add(.POST, "/imports", { app, ctx in app.addImport(ctx) })
        r.add(.PUT, "/imports/{id}", { app, ctx in app.replaceImport(ctx) })
        r.add(.DELETE, "/imports/{id}", { app, ctx in app.deleteImport(ctx) })
        r.add(.POST, "/imports/{id}/move", { app, ctx in app.moveImport(ctx) })
        r.add(.GET, "/imports/{id}/config", { app, ctx in try app.getImportConfig(ctx) })
        r.add(.PATCH, "/imports/{id}/config", { app, ctx in app.patchImportConfig(ctx) })
        // Sources, feature state, images
        r.add(.GET, "/sources", { app, ctx in try app.listSources(ctx) })
        r.add(.POST, "/sources", { app, ctx in app.addSource(ctx) })
        r.add(.GET, "/sources/{id}", { app, ctx in try app.getSource(ctx) })
        r.add(.DELETE, "/sources/{id}", { app, ctx in app.deleteSource(ctx) })
        r.add(.PUT, "/sources/{id}/data", { app, ctx in app.putSourceData(ctx) })
        r.add(.PUT, "/sources/{id}/features/{fid}/state", { app, ctx in app.putFeatureState(ctx) })
        r.add(.DELETE, "/sources/{id}/features/{fid}/state", { app, ctx in app.deleteFeatureState(ctx, feature: true) })
        r.add(.DELETE, "/sources/{id}/state", { app, ctx in app.deleteFeatureState(ctx, feature: false) })
        r.add(.GET, "/images", { app, ctx in try app.listImages(ctx) })
        r.add(.PUT, "/images/{id}", { app, ctx in app.putImage(ctx) })
        r.add(.DELETE, "/images/{id}", { app, ctx in app.deleteImage(ctx) })
        // View annotations
        r.add(.GET, "/annotations", { app, ctx in try app.listAnnotations(ctx) })
        r.add(.POST, "/annotations", { app, ctx in app.addAnnotation(ctx) })
        r.add(.GET, "/annotations/{id}", { app, ctx in try app.getAnnotation(ctx) })
        r.add(.PATCH, "/annotations/{id}", { app, ctx in app.patchAnnotation(ctx) })
        r.add(.DELETE, "/annotations/{id}", { app, ctx in app.deleteAnnotation(ctx) })
        // Rendering
        r.add(.GET, "/tiles/{z}/{x}/{y}", { app, ctx in try app.tile(ctx, tileSize: 256) })
        r.add(.GET, "/tiles/512/{z}/{x}/{y}", { app, ctx in try app.tile(ctx, tileSize: 512) })
        r.add(.GET, "/tiles.json", { app, ctx in try app.tileJSON(ctx) })
        r.add(.GET, "/static/{view}/{size}", { app, ctx in try app.staticImage(ctx) })
        r.add(.GET, "/static/bounds/{bounds}/{size}", { app, ctx in try app.staticImage(ctx, fit: .bounds) })
        r.add(.GET, "/static/auto/{size}", { app, ctx in try app.staticImage(ctx, fit: .auto) })
        r.add(.POST, "/static", { app, ctx in app.postStatic(ctx) })
        // Fonts
        r.add(.GET, "/fonts", { app, ctx in app.fontList(ctx) })
        r.add(.GET, "/fonts/{fontstack}/{range}", { app, ctx in app.fontRange(ctx) })
        // Published styles and data (tileserver-gl's URLs)
        registerPublishedStyleRoutes(&r)
        registerPublishedDataRoutes(&r)
        registerGLStyleRoutes(&r)
        registerPublishedSourceRoutes(&r)
        registerSizedCatalogRoutes(&r)   // last: see there
    }
}
