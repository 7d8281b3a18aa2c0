import SplitMix
import Foundation
import SourceData

/// A deterministic synthetic GeoJSON workload for the scaling benchmark: `count` features,
/// half small polygons (8-vertex star-convex rings) and half short polylines (6 vertices),
/// spread uniformly over a country-sized box (lon 5.9…15.0, lat 47.3…55.0, about Germany).
///
/// Feature size shrinks with 1/√count, so every size is a scaled copy of the same pattern:
/// at the zoom where a 256 px tile holds a fixed number of features, tiles of every size look
/// alike and cost the same unless the source itself (index, lookups) scales badly.
struct SyntheticGeoJSON {
    static let bounds = (minLon: 5.9, minLat: 47.3, maxLon: 15.0, maxLat: 55.0)
    /// Feature radius in degrees at 10,000 features (about the mean spacing / 2).
    static let radiusAt10k = 0.04

    let count: Int
    let seed: UInt64

    var radius: Double { Self.radiusAt10k * (10_000 / Double(max(count, 1))).squareRoot() }

    /// The FeatureCollection as UTF-8 JSON text.
    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 300 + 64)
        out.append(contentsOf: Array(#"{"type":"FeatureCollection","features":["#.utf8))
        var rng = SplitMix64(seed: seed)
        let b = Self.bounds
        let r = radius
        for i in 0..<count {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            let cx = b.minLon + rng.unit() * (b.maxLon - b.minLon)
            let cy = b.minLat + rng.unit() * (b.maxLat - b.minLat)
            // Degrees of longitude are shorter than degrees of latitude here: keep shapes round on the map.
            let sx = r / cos(cy * .pi / 180), sy = r
            let polygon = i & 1 == 0
            out.append(contentsOf: Array(#"{"type":"Feature","id":"#.utf8))
            append(Double(i), digits: 0, to: &out)
            out.append(contentsOf: Array(#","properties":{"kind":""#.utf8))
            out.append(contentsOf: Array((polygon ? "area" : "road").utf8))
            out.append(contentsOf: Array(#"","rank":"#.utf8))
            append(Double(i % 10), digits: 0, to: &out)
            out.append(contentsOf: Array(#"},"geometry":{"type":""#.utf8))
            if polygon {
                out.append(contentsOf: Array(#"Polygon","coordinates":[["#.utf8))
                var first = (0.0, 0.0)
                for k in 0..<8 {
                    let a = Double(k) * .pi / 4 + rng.unit() * 0.5
                    let rr = 0.55 + 0.45 * rng.unit()
                    let p = (cx + cos(a) * rr * sx, cy + sin(a) * rr * sy)
                    if k == 0 { first = p }
                    point(p, to: &out)
                    out.append(UInt8(ascii: ","))
                }
                point(first, to: &out)
                out.append(contentsOf: Array("]]}}".utf8))
            } else {
                out.append(contentsOf: Array(#"LineString","coordinates":["#.utf8))
                var heading = rng.unit() * 2 * .pi
                var p = (cx, cy)
                for k in 0..<6 {
                    if k > 0 {
                        out.append(UInt8(ascii: ","))
                        heading += (rng.unit() - 0.5) * 1.2
                        p = (p.0 + cos(heading) * 0.45 * sx, p.1 + sin(heading) * 0.45 * sy)
                    }
                    point(p, to: &out)
                }
                out.append(contentsOf: Array("]}}".utf8))
            }
        }
        out.append(contentsOf: Array("]}".utf8))
        return out
    }

    private func point(_ p: (Double, Double), to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        append(p.0, digits: 5, to: &out)
        out.append(UInt8(ascii: ","))
        append(p.1, digits: 5, to: &out)
        out.append(UInt8(ascii: "]"))
    }

    /// Fixed-point decimal text without Foundation formatting (millions of numbers).
    private func append(_ v: Double, digits: Int, to out: inout [UInt8]) {
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        var n = Int64((abs(v) * Double(scale)).rounded())
        if v < 0 && n != 0 { out.append(UInt8(ascii: "-")) }
        let whole = n / scale
        n -= whole * scale
        out.append(contentsOf: Array(String(whole).utf8))
        guard digits > 0 else { return }
        out.append(UInt8(ascii: "."))
        var frac = [UInt8](repeating: UInt8(ascii: "0"), count: digits)
        for k in stride(from: digits - 1, through: 0, by: -1) {
            frac[k] = UInt8(ascii: "0") + UInt8(n % 10)
            n /= 10
        }
        out.append(contentsOf: frac)
    }
}
