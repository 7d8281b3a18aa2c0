import SplitMix
import Foundation
import Geo
import JSON

/// A deterministic synthetic GeoJSON workload for scaling benchmarks and tests: `count`
/// small lines (60 %) and polygons (40 %) spread over a country-sized area (Germany's box),
/// sized by the average spacing so every count draws the same picture at a proportionally
/// deeper zoom, plus a fixed set of huge features (long rivers, big regions) that cross
/// many tiles at every count.
public struct SyntheticWorkload: Sendable {
    public let count: Int
    public let seed: UInt64
    /// lon 5.9…15.0, lat 47.3…55.0 in world coordinates.
    public static let area: WorldRect = {
        let a = WebMercator.project(lon: 5.9, lat: 55.0), b = WebMercator.project(lon: 15.0, lat: 47.3)
        return WorldRect(minX: a.x, minY: a.y, maxX: b.x, maxY: b.y)
    }()
    /// Huge features added to every count: rivers of `riverVertices`, regions of `regionVertices`.
    public static let rivers = 8, riverVertices = 4_000, regions = 4, regionVertices = 20_000

    public init(count: Int, seed: UInt64 = 1) { self.count = max(0, count); self.seed = seed }

    /// Average distance between neighbouring small features (world units).
    public var spacing: Double { (SyntheticWorkload.area.width * SyntheticWorkload.area.height / Double(max(count, 1))).squareRoot() }

    /// Side (world units) of a square view holding `perTile` small features on average, and
    /// the fractional zoom (512 px tiles) at which such a tile is a map tile.
    public func tileSide(featuresPerTile perTile: Double) -> (side: Double, zoom: Double) {
        let side = spacing * perTile.squareRoot()
        return (side, -log2(side))
    }

    /// Calls `body` with every feature (geometry in world coordinates, reused between calls).
    public func forEachFeature(_ body: (_ geometry: FeatureGeometry, _ id: Int, _ properties: JSONObject) -> Void) {
        var rng = SplitMix64(seed: seed)
        var g = FeatureGeometry(type: .lineString)
        let a = SyntheticWorkload.area, s = spacing
        let kinds: [JSONValue] = ["road", "path", "rail", "building", "park", "water"]
        for i in 0..<count {
            let start = WorldPoint(a.minX + rng.unit() * a.width, a.minY + rng.unit() * a.height)
            if i % 5 < 3 {
                g.removeAll(type: .lineString)
                let n = 8 + Int(rng.next() % 41)
                var p = start, heading = rng.unit() * 2 * .pi
                for _ in 0..<n {
                    g.points.append(p)
                    heading += (rng.unit() - 0.5) * 0.8
                    let step = s * (0.1 + 0.3 * rng.unit())
                    p += WorldPoint(cos(heading), sin(heading)) * step
                }
                g.endPart()
            } else {
                g.removeAll(type: .polygon)
                let n = 6 + Int(rng.next() % 35), r = s * (0.3 + 1.7 * rng.unit())
                for k in 0..<n {
                    let t = Double(k) / Double(n) * 2 * .pi, rr = r * (0.7 + 0.3 * rng.unit())
                    g.points.append(start + WorldPoint(cos(t), sin(t)) * rr)
                }
                g.points.append(g.points[g.points.count - n])
                g.endPart(); g.endPolygon()
            }
            let props = JSONObject([("kind", kinds[i % 5 < 3 ? i % 3 : 3 + i % 3]), ("rank", .number(Double(i % 10)))])
            body(g, i, props)
        }
        // The huge features: rivers crossing the area, big star-shaped regions.
        for r in 0..<SyntheticWorkload.rivers {
            g.removeAll(type: .lineString)
            var p = WorldPoint(a.minX, a.minY + (Double(r) + 0.5) / Double(SyntheticWorkload.rivers) * a.height)
            let step = a.width / Double(SyntheticWorkload.riverVertices - 1)
            for k in 0..<SyntheticWorkload.riverVertices {
                g.points.append(p)
                p.x += step
                p.y += sin(Double(k) * 0.05) * step * 0.8 + (rng.unit() - 0.5) * step * 0.5
            }
            g.endPart()
            body(g, count + r, JSONObject([("kind", "river")]))
        }
        for r in 0..<SyntheticWorkload.regions {
            g.removeAll(type: .polygon)
            let c = WorldPoint(a.minX + (Double(r % 2) + 0.5) / 2 * a.width, a.minY + (Double(r / 2) + 0.5) / 2 * a.height)
            let radius = min(a.width, a.height) * 0.3
            let n = SyntheticWorkload.regionVertices
            for k in 0..<n {
                let t = Double(k) / Double(n) * 2 * .pi
                g.points.append(c + WorldPoint(cos(t), sin(t)) * radius * (0.85 + 0.1 * sin(t * 37) + 0.05 * rng.unit()))
            }
            g.points.append(g.points[0])
            g.endPart(); g.endPolygon()
            body(g, count + SyntheticWorkload.rivers + r, JSONObject([("kind", "region")]))
        }
    }

    /// The workload as an indexed source.
    public func makeSource(options: GeoJSONOptions = GeoJSONOptions()) -> GeoJSONSource {
        var builder = GeoJSONSourceBuilder(options: options)
        forEachFeature { g, id, props in builder.add(g, id: .number(Double(id)), properties: props) }
        return builder.build()
    }

    /// The workload as a GeoJSON FeatureCollection (lon/lat), for parsing benchmarks.
    public func geoJSON() -> JSONValue {
        var features: [JSONValue] = []
        features.reserveCapacity(count + 12)
        func position(_ p: WorldPoint) -> JSONValue {
            let (lon, lat) = WebMercator.unproject(p)
            return [.number((lon * 1e6).rounded() / 1e6), .number((lat * 1e6).rounded() / 1e6)]
        }
        forEachFeature { g, id, props in
            let geometry: JSONValue
            if g.type == .lineString {
                geometry = ["type": "LineString", "coordinates": .array(g.points.map(position))]
            } else {
                geometry = ["type": "Polygon", "coordinates": [.array(g.points.map(position))]]
            }
            features.append(["type": "Feature", "id": .number(Double(id)), "properties": .object(props), "geometry": geometry])
        }
        return ["type": "FeatureCollection", "features": .array(features)]
    }
}
