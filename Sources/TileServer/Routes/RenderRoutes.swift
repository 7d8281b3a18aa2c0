import Foundation
import JSON
import NIOCore
import NIOHTTP1
import Renderer
import StyleSpec

extension StrataApp {
    /// `GET /tiles/{z}/{x}/{y}[@Nx].{png|webp|jpg|jpeg}[?quality=1…100]` and `/tiles/512/...`.
    func tile(_ ctx: RouteContext, tileSize: Int) throws -> EventLoopFuture<HTTPResponse> {
        let tile = try TileRequest.parse(z: ctx.param("z"), x: ctx.param("x"), file: ctx.param("y"),
                                         tileSize: tileSize, maxPixelRatio: config.maxPixelRatio,
                                         quality: ctx.request.query["quality"], jpegBackground: config.jpegBackground)
        let style = try sessions.session(ctx.sessionID).current.style
        let renderer = self.renderer
        return image(ctx, style: style, key: style.renderHash + "/" + tile.cacheKey, output: tile.output) { budget in
            try renderer.renderTile(style: style, tile: tile, budget: budget)
        }
    }

    /// `GET /static/{lon},{lat},{zoom}[,{bearing}]/{w}x{h}[@{r}x].{png|webp|jpg|jpeg}[?quality=1…100][&attribution=true|false]`,
    /// `GET /static/bounds/{minx},{miny},{maxx},{maxy}/…[&padding=0.1]` (`.bounds`: the view that fits the box), and
    /// `GET /static/auto/…[&padding=0.1][&maxzoom=]` (`.auto`: fitted to the overlays); all with tileserver-gl's
    /// overlays (`path=`, `marker=`, … see `OverlayQueryParser`).
    func staticImage(_ ctx: RouteContext, fit: StaticFit = .centre) throws -> EventLoopFuture<HTTPResponse> {
        let q = ctx.request.query
        let overlays = try Self.queryOverlays(q)
        var view: StaticView
        switch fit {
        case .centre:
            view = try StaticView.parse(view: ctx.param("view"), size: ctx.param("size"), maxSide: config.maxStaticSide,
                                        quality: q["quality"], jpegBackground: config.jpegBackground)
        case .bounds:
            view = try StaticView.parse(bounds: ctx.param("bounds"), size: ctx.param("size"), maxSide: config.maxStaticSide,
                                        padding: q["padding"], quality: q["quality"], jpegBackground: config.jpegBackground)
        case .auto:
            let sz = try StaticSize.parse(ctx.param("size"), quality: q["quality"], jpegBackground: config.jpegBackground)
            view = try StaticView(fittingOverlays: overlays, padding: StaticBounds.padding(q["padding"]), maxZoom: StaticView.maxZoom(q["maxzoom"]),
                                  width: sz.width, height: sz.height, pixelRatio: sz.pixelRatio, maxSide: config.maxStaticSide)
            view.output = sz.output
        }
        try checkPitch(view)
        let attribution = try StaticAttribution.wanted(q["attribution"], default: config.staticAttribution)
        let style = try sessions.session(ctx.sessionID).current.style
        if attribution { view.attribution = StaticAttribution.text(of: style.style, read: publishedData.attribution(ofSource:)) }
        return overlaidStatic(ctx, style: style, view: view, overlays: overlays)
    }

    /// How a `GET /static` view is given.
    enum StaticFit { case centre, bounds, auto }

    /// `POST /static` `{"center": [lon, lat], "zoom", "bearing"` or `"bounds": [minx, miny, maxx, maxy], "padding"?`
    /// (or neither: fitted to the overlays, `"padding"?, "maxzoom"?`), `"width", "height", "pixelRatio", "style"?, "attribution"?`,
    /// overlays `"path"?, "marker"?, …` as `GET /static` takes them`}`; an inline style renders one-off without a session.
    func postStatic(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let renderer = self.renderer
        let maxSide = config.maxStaticSide
        let lifecycle = customLayers?.lifecycle
        return blocking(ctx) { [self] () -> (LiveStyle, StaticView, Bool) in
            let body = try Self.jsonBody(ctx)
            guard case .object(let o) = body else { throw APIError.badRequest("the body must be a JSON object", code: "invalid_body", path: "") }
            var (view, overlays) = try staticBodyView(o, maxSide: maxSide)
            do { try checkPitch(view) } catch let e as InvalidRequest { throw APIError.badRequest(e.message, code: e.code, path: "/pitch") }
            var style: LiveStyle
            if let inline = o["style"] {
                do {
                    style = try LiveStyle.load(inline, customLayers: customLayers, importLoader: importLoader)
                    try checkURLs(style)
                } catch let e as StyleError { throw APIError.style(e, prefix: JSONPointer(["style"])) }
            } else {
                style = try sessions.session(ctx.sessionID).current.style
            }
            var attribution = config.staticAttribution
            if let v = o["attribution"] {
                guard let b = v.boolValue else { throw APIError.badRequest("attribution must be a boolean", code: "invalid_attribution", path: "/attribution") }
                attribution = b
            }
            if attribution { view.attribution = StaticAttribution.text(of: style.style, read: publishedData.attribution(ofSource:)) }
            if !overlays.isEmpty { style = try overlaid(style, overlays, pixelRatio: view.pixelRatio) }
            return (style, view, o["style"] != nil)
        }.flatMap { [self] (style, view, inline) in
            image(ctx, style: style, key: style.renderHash + "/" + view.cacheKey, output: view.output) { budget in
                // A one-off style is live for its render only (custom layers' added/removed).
                guard inline, let lifecycle else {
                    return try renderer.renderStatic(style: style, view: view, budget: budget)
                }
                return try lifecycle.holding(style.style) { try renderer.renderStatic(style: style, view: view, budget: budget) }
            }
        }
    }

    /// Conditional request handling, cache, single flight and render for one image. Without
    /// remote fetching an image's ETag follows from its key, so a 304 needs no render; with it,
    /// the ETag also names the remote data the image was drawn from, known once it is drawn
    /// (or cached).
    /// `cacheControl` (a published tile's `publishedCacheControl`) replaces `no-cache` for a
    /// URL not pinned to the style hash.
    func image(_ ctx: RouteContext, style: LiveStyle, key: String, output: ImageOutput, cacheControl unpinned: String = "no-cache",
               render: @escaping RenderPool.Job) -> EventLoopFuture<HTTPResponse> {
        let ifNoneMatch = ctx.request.header("If-None-Match")
        // A URL that names the current style hash can never change, unless remote data is in it.
        let pinned = ctx.request.query["v"] == style.renderHash
        func answer(_ etag: String, _ t: CachedTile?) -> HTTPResponse {
            let quoted = ETag.quoted(etag)
            let cacheControl = pinned && t?.expires == nil ? "public, max-age=31536000, immutable" : unpinned
            guard let t, !ETag.matches(ifNoneMatch: ifNoneMatch, etag: quoted) else {
                return HTTPResponse(status: .notModified, headers: ["ETag": quoted, "Cache-Control": cacheControl])
            }
            return HTTPResponse(status: .ok, headers: ["Content-Type": output.contentType, "ETag": quoted, "Cache-Control": cacheControl], buffer: t.buffer)
        }
        // The tag of a tile drawn without remote data follows from its key: a 304 needs no render.
        if ifNoneMatch != nil, tiles.etagsFollowKeys {
            let etag = TileService.etag(forKey: key)
            if ETag.matches(ifNoneMatch: ifNoneMatch, etag: ETag.quoted(etag)) { return ctx.loop.makeSucceededFuture(answer(etag, nil)) }
        }
        return tiles.tile(key: key, on: ctx.loop, owner: ctx.sessionID ?? "", render: render).map { t in answer(t.etag, t) }
    }

    /// `GET /tiles.json[?format=png|webp|jpg|jpeg[&quality=1…100]]`: TileJSON 3.0.0 whose tile
    /// URL carries the style hash, in the format asked for (PNG by default).
    func tileJSON(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let format = ctx.request.query["format"] ?? "png"
        let quality = ctx.request.query["quality"]
        guard ImageOutput.extensions.contains(format) else {
            throw APIError.badRequest("format must be png, webp, jpg or jpeg (got \"\(format)\")", code: "invalid_format")
        }
        let output = try ImageOutput.parse(ext: format, quality: quality, jpegBackground: config.jpegBackground)
        let session = try sessions.session(ctx.sessionID)
        let style = session.current.style
        var query = "v=\(style.renderHash)"
        if let quality { query += "&quality=\(quality)" }
        if let id = ctx.sessionID { query += "&session=\(id)" }
        let name = style.json["name"]?.stringValue ?? "Strata"
        let body: JSONValue = [
            "tilejson": "3.0.0",
            "name": .string(name),
            "scheme": "xyz",
            "tiles": [.string("\(baseURL(ctx))/tiles/{z}/{x}/{y}.\(output.fileExtension)?\(query)")],
            "format": .string(output.fileExtension),
            "minzoom": 0,
            "maxzoom": .number(Double(TileRequest.maxZoom)),
            "bounds": [-180, -85.0511287798066, 180, 85.0511287798066],
            "center": [0, 0, 1],
            "tileSize": 256,
        ]
        return ctx.loop.makeSucceededFuture(.json(body, headers: ["Cache-Control": "no-cache"]))
    }
}
