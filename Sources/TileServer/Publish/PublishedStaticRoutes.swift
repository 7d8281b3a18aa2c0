import NIOCore

extension StrataApp {
    /// `GET /styles/{id}/static/{view}/{w}x{h}[@{n}x].{png|jpg|jpeg|webp}[?quality=&attribution=&padding=]`:
    /// tileserver-gl's static images of a published style (see `GLStaticView`), drawn by the
    /// same renderer and cache as a session's `/static` of the same style and view.
    func publishedStatic(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let style = try publishedStyle(ctx.param("id"))
        let q = ctx.request.query
        var view = try GLStaticView.parse(view: ctx.param("view"), size: ctx.param("size"), maxSide: config.maxStaticSide,
                                          maxPixelRatio: config.maxPixelRatio, padding: q["padding"],
                                          quality: q["quality"], jpegBackground: config.jpegBackground)
        let attribution = try StaticAttribution.wanted(q["attribution"], default: config.staticAttribution)
        if attribution { view.attribution = StaticAttribution.text(of: style.style, read: publishedData.attribution(ofSource:)) }
        let renderer = self.renderer
        return image(ctx, style: style, key: style.renderHash + "/" + view.cacheKey, output: view.output) { [view] budget in
            try renderer.renderStatic(style: style, view: view, budget: budget)
        }
    }
}
