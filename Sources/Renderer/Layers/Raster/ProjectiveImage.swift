import Geo
import Raster

/// Draws an image through a projective map: every device pixel whose centre falls inside the
/// quad (GL's top-left rule for centres exactly on an edge) samples the image at its inverse-homography position (bilinear or nearest, edges
/// clamped) and is blended source-over (premultiplied) with `opacity`. Scalar code: image
/// sources are few and small next to tile layers.
enum ProjectiveImage {
    static func draw(_ image: Pixmap, quad: ImageQuad, projection p: WorldProjection, on canvas: Canvas,
                     opacity: Float, filter: ImageFilter) {
        let opacityByte = UInt32(max(0, min(255, (opacity * 255).rounded())))
        guard opacityByte > 0, canvas.width > 0, canvas.height > 0 else { return }
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
        let edges = QuadEdges(quad.corners.map { w in
            SIMD2(p.a * (w.x - p.originX) + p.c * (w.y - p.originY) + p.tx, p.b * (w.x - p.originX) + p.d * (w.y - p.originY) + p.ty)
        })
        let minX = corners.map(\.x).min()!, maxX = corners.map(\.x).max()!
        let minY = corners.map(\.y).min()!, maxY = corners.map(\.y).max()!
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        let x0 = Int(max(0, min(Float(canvas.width), minX.rounded(.down))))
        let x1 = Int(max(0, min(Float(canvas.width), maxX.rounded(.up))))
        let y0 = Int(max(0, min(Float(canvas.height), minY.rounded(.down))))
        let y1 = Int(max(0, min(Float(canvas.height), maxY.rounded(.up))))
        guard x0 < x1, y0 < y1 else { return }
        let iw = image.width, ih = image.height
        let w = canvas.width
        image.withUnsafePixels { texels in
            canvas.withUnsafeMutablePixels { px in
                for y in y0..<y1 {
                    let cy = Double(y) + 0.5
                    for x in x0..<x1 {
                        let cx = Double(x) + 0.5
                        guard edges.contains(cx, cy) else { continue }
                        let W = K[6] * cx + K[7] * cy + K[8]
                        guard W > 0 else { continue }
                        let u = min(1, max(0, (K[0] * cx + K[1] * cy + K[2]) / W))
                        let v = min(1, max(0, (K[3] * cx + K[4] * cy + K[5]) / W))
                        let s = filter == .nearest ? nearest(texels, iw, ih, u, v) : bilinear(texels, iw, ih, u, v)
                        guard s != 0 else { continue }
                        let i = y * w + x
                        px[i] = over(scale(s, opacityByte), px[i])
                    }
                }
            }
        }
    }

    @inline(__always)
    static func nearest(_ t: UnsafeBufferPointer<UInt32>, _ w: Int, _ h: Int, _ u: Double, _ v: Double) -> UInt32 {
        let x = min(w - 1, max(0, Int(u * Double(w)))), y = min(h - 1, max(0, Int(v * Double(h))))
        return t[y * w + x]
    }

    /// Bilinear between the four nearest texel centres, edges clamped (CLAMP_TO_EDGE).
    @inline(__always)
    static func bilinear(_ t: UnsafeBufferPointer<UInt32>, _ w: Int, _ h: Int, _ u: Double, _ v: Double) -> UInt32 {
        let sx = u * Double(w) - 0.5, sy = v * Double(h) - 0.5
        let fx0 = sx.rounded(.down), fy0 = sy.rounded(.down)
        let fx = sx - fx0, fy = sy - fy0
        let x0 = min(w - 1, max(0, Int(fx0))), x1 = min(w - 1, max(0, Int(fx0) + 1))
        let y0 = min(h - 1, max(0, Int(fy0))), y1 = min(h - 1, max(0, Int(fy0) + 1))
        let p00 = t[y0 * w + x0], p10 = t[y0 * w + x1], p01 = t[y1 * w + x0], p11 = t[y1 * w + x1]
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            func c(_ p: UInt32) -> Double { Double((p >> shift) & 0xFF) }
            let top = c(p00) + (c(p10) - c(p00)) * fx, bottom = c(p01) + (c(p11) - c(p01)) * fx
            let value = (top + (bottom - top) * fy).rounded()
            out |= UInt32(max(0, min(255, value))) << shift
        }
        return out
    }

    /// Every channel times f/255, rounded.
    @inline(__always)
    static func scale(_ p: UInt32, _ f: UInt32) -> UInt32 {
        guard f < 255 else { return p }
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            out |= ((((p >> shift) & 0xFF) * f + 127) / 255) << shift
        }
        return out
    }

    /// Premultiplied source-over.
    @inline(__always)
    static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let inv = 255 - (s >> 24)
        guard inv > 0 else { return s }
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let v = ((s >> shift) & 0xFF) + (((d >> shift) & 0xFF) * inv + 127) / 255
            out |= min(255, v) << shift
        }
        return out
    }
}

/// The edges of a convex quad in device pixels, for GL's pixel-centre coverage test: a
/// centre strictly inside every edge is covered, one exactly on an edge only when that edge
/// is a left edge or a horizontal top edge (the top-left rule), so quads sharing an edge
/// never both cover a pixel.
struct QuadEdges {
    /// Per edge: a·x + b·y + c > 0 inside.
    private var a: [Double] = [], b: [Double] = [], c: [Double] = []
    private var inclusive: [Bool] = []

    init(_ p: [SIMD2<Double>]) {
        var area = 0.0
        for i in 0..<4 { let q = p[(i + 1) % 4]; area += p[i].x * q.y - q.x * p[i].y }
        let s: Double = area >= 0 ? 1 : -1
        for i in 0..<4 {
            let p0 = p[i], p1 = p[(i + 1) % 4]
            // Inward normal (a, b) of the edge p0 → p1: the left normal when the shoelace area is positive.
            let ea = -(p1.y - p0.y) * s, eb = (p1.x - p0.x) * s
            a.append(ea); b.append(eb); c.append(-(ea * p0.x + eb * p0.y))
            inclusive.append(ea > 0 || (ea == 0 && eb > 0))
        }
    }

    @inline(__always)
    func contains(_ x: Double, _ y: Double) -> Bool {
        for i in 0..<4 {
            let e = a[i] * x + b[i] * y + c[i]
            if e < 0 || (e == 0 && !inclusive[i]) { return false }
        }
        return true
    }
}
