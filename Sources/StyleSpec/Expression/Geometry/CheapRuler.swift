import Foundation

/// Fast local distance on the WGS84 ellipsoid (the "cheap ruler" approximation MapLibre's
/// `distance` uses): a flat-earth scale per degree of longitude and latitude at one latitude.
struct CheapRuler {
    let kx: Double, ky: Double

    init(latitude: Double) {
        let re = 6378.137, fe = 1 / 298.257223563
        let e2 = fe * (2 - fe)
        let m = Double.pi / 180 * re * 1000
        let coslat = cos(latitude * .pi / 180)
        let w2 = 1 / (1 - e2 * (1 - coslat * coslat))
        let w = w2.squareRoot()
        kx = m * w * coslat
        ky = m * w * w2 * (1 - e2)
    }

    /// `deg` wrapped into -180...180 (cheap-ruler's loop, as a remainder: a loop never ends
    /// for huge or infinite input, where subtracting 360 changes nothing). NaN for ±infinity.
    @inline(__always)
    static func wrap(_ deg: Double) -> Double {
        if deg >= -180, deg <= 180 { return deg }
        var d = deg.truncatingRemainder(dividingBy: 360)
        if d < -180 { d += 360 } else if d > 180 { d -= 360 }
        return d
    }

    /// Metres between two lng/lat points.
    func distance(_ a: LngLat, _ b: LngLat) -> Double {
        let dx = CheapRuler.wrap(a.x - b.x) * kx, dy = (a.y - b.y) * ky
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The closest point of a polyline to p.
    func nearestPoint(on line: [LngLat], to p: LngLat) -> LngLat? {
        var best = Double.infinity
        var bestPoint: LngLat? = nil
        guard line.count > 1 else { return line.first }
        for i in 0..<(line.count - 1) {
            var x = line[i].x, y = line[i].y
            var dx = CheapRuler.wrap(line[i + 1].x - x) * kx
            var dy = (line[i + 1].y - y) * ky
            if dx != 0 || dy != 0 {
                let t = (CheapRuler.wrap(p.x - x) * kx * dx + (p.y - y) * ky * dy) / (dx * dx + dy * dy)
                if t > 1 {
                    x = line[i + 1].x; y = line[i + 1].y
                } else if t > 0 {
                    x += dx / kx * t; y += dy / ky * t
                }
            }
            dx = CheapRuler.wrap(p.x - x) * kx
            dy = (p.y - y) * ky
            let sq = dx * dx + dy * dy
            if sq < best { best = sq; bestPoint = LngLat(x, y) }
        }
        return bestPoint
    }

    func pointToLine(_ p: LngLat, _ line: [LngLat]) -> Double {
        guard let n = nearestPoint(on: line, to: p) else { return .nan }
        return distance(p, n)
    }

    func segmentToSegment(_ p1: LngLat, _ p2: LngLat, _ q1: LngLat, _ q2: LngLat) -> Double {
        min(pointToLine(p1, [q1, q2]), pointToLine(p2, [q1, q2]), pointToLine(q1, [p1, p2]), pointToLine(q2, [p1, p2]))
    }
}
