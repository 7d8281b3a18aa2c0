/// Drawing an image through a projective map (an image source's four corners anywhere on
/// the map): every device pixel whose centre falls inside the quad (GL's top-left rule for
/// centres exactly on an edge) samples the image at its inverse-homography position (bilinear
/// or nearest, edges clamped) and is blended source-over (premultiplied, `PixelMath`) with
/// the opacity. Scalar code: image sources are few and small next to tile layers.
extension Canvas {
    /// `uv`: the row-major 3×3 map from a device pixel centre (x, y, 1) to (u·w, v·w, w), u and
    /// v in 0...1 across the image; `quad`: the image's corners in device pixels (convex, either
    /// winding); `rect`: the pixels to visit (the quad's bounding box).
    public func drawImage(_ image: Pixmap, projective uv: [Double], quad: [SIMD2<Double>], in rect: PixelRect,
                          filter: ImageFilter, opacity: Float) {
        precondition(uv.count == 9 && quad.count == 4)
        let opacityByte = UInt32(max(0, min(255, (opacity * 255).rounded())))
        let r = rect.intersection(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        guard opacityByte > 0, !r.isEmpty, image.width > 0, image.height > 0 else { return }
        let edges = QuadEdges(quad), K = uv
        let iw = image.width, ih = image.height
        let w = width
        image.withUnsafePixels { texels in
            withUnsafeMutablePixels { px in
                for y in r.y0..<r.y1 {
                    let cy = Double(y) + 0.5
                    for x in r.x0..<r.x1 {
                        let cx = Double(x) + 0.5
                        guard edges.contains(cx, cy) else { continue }
                        let W = K[6] * cx + K[7] * cy + K[8]
                        guard W > 0 else { continue }
                        let u = min(1, max(0, (K[0] * cx + K[1] * cy + K[2]) / W))
                        let v = min(1, max(0, (K[3] * cx + K[4] * cy + K[5]) / W))
                        let s = filter == .nearest ? Self.nearest(texels, iw, ih, u, v) : Self.bilinear(texels, iw, ih, u, v)
                        guard s != 0 else { continue }
                        let i = y * w + x
                        px[i] = PixelMath.over(PixelMath.sanitized(PixelMath.scale(s, by: opacityByte)), px[i])
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

    /// Bilinear between the four nearest texel centres, edges clamped (CLAMP_TO_EDGE), each
    /// channel rounded to the nearest byte.
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
