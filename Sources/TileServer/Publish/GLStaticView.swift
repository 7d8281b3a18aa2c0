import ImageCodec

/// tileserver-gl's static image path, `/styles/{id}/static/{view}/{w}x{h}[@{n}x].{fmt}`:
/// `{lon},{lat},{zoom}[@{bearing}[,{pitch}]]` (centre-based), `{minx},{miny},{maxx},{maxy}`
/// (area-based) or `auto`. Its zoom is tileserver-gl's, whose world is 256 px at zoom 0, so
/// MapLibre's zoom is one less — the picture is the one tileserver-gl draws.
enum GLStaticView {
    /// tileserver-gl's zoom range here: Strata's MapLibre range, one up.
    static let zoomRange = (StaticView.zoomRange.lowerBound + 1)...(StaticView.zoomRange.upperBound + 1)

    /// The validated view; every failure is a 400 naming the part that is wrong. `auto` fits
    /// `overlays` (`maxzoom` in tileserver-gl's zoom).
    static func parse(view: String, size: String, maxSide: Int, maxPixelRatio: Int, padding: String? = nil,
                      quality: String? = nil, jpegBackground: JPEGEncoder.Background = .white,
                      overlays: StaticOverlays = StaticOverlays(), maxzoom: String? = nil) throws -> StaticView {
        if view == "auto" {
            let sz = try StaticSize.parse(size, maxPixelRatio: maxPixelRatio, quality: quality, jpegBackground: jpegBackground)
            var v = try StaticView(fittingOverlays: overlays, padding: StaticBounds.padding(padding),
                                   maxZoom: StaticView.maxZoom(maxzoom, offset: 1), width: sz.width, height: sz.height,
                                   pixelRatio: sz.pixelRatio, maxSide: maxSide)
            v.output = sz.output
            return v
        }
        let at = view.split(separator: "@", omittingEmptySubsequences: false)
        guard at.count <= 2 else {
            throw APIError.badRequest("view must be lon,lat,zoom[@bearing[,pitch]] or minx,miny,maxx,maxy (got \"\(view)\")", code: "invalid_view")
        }
        let parts = at[0].split(separator: ",", omittingEmptySubsequences: false)
        if parts.count == 4, at.count == 1 {
            let box = try StaticBounds.parse(parts)
            let pad = try StaticBounds.padding(padding)
            let sz = try StaticSize.parse(size, maxPixelRatio: maxPixelRatio, quality: quality, jpegBackground: jpegBackground)
            var v = try StaticView(fitting: box, padding: pad, width: sz.width, height: sz.height,
                                   pixelRatio: sz.pixelRatio, maxSide: maxSide)
            v.output = sz.output
            return v
        }
        guard parts.count == 3 else {
            throw APIError.badRequest("view must be lon,lat,zoom[@bearing[,pitch]] or minx,miny,maxx,maxy (got \"\(view)\")", code: "invalid_view")
        }
        let centre = try numbers(parts, names: ["longitude", "latitude", "zoom"])
        let turn = at.count == 2 ? try numbers(at[1].split(separator: ",", omittingEmptySubsequences: false), names: ["bearing", "pitch"]) : []
        guard zoomRange.contains(centre[2]) else {
            throw APIError.badRequest("zoom must be in [\(zoomRange.lowerBound), \(zoomRange.upperBound)] (tileserver-gl's zoom, "
                + "MapLibre's + 1; got \(centre[2]))", code: "invalid_view")
        }
        let sz = try StaticSize.parse(size, maxPixelRatio: maxPixelRatio, quality: quality, jpegBackground: jpegBackground)
        var v = try StaticView(lon: centre[0], lat: centre[1], zoom: centre[2] - 1, bearing: turn.first ?? 0,
                               width: sz.width, height: sz.height, pixelRatio: sz.pixelRatio, maxSide: maxSide)
        v.output = sz.output
        if turn.count == 2 { v.pitch = try StaticView.checkedPitch(turn[1]) }
        return v
    }

    /// Plain decimals, at most `names.count` of them; a bad one is a 400 naming it.
    private static func numbers(_ parts: [Substring], names: [String]) throws -> [Double] {
        guard parts.count <= names.count else {
            throw APIError.badRequest("expected \(names.joined(separator: ",")) (got \(parts.count) numbers)", code: "invalid_view")
        }
        return try zip(names, parts).map { name, p in
            guard let v = StaticView.plainDecimal(p) else {
                throw APIError.badRequest("\(name) must be a plain decimal number (got \"\(p)\")", code: "invalid_view")
            }
            return v
        }
    }
}
