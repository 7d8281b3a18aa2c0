import Foundation
import Geo
import JSON

/// `["distance", geojson]`: metres from the feature to the nearest given geometry (0 when
/// they touch or overlap), measured with a cheap ruler at the feature's latitude. Like
/// MapLibre, the parts of a multi-point or multi-line feature are taken as one sequence.
final class Distance: Expr, @unchecked Sendable {
    let shapes: [GeoJSONShape]

    init(shapes: [GeoJSONShape], path: [String]) {
        self.shapes = shapes
        super.init(type: .number, path: path)
        finishInit(own: [.feature, .geometry])
    }

    override var isFoldable: Bool { false }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        guard let f = ctx.feature, let g = f.geometry, !g.points.isEmpty else { return .number(.nan) }
        func lngLat(_ p: WorldPoint) -> LngLat { let u = WebMercator.unproject(p); return LngLat(u.lon, u.lat) }
        let all = g.points.map(lngLat)
        let ruler = CheapRuler(latitude: all[0].y)
        var best = Double.infinity
        switch g.type {
        case .point, .lineString:
            let isLine = g.type == .lineString
            for shape in shapes {
                let d: Double
                switch shape {
                case .point(let q): d = DistanceMath.setToSet(all, isLine, [q], false, ruler)
                case .lineString(let l): d = DistanceMath.setToSet(all, isLine, l, true, ruler)
                case .polygon(let rings): d = DistanceMath.setToPolygon(all, isLine, rings, ruler)
                }
                best = min(best, d)
                if best == 0 { break }
            }
        case .polygon:
            var polygons: [[[LngLat]]] = []
            for j in 0..<g.polygonEnds.count {
                polygons.append(g.polygonPartRange(j).map { i in g.partRange(i).map { all[$0] } })
            }
            for shape in shapes {
                for polygon in polygons {
                    let d: Double
                    switch shape {
                    case .point(let q): d = DistanceMath.setToPolygon([q], false, polygon, ruler)
                    case .lineString(let l): d = DistanceMath.setToPolygon(l, true, polygon, ruler)
                    case .polygon(let rings): d = DistanceMath.polygonToPolygon(polygon, rings, ruler)
                    }
                    best = min(best, d)
                    if best == 0 { return .number(0) }
                }
            }
        }
        return .number(best)
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count == 2 else {
            ctx.error("'distance' expression requires exactly one argument, but found \(args.count - 1) instead.")
            return nil
        }
        guard let shapes = GeoJSONShape.shapes(of: args[1]) else {
            ctx.error("'distance' expression requires valid geojson object that contains polygon geometry type.")
            return nil
        }
        return Distance(shapes: shapes, path: ctx.path)
    }
}

/// Exact minimum distances between point sets, polylines and polygons in lng/lat.
enum DistanceMath {
    static func setToSet(_ a: [LngLat], _ aLine: Bool, _ b: [LngLat], _ bLine: Bool, _ r: CheapRuler) -> Double {
        guard !a.isEmpty, !b.isEmpty else { return .nan }
        switch (aLine, bLine) {
        case (true, true):
            if a.count < 2 || b.count < 2 { return setToSet(a, a.count >= 2, b, b.count >= 2, r) }
            var d = Double.infinity
            for i in 0..<(a.count - 1) {
                for j in 0..<(b.count - 1) {
                    if PlanarGeometry.segmentsCross(a[i], a[i + 1], b[j], b[j + 1]) { return 0 }
                    d = min(d, r.segmentToSegment(a[i], a[i + 1], b[j], b[j + 1]))
                }
            }
            return d
        case (true, false):
            return b.map { r.pointToLine($0, a) }.min() ?? .nan
        case (false, true):
            return a.map { r.pointToLine($0, b) }.min() ?? .nan
        case (false, false):
            var d = Double.infinity
            for p in a { for q in b { d = min(d, r.distance(p, q)); if d == 0 { return 0 } } }
            return d
        }
    }

    static func pointToPolygon(_ p: LngLat, _ rings: [[LngLat]], _ r: CheapRuler) -> Double {
        if PlanarGeometry.pointInPolygon(p, rings, boundary: true) { return 0 }
        var d = Double.infinity
        for ring in rings where !ring.isEmpty {
            if ring.first != ring.last { d = min(d, r.pointToLine(p, [ring.last!, ring.first!])) }
            d = min(d, r.pointToLine(p, ring))
            if d == 0 { return 0 }
        }
        return d
    }

    static func setToPolygon(_ pts: [LngLat], _ isLine: Bool, _ rings: [[LngLat]], _ r: CheapRuler) -> Double {
        guard !pts.isEmpty else { return .nan }
        if !isLine { return pts.map { pointToPolygon($0, rings, r) }.min() ?? .nan }
        for p in pts where PlanarGeometry.pointInPolygon(p, rings, boundary: true) { return 0 }
        var d = Double.infinity
        for i in 0..<max(pts.count - 1, 0) {
            for ring in rings {
                var k = ring.count - 1
                for j in 0..<ring.count {
                    if PlanarGeometry.segmentsCross(pts[i], pts[i + 1], ring[k], ring[j]) { return 0 }
                    d = min(d, r.segmentToSegment(pts[i], pts[i + 1], ring[k], ring[j]))
                    k = j
                }
            }
        }
        return d
    }

    static func polygonToPolygon(_ a: [[LngLat]], _ b: [[LngLat]], _ r: CheapRuler) -> Double {
        for ring in a { for p in ring where PlanarGeometry.pointInPolygon(p, b, boundary: true) { return 0 } }
        for ring in b { for p in ring where PlanarGeometry.pointInPolygon(p, a, boundary: true) { return 0 } }
        var d = Double.infinity
        for r1 in a where !r1.isEmpty {
            var l = r1.count - 1
            for i in 0..<r1.count {
                for r2 in b where !r2.isEmpty {
                    var k = r2.count - 1
                    for j in 0..<r2.count {
                        if PlanarGeometry.segmentsCross(r1[l], r1[i], r2[k], r2[j]) { return 0 }
                        d = min(d, r.segmentToSegment(r1[l], r1[i], r2[k], r2[j]))
                        k = j
                    }
                }
                l = i
            }
        }
        return d
    }
}
