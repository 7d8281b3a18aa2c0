import Foundation
import Geo

/// `fill-extrusion-rounded-corner-distance`: every corner of a polygon's rings replaced by a
/// circular arc tangent to both edges at `distance` from the corner (metres along the
/// edges, at most half of either edge), so the footprint keeps its straight sides.
enum RoundedCorners {
    /// Metres in world units (the world is 1 wide) at latitude `lat` degrees.
    static func worldUnits(metres: Double, latitude lat: Double) -> Double {
        metres / (40_075_016.685_578_5 * cos(lat * .pi / 180))
    }

    /// `geometry` with its polygon corners rounded; other geometry types pass unchanged.
    static func apply(_ geometry: FeatureGeometry, metres: Double) -> FeatureGeometry {
        guard geometry.type == .polygon, metres > 0, metres.isFinite else { return geometry }
        var out = FeatureGeometry(type: .polygon)
        var ring: [WorldPoint] = []
        for polygon in 0..<geometry.polygonCount {
            let parts = geometry.polygonPartRange(polygon)
            for p in parts {
                ring.removeAll(keepingCapacity: true)
                ring.append(contentsOf: geometry.points[geometry.partRange(p)])
                if ring.count > 1, ring.first == ring.last { ring.removeLast() }
                roundRing(ring, metres: metres, into: &out)
            }
            out.endPolygon()
        }
        return out
    }

    private static func roundRing(_ ring: [WorldPoint], metres: Double, into out: inout FeatureGeometry) {
        let n = ring.count
        guard n >= 3 else {
            out.points.append(contentsOf: ring)
            out.endPart()
            return
        }
        let start = out.points.count
        for i in 0..<n {
            let b = ring[i], a = ring[(i + n - 1) % n], c = ring[(i + 1) % n]
            let ba = SIMD2(a.x - b.x, a.y - b.y), bc = SIMD2(c.x - b.x, c.y - b.y)
            let la = (ba * ba).sum().squareRoot(), lc = (bc * bc).sum().squareRoot()
            let want = worldUnits(metres: metres, latitude: WebMercator.unproject(b).lat)
            let t = min(want, la / 2, lc / 2)
            guard la > 0, lc > 0, t > 0 else { out.points.append(b); continue }
            let u = ba / la, v = bc / lc
            let cosTheta = max(-1, min(1, (u * v).sum()))
            let theta = acos(cosTheta)
            // Straight (or folded back) corners keep their vertex.
            guard theta > 1e-6, theta < .pi - 1e-6 else { out.points.append(b); continue }
            let p1 = SIMD2(b.x, b.y) + u * t, p2 = SIMD2(b.x, b.y) + v * t
            let bisector = (u + v) / ((u + v) * (u + v)).sum().squareRoot()
            let centre = SIMD2(b.x, b.y) + bisector * (t / cos(theta / 2))
            let r = t * tan(theta / 2)
            let a1 = atan2(p1.y - centre.y, p1.x - centre.x)
            var sweep = atan2(p2.y - centre.y, p2.x - centre.x) - a1
            if sweep > .pi { sweep -= 2 * .pi } else if sweep < -.pi { sweep += 2 * .pi }
            let steps = max(2, Int((abs(sweep) / (.pi / 32)).rounded(.up)))
            for k in 0...steps {
                let ang = a1 + sweep * Double(k) / Double(steps)
                out.points.append(WorldPoint(centre.x + r * cos(ang), centre.y + r * sin(ang)))
            }
        }
        if out.points.count > start { out.points.append(out.points[start]) }
        out.endPart()
    }
}
