import Foundation

extension StaticView {
    /// tileserver-gl's `static/auto`: north up, the box of every overlay coordinate fitted as
    /// an area-based image is (`StaticBounds.fit`, with `padding`), the zoom capped at `maxZoom`
    /// (MapLibre's zoom). A marker's coordinate is fitted, not its picture, as tileserver-gl does.
    public init(fittingOverlays o: StaticOverlays, padding: Double, maxZoom: Double?, width: Int, height: Int,
                pixelRatio: Double, maxSide: Int) throws {
        guard let b = o.coordinateBounds else {
            throw InvalidRequest("static/auto fits the view to the overlays: give at least one path= or marker=", code: "auto_needs_overlays")
        }
        let box = try StaticBounds(minx: b.minx, miny: b.miny, maxx: b.maxx, maxy: b.maxy)
        let f = box.fit(width: width, height: height, padding: padding)
        let zoom = max(Self.zoomRange.lowerBound, min(f.zoom, maxZoom ?? .infinity))
        try self.init(lon: f.lon, lat: f.lat, zoom: zoom, bearing: 0, width: width, height: height,
                      pixelRatio: pixelRatio, maxSide: maxSide)
    }

    /// The `maxzoom` value (a plain decimal; `offset` turns tileserver-gl's zoom into MapLibre's),
    /// nil when absent.
    public static func maxZoom(_ raw: String?, offset: Double = 0) throws -> Double? {
        guard let raw else { return nil }
        guard let z = plainDecimal(raw[...]), zoomRange.contains(z - offset) else {
            throw InvalidRequest("maxzoom must be a number in [\(zoomRange.lowerBound + offset), \(zoomRange.upperBound + offset)] (got \"\(OverlayQueryParser.shown(raw))\")",
                                 code: "invalid_maxzoom")
        }
        return z - offset
    }
}
