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

    /// Draws the feature; true when a pixel was written.
    func draw(_ geometry: FeatureGeometry, color: SIMD4<Float>, base rawBase: Float, height rawHeight: Float) -> Bool {
        // Sub-terranean floors and ceilings are clamped to the ground.
        let base = max(0, rawBase), height = max(0, rawHeight)
        let ppm = projector.pixelsPerMetre
        let zb = Double(base) * ppm, zt = Double(height) * ppm
        var written = 0
        var ring: [SIMD2<Double>] = []
        for part in 0..<geometry.partCount {
            let range = geometry.partRange(part)
            guard !range.isEmpty, !boundary.entirelyOutside(geometry.points[range]) else { continue }
            var prev = geometry.points[range.lowerBound]
            for i in range.dropFirst() {
                let p = geometry.points[i]
                defer { prev = p }
                guard p != prev, !boundary.isBoundaryEdge(p, prev) else { continue }
                written += wall(from: snap(prev), to: snap(p), zb: zb, zt: zt, color: color, base: base, height: height)
            }
        }
        guard geometry.type == .polygon, zt < projector.cameraHeight else { return written > 0 }
        let lit = light.litVertex(color, normal: .roof, base: base, height: height, verticalGradient: verticalGradient)
        for polygon in 0..<geometry.polygonCount {
            var rings: [[SIMD3<Double>]] = []
            for part in geometry.polygonPartRange(polygon) {
                ring.removeAll(keepingCapacity: true)
                rings.append(geometry.points[geometry.partRange(part)].map { projector.clip(projector.axes(snap($0)), height: zt) })
            }
            written += roof(rings, z: zt, color: lit)
        }
        return written > 0
    }

    /// The wall under edge p2 → p1 (MapLibre's names): normal perp(p1 − p2), bottom
    /// vertices t = 0, top t = 1.
    private func wall(from p2: WorldPoint, to p1: WorldPoint, zb: Double, zt: Double, color: SIMD4<Float>,
                      base: Float, height: Float) -> Int {
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
        let bottom = light.litVertex(color, normal: .wall(nx: nx, ny: ny, top: false), base: base, height: height,
                                     verticalGradient: verticalGradient)
        let top = light.litVertex(color, normal: .wall(nx: nx, ny: ny, top: true), base: base, height: height,
                                  verticalGradient: verticalGradient)
        let ab = projector.clip(a, height: zb), at = projector.clip(a, height: zt)
        let bt = projector.clip(b, height: zt), bb = projector.clip(b, height: zb)
        guard let plane = PerspectivePlane(ab, at, bb, colors: bottom, top, bottom) else { return 0 }
        return DepthTriangles.drawConvex([ab, at, bt, bb], plane: plane, near: projector.near, far: projector.far,
                                         test: test, depth: depth, canvas: canvas)
    }

    /// The roof: one plane at height z, so its depth comes from any three of its points.
    private func roof(_ rings: [[SIMD3<Double>]], z: Double, color: SIMD4<Float>) -> Int {
        let o = projector.clip(SIMD2(0, 0), height: z)
        let u = projector.clip(SIMD2(1024, 0), height: z), v = projector.clip(SIMD2(0, 1024), height: z)
        guard let plane = PerspectivePlane(o, u, v, colors: color, color, color) else { return 0 }
        return DepthTriangles.drawRings(rings, plane: plane, near: projector.near, far: projector.far,
                                        test: test, depth: depth, canvas: canvas)
    }
}
