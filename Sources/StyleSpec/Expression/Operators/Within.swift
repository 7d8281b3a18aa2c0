import Foundation
import Geo
import JSON

/// `["within", geojson]`: whether the feature (points or lines) lies strictly inside the
/// given polygons. Compared in world coordinates; when the context names the tile zoom the
/// coordinates are snapped to that tile's 8192-unit grid first, as MapLibre compares them.
final class Within: Expr, @unchecked Sendable {
    /// Polygons (rings of world points).
    let polygons: [[[WorldPoint]]]

    init(polygons: [[[WorldPoint]]], path: [String]) {
        self.polygons = polygons
        super.init(type: .boolean, path: path)
        finishInit(own: [.feature, .geometry])
    }

    override var isFoldable: Bool { false }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        guard let f = ctx.feature, let g = f.geometry, !g.points.isEmpty else { return .boolean(false) }
        var scale = 1.0
        if let z = ctx.tileZoom { scale = pow(2, Double(z)) * 8192 }
        func snap(_ p: WorldPoint) -> WorldPoint {
            ctx.tileZoom == nil ? p : WorldPoint((p.x * scale).rounded(), (p.y * scale).rounded())
        }
        var polyBox = PlanarGeometry.Box()
        let polys = polygons.map { $0.map { ring in ring.map { p -> WorldPoint in let s = snap(p); polyBox.add(s); return s } } }
        let worldSize = scale
        func unwrap(_ p: inout WorldPoint) {
            guard p.x < polyBox.minX || p.x > polyBox.maxX else { return }
            let half = worldSize / 2
            var shift = p.x - polyBox.minX > half ? -worldSize : (polyBox.minX - p.x > half ? worldSize : 0)
            if shift == 0 { shift = p.x - polyBox.maxX > half ? -worldSize : (polyBox.maxX - p.x > half ? worldSize : 0) }
            p.x += shift
        }
        func inside(_ check: ([[WorldPoint]]) -> Bool) -> Bool { polys.contains(where: check) }

        switch g.type {
        case .point:
            var box = PlanarGeometry.Box()
            var points: [WorldPoint] = []
            for p in g.points { var s = snap(p); unwrap(&s); box.add(s); points.append(s) }
            guard box.isStrictlyInside(polyBox) else { return .boolean(false) }
            for p in points where !inside({ PlanarGeometry.pointInPolygon(p, $0) }) { return .boolean(false) }
            return .boolean(true)
        case .lineString:
            var box = PlanarGeometry.Box()
            var lines: [[WorldPoint]] = []
            for i in 0..<g.partCount {
                lines.append(g.partRange(i).map { snap(g.points[$0]) })
                for p in lines[lines.count - 1] { box.add(p) }
            }
            if box.maxX - box.minX <= worldSize / 2 {
                box = PlanarGeometry.Box()
                for i in lines.indices { for j in lines[i].indices { unwrap(&lines[i][j]); box.add(lines[i][j]) } }
            }
            guard box.isStrictlyInside(polyBox) else { return .boolean(false) }
            for line in lines where !inside({ PlanarGeometry.lineInPolygon(line, $0) }) { return .boolean(false) }
            return .boolean(true)
        case .polygon:
            return .boolean(false)
        }
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count == 2 else {
            ctx.error("'within' expression requires exactly one argument, but found \(args.count - 1) instead.")
            return nil
        }
        guard let polys = GeoJSONShape.polygons(of: args[1]) else {
            ctx.error("'within' expression requires valid geojson object that contains polygon geometry type.")
            return nil
        }
        let world = polys.map { $0.map { ring in ring.map { WebMercator.project(lon: $0.x, lat: $0.y) } } }
        return Within(polygons: world, path: ctx.path)
    }
}
