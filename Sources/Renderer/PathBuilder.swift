import Geo
import Raster

/// Turns clipped world geometry into device-pixel paths.
enum PathBuilder {
    /// Appends the rings (polygons) or lines of `geometry` to `path`, projected and shifted by
    /// `offset` device pixels. Rings are closed; with `closeRings` false they are left open
    /// (not needed by current painters, kept for line-progress splitting).
    ///
    /// `grid` (units per world, e.g. 2^z · 8192) snaps vertices to MapLibre's integer tile
    /// coordinates first, so centre-sampled edges fall on the same pixels as MapLibre's.
    static func append(_ geometry: FeatureGeometry, projection: WorldProjection, offset: SIMD2<Float>,
                       to path: inout Path, closeRings: Bool = true, grid: Double? = nil) {
        let close = geometry.type == .polygon && closeRings
        let snap: (WorldPoint) -> WorldPoint
        if let g = grid, g > 0, g.isFinite { snap = { ($0 * g).rounded(.toNearestOrAwayFromZero) / g } } else { snap = { $0 } }
        geometry.points.withUnsafeBufferPointer { pts in
            for part in 0..<geometry.partCount {
                let r = geometry.partRange(part)
                guard r.count >= 2 else { continue }
                path.move(to: projection.apply(snap(pts[r.lowerBound])) + offset)
                for k in (r.lowerBound + 1)..<r.upperBound {
                    path.line(to: projection.apply(snap(pts[k])) + offset)
                }
                if close { path.close() }
            }
        }
    }

    /// Device-pixel positions of a point geometry's points.
    static func forEachPoint(_ geometry: FeatureGeometry, projection: WorldProjection, offset: SIMD2<Float>,
                             _ body: (SIMD2<Float>) -> Void) {
        for p in geometry.points { body(projection.apply(p) + offset) }
    }
}
