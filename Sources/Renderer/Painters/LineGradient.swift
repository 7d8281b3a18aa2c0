import Geo
import Raster
import StyleSpec

/// `line-gradient`: the colour varies along each line with `line-progress` (0 at the line's
/// start, 1 at its end, over the whole feature even when the view clips it — the source's
/// `lineMetrics` give the clipped parts' fractions).
///
/// The strokes are first drawn into a coverage mask (all shape rules — width, joins, caps,
/// dashes — apply unchanged); then each covered pixel takes the colour of the progress at its
/// nearest point on the centre line, found through a coarse grid of segments.
final class LineGradient {
    struct Segment {
        var p0: SIMD2<Float>, p1: SIMD2<Float>
        var t0: Double, t1: Double
        var opacity: Float
    }

    private let mask: Canvas
    private var segments: [Segment] = []
    private var reach: Float = 0
    private let gradient: LayerProperty<Color>
    private var context: EvaluationContext

    init(layer: Layer, frame: RenderFrame, mask: Canvas) {
        self.mask = mask
        mask.reset(width: frame.canvas.width, height: frame.canvas.height)
        context = frame.layerContext
        context.lineProgress = 0
        gradient = LayerProperty<Color>(layer, "line-gradient", .paint, context, convert: Convert.color)
    }

    /// Adds one feature: its stroke to the mask, its centre-line segments with progress.
    func add(path: Path, geometry: FeatureGeometry, clips: [SIMD2<Double>], projection: WorldProjection,
             shift: SIMD2<Float>, style: StrokeStyle, opacity: Float) {
        mask.stroke(path, style: style, paint: .solid(.white))
        reach = max(reach, style.width / 2 + abs(style.offset) + style.blur + 2)
        geometry.points.withUnsafeBufferPointer { pts in
            for part in 0..<geometry.partCount {
                let r = geometry.partRange(part)
                guard r.count >= 2 else { continue }
                var device: [SIMD2<Float>] = r.map { projection.apply(pts[$0]) + shift }
                if geometry.type == .polygon { device.append(device[0]) }
                var total: Float = 0
                for k in 1..<device.count { total += length(device[k] - device[k - 1]) }
                guard total > 0 else { continue }
                let clip = part < clips.count ? clips[part] : SIMD2(0, 1)
                let s = clip.x, e = clip.y
                var run: Double = 0
                for k in 1..<device.count {
                    let l = length(device[k] - device[k - 1])
                    let a = s + (e - s) * run / Double(total)
                    run += Double(l)
                    let b = s + (e - s) * run / Double(total)
                    segments.append(Segment(p0: device[k - 1], p1: device[k], t0: a, t1: b, opacity: opacity))
                }
            }
        }
    }

    /// Colours the mask by progress and composites it onto `canvas`.
    func composite(onto canvas: Canvas) {
        guard !segments.isEmpty else { return }
        let w = canvas.width, h = canvas.height
        let cell: Float = 8
        let cols = max(1, Int((Float(w) / cell).rounded(.up))), rows = max(1, Int((Float(h) / cell).rounded(.up)))
        var grid = [[Int32]](repeating: [], count: cols * rows)
        for (i, s) in segments.enumerated() {
            let lo = pointwiseMin(s.p0, s.p1) - reach, hi = pointwiseMax(s.p0, s.p1) + reach
            guard hi.x >= 0, hi.y >= 0, lo.x < Float(w), lo.y < Float(h) else { continue }
            let c0 = max(0, Int(lo.x / cell)), c1 = min(cols - 1, Int(hi.x / cell))
            let r0 = max(0, Int(lo.y / cell)), r1 = min(rows - 1, Int(hi.y / cell))
            guard c0 <= c1, r0 <= r1 else { continue }
            for r in r0...r1 { for c in c0...c1 { grid[r * cols + c].append(Int32(i)) } }
        }
        let maskPixels = mask.pixmap
        maskPixels.withUnsafePixels { src in
            canvas.pixmap.withUnsafeMutablePixels { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        let m = src[y * w + x] >> 24
                        guard m > 0 else { continue }
                        let p = SIMD2<Float>(Float(x) + 0.5, Float(y) + 0.5)
                        let candidates = grid[min(rows - 1, Int(p.y / cell)) * cols + min(cols - 1, Int(p.x / cell))]
                        var best = Float.infinity, progress: Double = 0, opacity: Float = 1
                        for i in candidates {
                            let s = segments[Int(i)]
                            let d = s.p1 - s.p0
                            let l2 = (d * d).sum()
                            let t = l2 > 0 ? max(0, min(1, ((p - s.p0) * d).sum() / l2)) : 0
                            let q = s.p0 + d * t - p
                            let dist = (q * q).sum()
                            if dist < best { best = dist; progress = s.t0 + (s.t1 - s.t0) * Double(t); opacity = s.opacity }
                        }
                        guard best.isFinite else { continue }
                        // Evaluated exactly: step gradients may change colour within 1e-6 of progress.
                        context.lineProgress = Double(max(0, min(1, progress)))
                        let c = gradient.value(context)
                        let a = max(0, min(1, c.a)) * opacity * Float(m) / 255
                        guard a > 0 else { continue }
                        dst[y * w + x] = Self.over(dst[y * w + x], c, a)
                    }
                }
            }
        }
    }

    /// Source-over of straight colour `c` at alpha `a` onto a premultiplied pixel.
    @inline(__always)
    static func over(_ d: UInt32, _ c: Color, _ a: Float) -> UInt32 {
        let k = 1 - a
        func ch(_ s: Float, _ shift: UInt32) -> UInt32 {
            let v = max(0, min(1, s)) * a * 255 + Float((d >> shift) & 0xFF) * k
            return UInt32(max(0, min(255, v.rounded()))) << shift
        }
        return ch(c.r, 0) | ch(c.g, 8) | ch(c.b, 16) | ch(1, 24)
    }

    @inline(__always)
    private func length(_ v: SIMD2<Float>) -> Float { (v * v).sum().squareRoot() }
}
