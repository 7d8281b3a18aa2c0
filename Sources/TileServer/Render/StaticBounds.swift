import Foundation

/// A lon/lat box a static image is fitted to (tileserver-gl's area-based static images):
/// validated on input, so fitting never sees an inverted or unprojectable box.
public struct StaticBounds: Sendable, Equatable {
    /// Web Mercator's latitude limit: beyond it a latitude has no place on the map.
    public static let maxLatitude = 85.0511287798066
    /// tileserver-gl's default padding: 10 % of the image added on each side.
    public static let defaultPadding = 0.1

    public let minx: Double
    public let miny: Double
    public let maxx: Double
    public let maxy: Double

    public init(minx: Double, miny: Double, maxx: Double, maxy: Double) throws {
        for (name, v) in [("minx", minx), ("maxx", maxx)] where !(v.isFinite && (-180...180).contains(v)) {
            throw InvalidRequest("bounds \(name) must be a longitude in [-180, 180] (got \(v))", code: "invalid_bounds")
        }
        let m = Self.maxLatitude
        for (name, v) in [("miny", miny), ("maxy", maxy)] where !(v.isFinite && (-m...m).contains(v)) {
            throw InvalidRequest("bounds \(name) must be a latitude in [-\(m), \(m)] (Web Mercator's limits; got \(v))", code: "invalid_bounds")
        }
        guard minx <= maxx else {
            throw InvalidRequest("bounds are inverted: minx \(minx) is east of maxx \(maxx) (bounds are minx,miny,maxx,maxy = west,south,east,north; a box across the antimeridian is not supported)", code: "invalid_bounds")
        }
        guard miny <= maxy else {
            throw InvalidRequest("bounds are inverted: miny \(miny) is north of maxy \(maxy) (bounds are minx,miny,maxx,maxy = west,south,east,north)", code: "invalid_bounds")
        }
        self.minx = minx; self.miny = miny; self.maxx = maxx; self.maxy = maxy
    }

    /// `minx,miny,maxx,maxy` as four plain decimals; a bad one is a 400 naming it.
    public static func parse(_ parts: [Substring]) throws -> StaticBounds {
        guard parts.count == 4 else {
            throw InvalidRequest("bounds must be minx,miny,maxx,maxy (got \(parts.count) numbers)", code: "invalid_bounds")
        }
        var v: [Double] = []
        for (name, p) in zip(["minx", "miny", "maxx", "maxy"], parts) {
            guard let d = StaticView.plainDecimal(p) else {
                throw InvalidRequest("bounds \(name) must be a plain decimal number (got \"\(p)\")", code: "invalid_bounds")
            }
            v.append(d)
        }
        return try StaticBounds(minx: v[0], miny: v[1], maxx: v[2], maxy: v[3])
    }

    /// The `padding` query value (a fraction of the image per side, ≥ 0), or the default.
    public static func padding(_ raw: String?) throws -> Double {
        guard let raw else { return defaultPadding }
        guard let p = StaticView.plainDecimal(raw[...]) else {
            throw InvalidRequest("padding must be a plain decimal number ≥ 0 (got \"\(raw)\")", code: "invalid_padding")
        }
        return try checkedPadding(p)
    }

    /// A padding is a fraction ≥ 0 (0.1 = 10 % of the image on each side).
    public static func checkedPadding(_ p: Double) throws -> Double {
        guard p.isFinite, p >= 0, p <= 1e6 else {
            throw InvalidRequest("padding must be a number ≥ 0 (0.1 = 10 % on each side; got \(p))", code: "invalid_padding")
        }
        return p
    }

    /// Centre and MapLibre zoom that show the box in `width`×`height` CSS px with `padding`,
    /// as tileserver-gl's `calcZForBBox` fits it: the box spans at most 1/(1+2·padding) of the
    /// image on either axis; the zoom is clamped to [log2(max(w, h)/512), 24] (tileserver-gl:
    /// [log2(max(w, h)/256), 25] in its 256 px zoom, MapLibre's + 1) and to Strata's range.
    /// The centre is the box's centre in Web Mercator, where the fit is symmetric.
    public func fit(width: Int, height: Int, padding: Double) -> (lon: Double, lat: Double, zoom: Double) {
        let x0 = Self.mercatorX(minx), x1 = Self.mercatorX(maxx)
        let y0 = Self.mercatorY(maxy), y1 = Self.mercatorY(miny)   // y grows southwards
        let w = Double(width) / (1 + 2 * padding), h = Double(height) / (1 + 2 * padding)
        // The world is 512·2^z CSS px wide at MapLibre zoom z.
        var z = min(log2(w / ((x1 - x0) * 512)), log2(h / ((y1 - y0) * 512)))
        z = min(z, StaticView.zoomRange.upperBound)
        z = max(z, log2(Double(max(width, height)) / 512), StaticView.zoomRange.lowerBound)
        return ((minx + maxx) / 2, Self.latitude(mercatorY: (y0 + y1) / 2), z)
    }

    /// Web Mercator x in [0, 1] of a longitude.
    static func mercatorX(_ lon: Double) -> Double { (lon + 180) / 360 }

    /// Web Mercator y in [0, 1] (north at 0) of a latitude.
    static func mercatorY(_ lat: Double) -> Double {
        0.5 - log(tan(Double.pi / 4 + lat * Double.pi / 360)) / (2 * Double.pi)
    }

    /// The latitude at Web Mercator y.
    static func latitude(mercatorY y: Double) -> Double {
        (2 * atan(exp((0.5 - y) * 2 * Double.pi)) - Double.pi / 2) * 180 / Double.pi
    }
}
