import NIOCore
import StyleSpec

extension StrataApp {
    /// `style` with `o` drawn in it as style layers (`OverlayLayers`). Reads icon files: call
    /// it off the event loop. Every failure is a 400 naming the overlay.
    func overlaid(_ style: LiveStyle, _ o: StaticOverlays, pixelRatio: Double) throws -> LiveStyle {
        var icons: [String: StyleImage] = [:]
        var spriteNames: Set<String>?
        for (i, m) in o.markers.enumerated() {
            switch m.icon {
            case .file(let name) where icons[name] == nil:
                icons[name] = try MarkerIcons.load(name, folder: config.iconsDir, at: "marker[\(i)] icon")
            case .sprite(let name):
                // An image the style cannot find would draw nothing: say so instead.
                let names = spriteNames ?? Set(renderer.spriteImageNames(style.style[rootKey: "sprite"])).union(style.style.images.keys)
                spriteNames = names
                guard names.contains(name) else {
                    throw InvalidRequest("marker[\(i)] icon: the style has no image \"\(OverlayQueryParser.shown(name))\" in its sprite or images",
                                         code: "invalid_overlay")
                }
            default: break
            }
        }
        let commands = try OverlayLayers.commands(o, style: style.style, icons: icons, pixelRatio: pixelRatio)
        do { return try style.applying(commands) } catch let e as StyleError {
            // Only a style already holding layers or sources named strata-overlay-… gets here.
            throw InvalidRequest("the overlays cannot be added to this style: \(e.message)", code: "invalid_overlay")
        }
    }

    /// The image of `view` with the overlays: without any, exactly the plain static image;
    /// with some, the overlaid style is built off the event loop and cached under its own
    /// render hash (which covers the overlays' sources, layers and images).
    func overlaidStatic(_ ctx: RouteContext, style: LiveStyle, view: StaticView, overlays: StaticOverlays) -> EventLoopFuture<HTTPResponse> {
        let renderer = self.renderer
        guard !overlays.isEmpty else {
            return image(ctx, style: style, key: style.renderHash + "/" + view.cacheKey, output: view.output) { budget in
                try renderer.renderStatic(style: style, view: view, budget: budget)
            }
        }
        return blocking(ctx) { [self] in try overlaid(style, overlays, pixelRatio: view.pixelRatio) }.flatMap { [self] drawn in
            image(ctx, style: drawn, key: drawn.renderHash + "/" + view.cacheKey, output: view.output) { budget in
                try renderer.renderStatic(style: drawn, view: view, budget: budget)
            }
        }
    }

    /// `maxPitch` (config): a steeper static view is a 400 naming the limit.
    func checkPitch(_ view: StaticView) throws {
        guard view.pitch <= config.maxPitch else {
            throw InvalidRequest("pitch \(view.pitch) is above this server's maxPitch of \(config.maxPitch)", code: "invalid_view")
        }
    }

    /// The overlays of a query (a 400 naming the wrong part).
    static func queryOverlays(_ q: QueryParameters) throws -> StaticOverlays {
        var p = OverlayQueryParser(OverlayParameters.pairs(q))
        return try p.parse()
    }
}
