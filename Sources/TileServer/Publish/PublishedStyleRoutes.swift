import JSON
import NIOCore
import NIOHTTP1

extension StrataApp {
    /// Registers the read-only routes of published styles at tileserver-gl's URLs.
    static func registerPublishedStyleRoutes(_ r: inout Router<RouteHandler>) {
        r.add(.GET, "/styles.json", scope: .sessionFree, { app, ctx in app.publishedStyleCatalog(ctx) })
        r.add(.GET, "/rendered.json", scope: .sessionFree, { app, ctx in try app.renderedCatalog(ctx, tileSize: "256") })
        r.add(.GET, "/index.json", scope: .sessionFree, { app, ctx in try app.renderedCatalog(ctx, tileSize: "256", withData: true) })
        r.add(.GET, "/styles/{file}", scope: .sessionFree, { app, ctx in try app.publishedTileJSON(ctx, tileSize: "256") })
        r.add(.GET, "/styles/{tileSize}/{file}", scope: .sessionFree, { app, ctx in try app.publishedTileJSON(ctx, tileSize: ctx.param("tileSize")) })
        r.add(.GET, "/styles/{id}/wmts.xml", scope: .sessionFree, { app, ctx in try app.publishedWMTS(ctx) })
        r.add(.GET, "/styles/{id}/static/{view}/{size}", scope: .sessionFree, { app, ctx in try app.publishedStatic(ctx) })
        r.add(.POST, "/styles/{id}/static/{view}/{size}", scope: .sessionFree, { app, ctx in try app.publishedStaticPost(ctx) })
        r.add(.GET, "/styles/{id}/{z}/{x}/{y}", scope: .sessionFree, { app, ctx in try app.publishedTile(ctx, tileSize: "256") })
        r.add(.GET, "/styles/{id}/{tileSize}/{z}/{x}/{y}", scope: .sessionFree, { app, ctx in try app.publishedTile(ctx, tileSize: ctx.param("tileSize")) })
    }

    /// `/{tileSize}/rendered.json` and `/{tileSize}/index.json`. Registered after every other
    /// route: on a tie of literal segments the first route wins, so `/styles/index.json` (a
    /// style named "index") or `/layers/index.json` keep their own meaning.
    static func registerSizedCatalogRoutes(_ r: inout Router<RouteHandler>) {
        r.add(.GET, "/{tileSize}/rendered.json", scope: .sessionFree, { app, ctx in try app.renderedCatalog(ctx, tileSize: ctx.param("tileSize")) })
        r.add(.GET, "/{tileSize}/index.json", scope: .sessionFree, { app, ctx in
            try app.renderedCatalog(ctx, tileSize: ctx.param("tileSize"), withData: true)
        })
    }

    /// The start of every absolute URL a response writes: `publicUrl`, else the scheme and host
    /// the client reached (a trusted proxy's `Forwarded`/`X-Forwarded-*`, else `http://` + Host).
    func baseURL(_ ctx: RouteContext) -> String {
        PublicBaseURL.base(publicURL: config.publicURL, trustProxy: config.trustProxyHeaders, request: ctx.request,
                           fallbackHost: "\(config.host):\(config.port)")
    }

    /// The published style `id`, or a 404 naming the catalog.
    func publishedStyle(_ id: String) throws -> LiveStyle {
        guard let style = published.style(id) else {
            throw APIError.notFound("no published style \"\(id)\" (GET /styles.json lists them)", code: "unknown_style")
        }
        return style
    }

    /// A tile size segment of a published URL: "256" or "512", else 400.
    static func publishedTileSize(_ s: String) throws -> Int {
        guard s == "256" || s == "512" else {
            throw APIError.badRequest("tile size must be 256 or 512 (got \"\(s)\")", code: "invalid_tile_size")
        }
        return Int(s)!
    }

    /// `GET /styles/{id}[/{tileSize}]/{z}/{x}/{y}[@Nx].{png|jpg|jpeg|webp}[?quality=]`: rendered
    /// exactly as a session's `/tiles` of the same style, through the same cache.
    func publishedTile(_ ctx: RouteContext, tileSize: String) throws -> EventLoopFuture<HTTPResponse> {
        let size = try Self.publishedTileSize(tileSize)
        let style = try publishedStyle(ctx.param("id"))
        let tile = try TileRequest.parse(z: ctx.param("z"), x: ctx.param("x"), file: ctx.param("y"),
                                         tileSize: size, maxPixelRatio: config.maxPixelRatio,
                                         quality: ctx.request.query["quality"], jpegBackground: config.jpegBackground)
        let renderer = self.renderer
        return image(ctx, style: style, key: style.renderHash + "/" + tile.cacheKey, output: tile.output,
                     cacheControl: publishedCacheControl("no-cache")) { budget in
            try renderer.renderTile(style: style, tile: tile, budget: budget)
        }
    }

    /// `GET /styles/{id}.json` and `/styles/{tileSize}/{id}.json[?format=&quality=]`: the
    /// rendered tiles' TileJSON (PNG unless `format` asks for webp, jpg or jpeg).
    func publishedTileJSON(_ ctx: RouteContext, tileSize: String) throws -> EventLoopFuture<HTTPResponse> {
        let file = ctx.param("file")
        guard file.hasSuffix(".json"), file.count > 5 else {
            throw APIError.notFound("no route for GET \(ctx.request.path)", code: "unknown_route")
        }
        let size = try Self.publishedTileSize(tileSize)
        let id = String(file.dropLast(5))
        let style = try publishedStyle(id)
        let format = ctx.request.query["format"] ?? config.styleTileJSON[id]?["format"]?.stringValue ?? "png"
        guard ImageOutput.extensions.contains(format) else {
            throw APIError.badRequest("format must be png, webp, jpg or jpeg (got \"\(format)\")", code: "invalid_format")
        }
        let quality = ctx.request.query["quality"]
        let output = try ImageOutput.parse(ext: format, quality: quality, jpegBackground: config.jpegBackground)
        let body = PublishedTileJSON.adding(config.styleTileJSON[id], to: PublishedTileJSON.rendered(
            id: id, style: style.flatJSON, renderHash: style.renderHash, baseURL: baseURL(ctx),
            tileSize: size, fileExtension: output.fileExtension, quality: quality,
            sourceAttribution: publishedData.attribution(ofSource:)))
        return ctx.loop.makeSucceededFuture(.json(body, headers: ["Cache-Control": publishedMetadataCacheControl]))
    }

    /// `GET /styles.json`: `[{version, name, id, url}]` of every published style.
    func publishedStyleCatalog(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let base = baseURL(ctx)
        let entries = published.ids.compactMap { id in
            published.style(id).map { PublishedTileJSON.catalogEntry(id: id, style: $0.json, baseURL: base) }
        }
        return ctx.loop.makeSucceededFuture(.json(.array(entries), headers: ["Cache-Control": publishedMetadataCacheControl]))
    }

    /// `GET [/{tileSize}]/rendered.json`: the TileJSON of every published style; `index.json`
    /// (`withData`) adds the TileJSON of every published archive, as tileserver-gl lists both.
    func renderedCatalog(_ ctx: RouteContext, tileSize: String, withData: Bool = false) throws -> EventLoopFuture<HTTPResponse> {
        let size = try Self.publishedTileSize(tileSize)
        let base = baseURL(ctx)
        let entries = published.ids.compactMap { id in
            published.style(id).map {
                // A config's `tilejson.format` (checked at load) picks the tiles' format.
                let format = config.styleTileJSON[id]?["format"]?.stringValue ?? "png"
                return PublishedTileJSON.adding(config.styleTileJSON[id], to: PublishedTileJSON.rendered(
                    id: id, style: $0.flatJSON, renderHash: $0.renderHash, baseURL: base, tileSize: size, fileExtension: format,
                    sourceAttribution: publishedData.attribution(ofSource:)))
            }
        }
        let all = withData ? entries + dataTileJSONs(base) : entries
        return ctx.loop.makeSucceededFuture(.json(.array(all), headers: ["Cache-Control": publishedMetadataCacheControl]))
    }
}
