import Raster
/// A triangle corner: device-pixel position and premultiplied colour × 255.
struct ShadedVertex {
    var p: SIMD2<Double>
    var color: SIMD4<Float>
}

/// Draws one triangle with per-vertex colours: pixels whose centre is inside (or within the
/// half-pixel ramp of an outline edge), colour interpolated affinely at the pixel centre (the
/// barycentric interpolation of a GPU varying), coverage = product of the outline edges'
/// ramps clamp(distance + 0.5, 0, 1), blended source-over as GL blends premultiplied colour.
/// A plain scalar span loop: no allocation, no existential, integer spans per row; the
/// fragments are blended by Raster (`PixelSpans.shade`).
enum ShadedTriangle {
    /// Triangles reaching further than this outside the canvas are clipped first, which keeps
    /// the fixed-point products small and the float colours precise.
    static let guardBand: Double = 4096

    /// `smooth`: bit i set when edge (v_i, v_i+1) is on the mesh outline (anti-aliased).
    static func draw(_ v0: ShadedVertex, _ v1: ShadedVertex, _ v2: ShadedVertex, smooth: UInt8, into target: PixelSpans) {
        let lo = pointwiseMin(v0.p, pointwiseMin(v1.p, v2.p)), hi = pointwiseMax(v0.p, pointwiseMax(v1.p, v2.p))
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite,
              hi.x > -1, hi.y > -1, lo.x < Double(target.width) + 1, lo.y < Double(target.height) + 1 else { return }
        let g = guardBand
        if lo.x < -g || lo.y < -g || hi.x > Double(target.width) + g || hi.y > Double(target.height) + g {
            GuardBandTriangleClip.clip(v0, v1, v2, smooth: smooth, width: target.width, height: target.height, band: g) { a, b, c, s in
                rasterize(a, b, c, smooth: s, into: target)
            }
            return
        }
        rasterize(v0, v1, v2, smooth: smooth, into: target)
    }

    /// The triangle inside the guard band.
    static func rasterize(_ v0: ShadedVertex, _ v1: ShadedVertex, _ v2: ShadedVertex, smooth: UInt8, into target: PixelSpans) {
        @inline(__always) func snap(_ p: SIMD2<Double>) -> SIMD2<Int64> {
            SIMD2(Int64((p.x * 256).rounded()), Int64((p.y * 256).rounded()))
        }
        let a = v0, fa = snap(v0.p)
        var b = v1, c = v2
        var fb = snap(b.p), fc = snap(c.p)
        let area = (fb.x - fa.x) * (fc.y - fa.y) - (fb.y - fa.y) * (fc.x - fa.x)
        guard area != 0 else { return }
        var s = smooth
        if area < 0 {
            // Clockwise on screen: walk it the other way; edge i of the new order is the old
            // edge (2 − i) reversed, so the outline bits swap ends.
            swap(&b, &c); swap(&fb, &fc)
            s = (smooth & 2) | (smooth & 1) << 2 | (smooth & 4) >> 2
        }
        let e0 = TriangleEdge(fa, fb, smooth: s & 1 != 0)
        let e1 = TriangleEdge(fb, fc, smooth: s & 2 != 0)
        let e2 = TriangleEdge(fc, fa, smooth: s & 4 != 0)

        // Colour planes from the unsnapped positions, relative to the first vertex.
        let ux = b.p.x - a.p.x, uy = b.p.y - a.p.y, vx = c.p.x - a.p.x, vy = c.p.y - a.p.y
        let det = ux * vy - uy * vx
        guard det != 0, det.isFinite else { return }
        let d1 = SIMD4<Double>(b.color - a.color), d2 = SIMD4<Double>(c.color - a.color)
        let ddx = (d1 * vy - d2 * uy) / det, ddy = (d2 * ux - d1 * vx) / det
        let stepX = SIMD4<Float>(ddx)
        let c0 = SIMD4<Double>(a.color)

        let minY = min(a.p.y, b.p.y, c.p.y), maxY = max(a.p.y, b.p.y, c.p.y)
        let minX = min(a.p.x, b.p.x, c.p.x), maxX = max(a.p.x, b.p.x, c.p.x)
        let y0 = max(0, Int((minY - 1).rounded(.down))), y1 = min(target.height - 1, Int((maxY + 1).rounded(.up)))
        let x0 = max(0, Int((minX - 1).rounded(.down))), x1 = min(target.width - 1, Int((maxX + 1).rounded(.up)))
        guard y0 <= y1, x0 <= x1 else { return }
        let anySmooth = s != 0
        var y = y0
        while y <= y1 {
            let yy = Int64(y)
            let r0 = e0.rowStep * yy + e0.base, r1 = e1.rowStep * yy + e1.base, r2 = e2.rowStep * yy + e2.base
            var lo = x0, hi = x1
            e0.narrow(row: r0, &lo, &hi, threshold: e0.threshold)
            e1.narrow(row: r1, &lo, &hi, threshold: e1.threshold)
            e2.narrow(row: r2, &lo, &hi, threshold: e2.threshold)
            if lo <= hi {
                let start = SIMD4<Float>(c0 + ddx * (Double(lo) + 0.5 - a.p.x) + ddy * (Double(y) + 0.5 - a.p.y))
                let rows = (r0, r1, r2), edges = (e0, e1, e2)
                // The part of the span past every ramp needs no coverage: fringe, inside, fringe.
                var ilo = lo, ihi = hi
                if anySmooth {
                    e0.narrow(row: r0, &ilo, &ihi, threshold: e0.inner)
                    e1.narrow(row: r1, &ilo, &ihi, threshold: e1.inner)
                    e2.narrow(row: r2, &ilo, &ihi, threshold: e2.inner)
                }
                if ilo > ihi {
                    shadeSpan(target, row: y, from: lo, through: hi, x0: lo, start: start, step: stepX, smooth: true, edges: edges, rows: rows)
                } else {
                    if lo < ilo {
                        shadeSpan(target, row: y, from: lo, through: ilo - 1, x0: lo, start: start, step: stepX, smooth: true, edges: edges, rows: rows)
                    }
                    shadeSpan(target, row: y, from: ilo, through: ihi, x0: lo, start: start, step: stepX, smooth: false, edges: edges, rows: rows)
                    if ihi < hi {
                        shadeSpan(target, row: y, from: ihi + 1, through: hi, x0: lo, start: start, step: stepX, smooth: true, edges: edges, rows: rows)
                    }
                }
            }
            y += 1
        }
    }

    /// Pixels lo...hi of one row: colour start + step·(x − x0), coverage from the smooth
    /// edges when `smooth` (else 1).
    @inline(__always)
    static func shadeSpan(_ target: PixelSpans, row y: Int, from lo: Int, through hi: Int, x0: Int, start: SIMD4<Float>,
                          step: SIMD4<Float>, smooth: Bool, edges: (TriangleEdge, TriangleEdge, TriangleEdge),
                          rows: (Int64, Int64, Int64)) {
        target.shade(row: y, from: lo, through: hi) { x in
            var c = start + step * Float(x - x0)
            let alpha = min(max(c.w, 0), 255)
            c = SIMD4(min(max(c.x, 0), alpha), min(max(c.y, 0), alpha), min(max(c.z, 0), alpha), alpha)
            var k: Float = 1
            if smooth {
                k = Float(ramp(edges.0, rows.0, x) * ramp(edges.1, rows.1, x) * ramp(edges.2, rows.2, x))
            }
            guard k > 0, alpha > 0 else { return nil }
            return Fragment(color255: c, alpha: alpha / 255, k: k)
        }
    }

    /// clamp(distance + 0.5, 0, 1) for a smooth edge, 1 for a shared one.
    @inline(__always)
    static func ramp(_ e: TriangleEdge, _ row: Int64, _ x: Int) -> Double {
        guard e.distanceScale != 0 else { return 1 }
        let d = (Double(e.alpha) * Double(x) + Double(row)) * e.distanceScale + 0.5
        return min(max(d, 0), 1)
    }
}
