import Foundation
import Geo
import JSON
import Raster

/// The anchor benchmark's workload (`shared/bench/anchors`, `common.py`): Natural Earth
/// countries and cities, projected to Web Mercator pixels once, and per 256 px tile the
/// same selection the anchors make — every ring of each polygon whose outer-ring bbox comes
/// within 8 px of the tile, as one path in tile pixels, and the cities within 8 px.
struct NaturalEarthWorkload {
    static let tileSize = 256.0
    static let bufferPx = 8.0

    /// Polygons: rings of lon/lat pairs (first ring outer).
    let polygons: [[[(Double, Double)]]]
    let cities: [(Double, Double)]

    struct Tile {
        let z: Int, x: Int, y: Int
        let path: Path
        let cities: [Point]
        let ringVertices: Int
    }

    init(dataDirectory: String) throws {
        func load(_ name: String) throws -> JSONValue {
            let url = URL(fileURLWithPath: dataDirectory).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw BenchError("cannot read \(url.path) (use --data-dir)")
            }
            return try JSONParser.parse(data)
        }
        var polygons: [[[(Double, Double)]]] = []
        for f in try load("countries.geojson")["features"]?.arrayValue ?? [] {
            guard let g = f["geometry"], let type = g["type"]?.stringValue, let coords = g["coordinates"]?.arrayValue else { continue }
            let polys = type == "Polygon" ? [JSONValue.array(coords)] : type == "MultiPolygon" ? coords : []
            for p in polys {
                polygons.append((p.arrayValue ?? []).map { ring in
                    (ring.arrayValue ?? []).compactMap { pt in
                        guard let lon = pt[0]?.numberValue, let lat = pt[1]?.numberValue else { return nil }
                        return (lon, lat)
                    }
                })
            }
        }
        var cities: [(Double, Double)] = []
        for f in try load("cities.geojson")["features"]?.arrayValue ?? [] {
            if let c = f["geometry"]?["coordinates"], let lon = c[0]?.numberValue, let lat = c[1]?.numberValue {
                cities.append((lon, lat))
            }
        }
        guard !polygons.isEmpty, !cities.isEmpty else { throw BenchError("no countries or cities found in \(dataDirectory)") }
        self.polygons = polygons
        self.cities = cities
    }

    /// lon/lat → global pixels at zoom z (256 px tiles), latitude clamped like the anchors.
    static func pixel(_ lon: Double, _ lat: Double, zoom z: Int) -> SIMD2<Double> {
        let size = tileSize * Double(1 << z)
        let lat = max(-WebMercator.maxLatitude, min(WebMercator.maxLatitude, lat))
        let w = WebMercator.project(lon: lon, lat: lat)
        return SIMD2(w.x * size, w.y * size)
    }

    /// Every tile of zoom `z`, row by row, prepared for drawing.
    func tiles(zoom z: Int) -> [Tile] {
        let projected: [(min: SIMD2<Double>, max: SIMD2<Double>, rings: [[SIMD2<Double>]])] = polygons.compactMap { rings in
            let pr = rings.map { $0.map { Self.pixel($0.0, $0.1, zoom: z) } }
            guard let outer = pr.first, let f = outer.first else { return nil }
            var lo = f, hi = f
            for p in outer { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
            return (lo, hi, pr)
        }
        let cityPx = cities.map { Self.pixel($0.0, $0.1, zoom: z) }
        var out: [Tile] = []
        let n = 1 << z, b = Self.bufferPx, t = Self.tileSize
        for ty in 0..<n {
            for tx in 0..<n {
                let x0 = Double(tx) * t, y0 = Double(ty) * t
                var path = Path()
                var vertices = 0
                for poly in projected {
                    if poly.max.x < x0 - b || poly.min.x > x0 + t + b || poly.max.y < y0 - b || poly.min.y > y0 + t + b { continue }
                    for ring in poly.rings where ring.count >= 2 {
                        path.move(to: Point(Float(ring[0].x - x0), Float(ring[0].y - y0)))
                        for p in ring.dropFirst() { path.line(to: Point(Float(p.x - x0), Float(p.y - y0))) }
                        path.close()
                        vertices += ring.count
                    }
                }
                let pts = cityPx.filter { $0.x >= x0 - b && $0.x <= x0 + t + b && $0.y >= y0 - b && $0.y <= y0 + t + b }
                    .map { Point(Float($0.x - x0), Float($0.y - y0)) }
                out.append(Tile(z: z, x: tx, y: ty, path: path, cities: pts, ringVertices: vertices))
            }
        }
        return out
    }
}

/// The anchors' style, drawn with the Raster canvas.
enum AnchorStyle {
    static let background = Color(rgb8: 240, 238, 232)
    static let fill = Color(rgb8: 60, 140, 90)
    static let fillOpacity: Float = 0.5
    static let line = Color(rgb8: 42, 75, 124)
    static let outline = StrokeStyle(width: 1.5, join: .round, cap: .round)
    static let circleFill = Color(rgb8: 214, 39, 40)
    static let circleRadius: Float = 4
    static let circleStroke = Color.white
    static let circleStrokeWidth: Float = 1

    static func draw(_ tile: NaturalEarthWorkload.Tile, on canvas: Canvas) {
        canvas.clear(background)
        canvas.fill(tile.path, rule: .nonZero, paint: .solid(fill), opacity: fillOpacity)
        canvas.stroke(tile.path, style: outline, paint: .solid(line))
        for c in tile.cities {
            canvas.drawCircle(center: c, radius: circleRadius, strokeWidth: circleStrokeWidth,
                              fill: circleFill, stroke: circleStroke, blur: 0, antialiasing: 1)
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
