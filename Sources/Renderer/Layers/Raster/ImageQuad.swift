import Foundation
import Geo

/// Where an `image` source's picture lies: its four corners (top-left, top-right,
/// bottom-right, bottom-left) in world coordinates and the projective map (homography) from
/// the image's unit square onto them — MapLibre's perspective warp (Heckbert's square-to-quad
/// mapping). A parallelogram gets the affine map.
struct ImageQuad: Equatable {
    let corners: [WorldPoint]
    /// x = (a·u + b·v + c) / (g·u + h·v + 1), y = (d·u + e·v + f) / (g·u + h·v + 1).
    let a, b, c, d, e, f, g, h: Double

    /// nil when the coordinates are not four finite [lon, lat] pairs, or the quad has no
    /// perspective view (concave, self-crossing, collinear corners).
    init?(coordinates: [[Double]]) {
        guard coordinates.count == 4, coordinates.allSatisfy({ $0.count >= 2 && $0[0].isFinite && $0[1].isFinite }) else { return nil }
        let world = coordinates.map { c -> WorldPoint in
            // Unclamped Mercator, as MapLibre's MercatorCoordinate.fromLngLat.
            let lat = max(-89.9999, min(89.9999, c[1]))
            let y = (180 - (180 / Double.pi) * log(tan(Double.pi / 4 + lat * Double.pi / 360))) / 360
            return WorldPoint((180 + c[0]) / 360, y)
        }
        self.init(corners: ImageQuad.snapped(world))
    }

    init?(corners p: [WorldPoint]) {
        corners = p
        let sx = p[0].x - p[1].x + p[2].x - p[3].x, sy = p[0].y - p[1].y + p[2].y - p[3].y
        if sx == 0 && sy == 0 {
            g = 0; h = 0
        } else {
            let dx1 = p[1].x - p[2].x, dx2 = p[3].x - p[2].x, dy1 = p[1].y - p[2].y, dy2 = p[3].y - p[2].y
            let det = dx1 * dy2 - dx2 * dy1
            g = (sx * dy2 - dx2 * sy) / det
            h = (dx1 * sy - sx * dy1) / det
        }
        a = p[1].x - p[0].x + g * p[1].x; b = p[3].x - p[0].x + h * p[3].x; c = p[0].x
        d = p[1].y - p[0].y + g * p[1].y; e = p[3].y - p[0].y + h * p[3].y; f = p[0].y
        // The homogeneous denominator must stay positive over the square (a perspective view).
        let w = [1, 1 + g, 1 + g + h, 1 + h]
        guard w.allSatisfy({ $0 > 0 && $0.isFinite }), [a, b, d, e].allSatisfy(\.isFinite), a * e - b * d != 0 else { return nil }
    }

    var isAffine: Bool { g == 0 && h == 0 }

    /// MapLibre places the image in the tile of the zoom its size fits and rounds the corners
    /// to that tile's 8192-unit grid; doing the same keeps edges where MapLibre draws them.
    static func snapped(_ p: [WorldPoint]) -> [WorldPoint] {
        let b = WorldRect(covering: p)
        let size = max(b.width, b.height)
        guard size > 0, size.isFinite else { return p }
        let zoom = max(0, min(24, (-log2(size)).rounded(.down)))
        let tiles = pow(2, zoom)
        let tx = ((b.minX + b.maxX) / 2 * tiles).rounded(.down), ty = ((b.minY + b.maxY) / 2 * tiles).rounded(.down)
        let unit = 1 / (tiles * 8192)
        return p.map { q in
            let local = (q - WorldPoint(tx / tiles, ty / tiles)) / unit
            return WorldPoint(tx / tiles, ty / tiles) + local.rounded(.toNearestOrAwayFromZero) * unit
        }
    }

    /// The image point (u, v in 0...1) → world.
    func world(u: Double, v: Double) -> WorldPoint {
        let w = g * u + h * v + 1
        return WorldPoint((a * u + b * v + c) / w, (d * u + e * v + f) / w)
    }

    /// The 3×3 matrix of the inverse map world → (u·w, v·w, w), row-major.
    var inverse: [Double] {
        // Forward matrix [[a, b, c], [d, e, f], [g, h, 1]]; inverse by adjugate.
        let m = [a, b, c, d, e, f, g, h, 1.0]
        let c00 = m[4] * m[8] - m[5] * m[7], c01 = m[5] * m[6] - m[3] * m[8], c02 = m[3] * m[7] - m[4] * m[6]
        let det = m[0] * c00 + m[1] * c01 + m[2] * c02
        let inv = 1 / det
        return [c00 * inv, (m[2] * m[7] - m[1] * m[8]) * inv, (m[1] * m[5] - m[2] * m[4]) * inv,
                c01 * inv, (m[0] * m[8] - m[2] * m[6]) * inv, (m[2] * m[3] - m[0] * m[5]) * inv,
                c02 * inv, (m[1] * m[6] - m[0] * m[7]) * inv, (m[0] * m[4] - m[1] * m[3]) * inv]
    }
}
