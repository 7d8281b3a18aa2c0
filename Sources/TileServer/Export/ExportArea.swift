import Geo
import JSON
import SourceData

/// What an export covers: a longitude/latitude box, or the polygons of a GeoJSON document
/// (then only the tiles a polygon touches count). Tiles are listed per zoom, z/x/y order.
public struct ExportArea: Sendable {
    /// Degrees: west, south, east, north (the polygons' bounds for a GeoJSON area).
    public let bounds: [Double]
    /// Rings (closed, world coordinates) per polygon, outer ring first; empty for a box.
    let polygons: [[[WorldPoint]]]
    /// Identifies the area in an export's journal (a resumed export must cover the same tiles).
    public let fingerprint: String

    /// A box "W,S,E,N" in degrees (west may exceed east only never: boxes do not wrap).
    public static func box(_ text: String) throws -> ExportArea {
        let v = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard v.count == 4, let w = v[0], let s = v[1], let e = v[2], let n = v[3], [w, s, e, n].allSatisfy(\.isFinite),
              -180 <= w, w < e, e <= 180, -90 <= s, s < n, n <= 90 else {
            throw InvalidRequest("bbox must be W,S,E,N in degrees with W < E and S < N (got \"\(text)\")", code: "invalid_bbox")
        }
        let lat = WebMercator.maxLatitude
        return ExportArea(bounds: [w, max(s, -lat), e, min(n, lat)], polygons: [], fingerprint: "bbox:\(w),\(s),\(e),\(n)")
    }

    /// The polygons of a GeoJSON document (Polygon/MultiPolygon geometries, features or a
    /// feature collection of them); points and lines are refused, so an area is never empty
    /// by mistake.
    public static func geoJSON(_ bytes: [UInt8], name: String) throws -> ExportArea {
        let source: GeoJSONSource
        do { source = try GeoJSONSource.parse(bytes: bytes) } catch {
            throw InvalidRequest("\(name) is not GeoJSON: \(error)", code: "invalid_area")
        }
        var polygons: [[[WorldPoint]]] = []
        for i in source.features.indices {
            let g = source.geometry(i)
            guard g.type == .polygon else {
                throw InvalidRequest("\(name): feature \(i) is not a polygon (an area is Polygon or MultiPolygon)", code: "invalid_area")
            }
            for j in g.polygonEnds.indices {
                polygons.append(g.polygonPartRange(j).map { Array(g.points[g.partRange($0)]) })
            }
        }
        guard !polygons.isEmpty, !source.bounds.isEmpty else { throw InvalidRequest("\(name) holds no polygon", code: "invalid_area") }
        let b = source.bounds
        let (w, n) = WebMercator.unproject(WorldPoint(b.minX, b.minY)), (e, s) = WebMercator.unproject(WorldPoint(b.maxX, b.maxY))
        return ExportArea(bounds: [w, s, e, n], polygons: polygons, fingerprint: "geojson:" + StableHash.hex(String(decoding: bytes, as: UTF8.self)))
    }

    /// The columns and rows of zoom `z` the bounds cover (nil: none).
    func range(zoom z: Int) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        let nw = WebMercator.project(lon: bounds[0], lat: bounds[3]), se = WebMercator.project(lon: bounds[2], lat: bounds[1])
        let n = 1 << z
        let x0 = max(0, Int((nw.x * Double(n)).rounded(.down))), x1 = min(n - 1, Int((se.x * Double(n)).rounded(.up)) - 1)
        let y0 = max(0, Int((nw.y * Double(n)).rounded(.down))), y1 = min(n - 1, Int((se.y * Double(n)).rounded(.up)) - 1)
        return x0 <= x1 && y0 <= y1 ? (x0...x1, y0...y1) : nil
    }

    /// Tiles of the bounds at zoom `z`, counted without listing them (an upper bound for polygons).
    public func boundsTileCount(zoom z: Int) -> Int { range(zoom: z).map { $0.x.count * $0.y.count } ?? 0 }

    /// Every tile of zoom `z` the area touches, by x then y.
    public func tiles(zoom z: Int) -> [TileID] {
        guard let (xs, ys) = range(zoom: z) else { return [] }
        var out: [TileID] = []
        for x in xs {
            for y in ys {
                guard let t = TileID(z: z, x: x, y: y) else { continue }
                if polygons.isEmpty || polygons.contains(where: { AreaGeometry.intersects($0, t.worldBounds) }) { out.append(t) }
            }
        }
        return out
    }
}

/// Whether a polygon (outer ring + holes) and a rectangle share any point.
enum AreaGeometry {
    static func intersects(_ rings: [[WorldPoint]], _ r: WorldRect) -> Bool {
        guard let outer = rings.first, !outer.isEmpty else { return false }
        // An edge crossing the rectangle, or a vertex inside it.
        for ring in rings {
            for i in ring.indices {
                let a = ring[i], b = ring[(i + 1) % ring.count]
                if r.contains(a) || segmentCrossesRect(a, b, r) { return true }
            }
        }
        // No edge touches it: the rectangle lies wholly inside or outside; test its centre.
        let c = WorldPoint((r.minX + r.maxX) / 2, (r.minY + r.maxY) / 2)
        return inside(c, outer) && !rings.dropFirst().contains { inside(c, $0) }
    }

    static func inside(_ p: WorldPoint, _ ring: [WorldPoint]) -> Bool {
        var odd = false
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i], b = ring[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { odd.toggle() }
            j = i
        }
        return odd
    }

    /// Liang–Barsky: whether segment a→b meets the rectangle.
    static func segmentCrossesRect(_ a: WorldPoint, _ b: WorldPoint, _ r: WorldRect) -> Bool {
        var t0 = 0.0, t1 = 1.0
        let d = b - a
        for (p, q) in [(-d.x, a.x - r.minX), (d.x, r.maxX - a.x), (-d.y, a.y - r.minY), (d.y, r.maxY - a.y)] {
            if p == 0 { if q < 0 { return false }; continue }
            let t = q / p
            if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
            if t0 > t1 { return false }
        }
        return true
    }
}
