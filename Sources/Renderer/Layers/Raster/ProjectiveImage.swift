import Geo
import Raster

/// Draws an image source through its projective map: the renderer works out the map from a
/// device pixel centre to image coordinates (camera inverse, then the quad's homography) and
/// the quad in device pixels; Raster (`Canvas.drawImage(_:projective:…)`) samples and blends.
enum ProjectiveImage {
    static func draw(_ image: Pixmap, quad: ImageQuad, projection p: WorldProjection, on canvas: Canvas,
                     opacity: Float, filter: ImageFilter) {
        guard canvas.width > 0, canvas.height > 0 else { return }
        // device → world (inverse of the camera's affine map), then world → (u·w, v·w, w).
        let det = p.a * p.d - p.b * p.c
        guard det != 0, det.isFinite else { return }
        let ia = p.d / det, ib = -p.c / det, ic = -p.b / det, id = p.a / det
        // X = ia·(x − tx) + ib·(y − ty) + originX; Y = ic·(x − tx) + id·(y − ty) + originY
        let A = [ia, ib, p.originX - ia * p.tx - ib * p.ty,
                 ic, id, p.originY - ic * p.tx - id * p.ty]
        let H = quad.inverse
        var K = [Double](repeating: 0, count: 9)
        for r in 0..<3 {
            K[r * 3 + 0] = H[r * 3] * A[0] + H[r * 3 + 1] * A[3]
            K[r * 3 + 1] = H[r * 3] * A[1] + H[r * 3 + 1] * A[4]
            K[r * 3 + 2] = H[r * 3] * A[2] + H[r * 3 + 1] * A[5] + H[r * 3 + 2]
        }
        let corners = quad.corners.map { p.apply($0) }
        let edges = quad.corners.map { w in
            SIMD2(p.a * (w.x - p.originX) + p.c * (w.y - p.originY) + p.tx, p.b * (w.x - p.originX) + p.d * (w.y - p.originY) + p.ty)
        }
        let minX = corners.map(\.x).min()!, maxX = corners.map(\.x).max()!
        let minY = corners.map(\.y).min()!, maxY = corners.map(\.y).max()!
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        let x0 = Int(max(0, min(Float(canvas.width), minX.rounded(.down))))
        let x1 = Int(max(0, min(Float(canvas.width), maxX.rounded(.up))))
        let y0 = Int(max(0, min(Float(canvas.height), minY.rounded(.down))))
        let y1 = Int(max(0, min(Float(canvas.height), maxY.rounded(.up))))
        guard x0 < x1, y0 < y1 else { return }
        canvas.drawImage(image, projective: K, quad: edges, in: PixelRect(x0: x0, y0: y0, x1: x1, y1: y1), filter: filter,
                         opacity: opacity)
    }
}
