import JSON
import NIOCore

extension StrataApp {
    /// `GET /styles/{id}/static/{view}/{w}x{h}[@{n}x].{png|jpg|jpeg|webp}[?quality=&attribution=&padding=&maxzoom=]`
    /// with tileserver-gl's overlays (`path=`, `marker=`, …): tileserver-gl's static images of a
    /// published style (see `GLStaticView`), drawn by the same renderer and cache as a
    /// session's `/static` of the same style, view and overlays.
    func publishedStatic(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let style = try publishedStyle(ctx.param("id"))
        let q = ctx.request.query
        var pairs = OverlayParameters.pairs(q)
        for k in ["padding", "maxzoom", "quality", "attribution"] { if let v = q[k] { pairs.append((k, v)) } }
        let (view, overlays) = try publishedStaticRequest(ctx, style: style, pairs: pairs)
        return overlaidStatic(ctx, style: style, view: view, overlays: overlays)
    }

    /// `POST /styles/{id}/static/{view}/{size}` with the parameters as a JSON body, for overlays
    /// too long for a URL: `{"path": ["…", "…"], "marker": "…", "stroke": "red", "padding": 0.2}`
    /// is `?path=…&path=…&marker=…&stroke=red&padding=0.2`; the query's come first.
    func publishedStaticPost(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let style = try publishedStyle(ctx.param("id"))
        let keys = OverlayQueryParser.names.union(["padding", "maxzoom", "quality", "attribution"])
        return blocking(ctx) { [self] () -> (LiveStyle, StaticView) in
            guard case .object(let o) = try Self.jsonBody(ctx) else {
                throw APIError.badRequest("the body must be a JSON object", code: "invalid_body", path: "")
            }
            for k in o.keys where !keys.contains(k) {
                throw APIError.badRequest("unknown key \"\(OverlayQueryParser.shown(k))\" (\(keys.sorted().joined(separator: ", ")))", code: "invalid_body", path: "/\(k)")
            }
            let q = ctx.request.query
            var pairs = OverlayParameters.pairs(q)
            for k in ["padding", "maxzoom", "quality", "attribution"] { if let v = q[k] { pairs.append((k, v)) } }
            pairs += try OverlayParameters.pairs(o, keys: keys)
            let (view, overlays) = try publishedStaticRequest(ctx, style: style, pairs: pairs)
            return (overlays.isEmpty ? style : try overlaid(style, overlays, pixelRatio: view.pixelRatio), view)
        }.flatMap { [self] (drawn, view) in
            let renderer = self.renderer
            return image(ctx, style: drawn, key: drawn.renderHash + "/" + view.cacheKey, output: view.output) { budget in
                try renderer.renderStatic(style: drawn, view: view, budget: budget)
            }
        }
    }

    /// The view and overlays of a published static request from its (name, value) pairs.
    private func publishedStaticRequest(_ ctx: RouteContext, style: LiveStyle, pairs: [(name: String, value: String)]) throws
        -> (StaticView, StaticOverlays) {
        func one(_ k: String) throws -> String? {
            let all = pairs.filter { $0.name == k }
            guard all.count <= 1 else { throw InvalidRequest("\(k) is given \(all.count) times; give it once", code: "invalid_request") }
            return all.first?.value
        }
        var parser = OverlayQueryParser(pairs.filter { OverlayQueryParser.names.contains($0.name) })
        let overlays = try parser.parse()
        var view = try GLStaticView.parse(view: ctx.param("view"), size: ctx.param("size"), maxSide: config.maxStaticSide,
                                          maxPixelRatio: config.maxPixelRatio, padding: one("padding"),
                                          quality: one("quality"), jpegBackground: config.jpegBackground,
                                          overlays: overlays, maxzoom: one("maxzoom"))
        try checkPitch(view)
        let attribution = try StaticAttribution.wanted(one("attribution"), default: config.staticAttribution)
        if attribution { view.attribution = StaticAttribution.text(of: style.style, read: publishedData.attribution(ofSource:)) }
        return (view, overlays)
    }
}
