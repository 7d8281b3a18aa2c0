import Geo
import Raster

/// One feature of a `fill-extrusion` layer drawn in 3D as MapLibre's bucket builds it
/// (`fill_extrusion_bucket.ts`): a wall quad per ring edge from base to height, lit with the
/// edge's normal, skipping edges that lie on the source tile's clipped boundary (they are
/// inside a building cut by the tile, not walls) and rings entirely outside the tile; then the
/// roof, the polygon at its height. Walls and roofs facing away from the camera are culled
/// as MapLibre's back-face culling does. Lines get walls only.
struct ExtrusionFeatureDrawer {
    let projector: ExtrusionProjector
    let light: StyleLight
    let verticalGradient: Bool
    let test: DepthTest
    let depth: DepthBuffer
    let canvas: Canvas
    /// The boundary edges are those on the lines this rectangle's sides lie on, beyond the
    /// tile (vector tiles: the tile square, whose clipped geometry reaches past it), or on its
    /// sides (GeoJSON drawn whole: the query rectangle its geometry was clipped to).
    let boundary: ExtrusionBoundary
    /// MapLibre's vertices are integers of the tile's 8192 extent: positions are snapped to
    /// that grid (units per world) before projecting, as the flat painter's paths are.
    let grid: Double?

    @inline(__always)
    private func snap(_ p: WorldPoint) -> WorldPoint {
        guard let g = grid else { return p }
        return WorldPoint((p.x * g).rounded(.toNearestOrAwayFromZero) / g, (p.y * g).rounded(.toNearestOrAwayFromZero) / g)
    }

    /// Draws the feature (with `pattern`: textured, lit by the pattern shader's lighting);
    /// true when a pixel was written.
    func draw(_ geometry: FeatureGeometry, color: SIMD4<Float>, base rawBase: Float, height rawHeight: Float,
              pattern: ExtrusionPattern? = nil) -> Bool {
        // Sub-terranean floors and ceilings are clamped to the ground.
        let base = max(0, rawBase), height = max(0, rawHeight)
        let surface = Surface(color: color, base: base, height: height, pattern: pattern)
        var written = 0
        for part in 0..<geometry.partCount {
            let range = geometry.partRange(part)
            guard !range.isEmpty, !boundary.entirelyOutside(geometry.points[range]) else { continue }
            var prev = geometry.points[range.lowerBound]
            // The bucket's `edgeDistance`: tile units along the ring's walls, restarted
            // before it would pass 32768.
            var edgeDistance = 0.0
            for i in range.dropFirst() {
                let p = geometry.points[i]
                defer { prev = p }
                guard p != prev, !boundary.isBoundaryEdge(p, prev) else { continue }
                let p1 = snap(p), p2 = snap(prev)
                let units = pattern?.tileUnits ?? 0
                let dist = ((p1.x - p2.x) * (p1.x - p2.x) + (p1.y - p2.y) * (p1.y - p2.y)).squareRoot() * units
                if edgeDistance + dist > 32768 { edgeDistance = 0 }
                let along = (edgeDistance.rounded(), (edgeDistance + dist).rounded())
                edgeDistance += dist
                written += wall(from: p2, to: p1, surface, along: along)
            }
        }
        let zt = Double(height) * projector.pixelsPerMetre
        guard geometry.type == .polygon, zt < projector.cameraHeight else { return written > 0 }
        for polygon in 0..<geometry.polygonCount {
            var rings: [[SIMD3<Double>]] = []
            for part in geometry.polygonPartRange(polygon) {
                rings.append(geometry.points[geometry.partRange(part)].map { projector.clip(projector.axes(snap($0)), height: zt) })
            }
            written += roof(rings, geometry.points[geometry.partRange(geometry.polygonPartRange(polygon).lowerBound).lowerBound],
                            surface)
        }
        return written > 0
    }

    /// What one feature's surfaces are made of.
    private struct Surface {
        let color: SIMD4<Float>
        let base: Float, height: Float
        let pattern: ExtrusionPattern?
    }

    private func lit(_ s: Surface, _ normal: ExtrusionVertexNormal) -> SIMD4<Float> {
        if s.pattern != nil {
            return light.patternLighting(normal: normal, base: s.base, height: s.height, verticalGradient: verticalGradient)
        }
        return light.litVertex(s.color, normal: normal, base: s.base, height: s.height, verticalGradient: verticalGradient)
    }

    /// The wall under edge p2 → p1 (MapLibre's names): normal perp(p1 − p2), bottom
    /// vertices t = 0, top t = 1; `along`: the pattern's edge distance at p1 and at p2.
    private func wall(from p2: WorldPoint, to p1: WorldPoint, _ s: Surface, along: (Double, Double)) -> Int {
        let ppm = projector.pixelsPerMetre
        let zb = Double(s.base) * ppm, zt = Double(s.height) * ppm
        guard zb != zt else { return 0 }
        let a = projector.axes(p1), b = projector.axes(p2)
        let d = a - b
        let perp = SIMD2(-d.y, d.x)
        // The camera must be on the side the normal points away from (the outside of an
        // outer ring); an inverted wall (height below base) faces the other way.
        let side = ((projector.cameraGround - a) * perp).sum()
        guard zt > zb ? side < 0 : side > 0 else { return 0 }
        let e = SIMD2(p1.x - p2.x, p1.y - p2.y)
        let length = (e * e).sum().squareRoot()
        guard length > 0 else { return 0 }
        let nx = -e.y / length, ny = e.x / length
        let bottom = lit(s, .wall(nx: nx, ny: ny, top: false)), top = lit(s, .wall(nx: nx, ny: ny, top: true))
        let ab = projector.clip(a, height: zb), at = projector.clip(a, height: zt)
        let bt = projector.clip(b, height: zt), bb = projector.clip(b, height: zb)
        let uv = s.pattern.map { p in
            (p.wall(edgeDistance: along.0, metres: Double(s.base)), p.wall(edgeDistance: along.0, metres: Double(s.height)),
             p.wall(edgeDistance: along.1, metres: Double(s.base)))
        }
        guard let plane = PerspectivePlane(ab, at, bb, colors: bottom, top, bottom, textureCoordinates: uv) else { return 0 }
        return DepthTriangles.drawConvex([ab, at, bt, bb], plane: plane, near: projector.near, far: projector.far,
                                         test: test, depth: depth, canvas: canvas, texture: s.pattern?.image.pixmap)
    }

    /// The roof: one plane at its height, so its depth (and pattern) come from any three of
    /// its points: `origin` and two points a little east and south of it.
    private func roof(_ rings: [[SIMD3<Double>]], _ origin: WorldPoint, _ s: Surface) -> Int {
        let z = Double(s.height) * projector.pixelsPerMetre
        let step = 256 / projector.perspective.camera.worldSize
        let o = snap(origin), east = WorldPoint(o.x + step, o.y), south = WorldPoint(o.x, o.y + step)
        let color = lit(s, .roof)
        let uv = s.pattern.map { p in (p.roof(o), p.roof(east), p.roof(south)) }
        guard let plane = PerspectivePlane(projector.clip(projector.axes(o), height: z), projector.clip(projector.axes(east), height: z),
                                           projector.clip(projector.axes(south), height: z),
                                           colors: color, color, color, textureCoordinates: uv) else { return 0 }
        return DepthTriangles.drawRings(rings, plane: plane, near: projector.near, far: projector.far,
                                        test: test, depth: depth, canvas: canvas, texture: s.pattern?.image.pixmap)
    }
}
