import Raster

/// MapLibre's fill outline (`fill-antialias`): every ring edge drawn as a 1-pixel GL line,
/// one pixel per step along the line's major axis, with alpha = 1 − smoothstep(0, 1, d) where
/// d is the distance from the pixel centre to the edge. Matching it (rather than drawing an
/// area-coverage stroke) keeps fill edges identical to MapLibre's.
enum GLOutline {
    /// `outside`: a canvas the same size whose opaque pixels the outline leaves alone (an
    /// opaque fill's interior, which MapLibre's depth test keeps the outline off).
    static func draw(_ path: Path, color: Color, on canvas: Canvas, outside mask: Canvas? = nil) {
        let c = color
        guard c.a > 0, canvas.width > 0, canvas.height > 0 else { return }
        // Pixels the mask holds opaque are left alone (a mask of another size: none).
        canvas.withSpans(mask: mask.map { SpanMask.outside($0) } ?? .none) { spans in
            let target = Target(spans: spans, r: max(0, min(1, c.r)), g: max(0, min(1, c.g)), b: max(0, min(1, c.b)),
                                a: max(0, min(1, c.a)))
            forEachSegment(path) { p0, p1 in segment(p0, p1, into: target) }
        }
    }

    /// The outline of a `fill-pattern` fill (MapLibre's `fill_outline_pattern`): the same
    /// pixels and alpha, coloured by the pattern at each pixel centre, times `opacity`.
    static func draw(_ path: Path, pattern: PatternImage, placement: PatternPlacement, opacity: Float, on canvas: Canvas) {
        guard opacity > 0, canvas.width > 0, canvas.height > 0 else { return }
        canvas.withSpans { spans in
            let target = PatternTarget(spans: spans, image: pattern, placement: placement, opacity: min(opacity, 1))
            forEachSegment(path) { p0, p1 in segment(p0, p1, into: target) }
        }
    }

    /// Where an outline's pixels go: blends one pixel at a given alpha.
    protocol Plotter {
        var width: Int { get }
        var height: Int { get }
        func plot(_ x: Int, _ y: Int, _ alpha: Float)
    }

    /// The canvas and the outline colour: straight colour `rgb1` (alpha lane 1) at alpha
    /// a = colour alpha × outline alpha, blended as `(rgb1 · a) · 255 + d · (1 − a)` (Raster's
    /// `over4` with that premultiplied colour and k = 1; `GLOutlineRoundingTests` holds it to
    /// the per-channel formula).
    struct Target: Plotter {
        let spans: PixelSpans
        let r: Float, g: Float, b: Float, a: Float
        var width: Int { spans.width }
        var height: Int { spans.height }

        @inline(__always)
        func plot(_ x: Int, _ y: Int, _ alpha: Float) {
            guard x >= 0, y >= 0, x < width, y < height, alpha > 0 else { return }
            let a = self.a * alpha
            spans.blend(x: x, y: y, color255: SIMD4(r, g, b, 1) * a * 255, alpha: a, k: 1)
        }
    }

    /// The canvas and a pattern placed on it (premultiplied samples blended source-over).
    struct PatternTarget: Plotter {
        let spans: PixelSpans
        var width: Int { spans.width }
        var height: Int { spans.height }
        let image: PatternImage
        let placement: PatternPlacement
        let opacity: Float

        @inline(__always)
        func plot(_ x: Int, _ y: Int, _ alpha: Float) {
            guard x >= 0, y >= 0, x < width, y < height, alpha > 0 else { return }
            let s = placement.imagePoint(Float(x) + 0.5, Float(y) + 0.5)
            let c = image.sampleRepeating(s.x, s.y)
            spans.blend(x: x, y: y, color255: c, alpha: c.w / 255, k: alpha * opacity)
        }
    }

    /// Calls `body` for each edge of every contour (closed contours include the closing edge).
    static func forEachSegment(_ path: Path, _ body: (Point, Point) -> Void) {
        var start = Point.zero, prev = Point.zero
        var pi = 0
        var open = false
        for verb in path.verbs {
            switch verb {
            case .move:
                start = path.points[pi]; prev = start; pi += 1; open = true
            case .line:
                let p = path.points[pi]; pi += 1
                if open { body(prev, p) }
                prev = p
            case .quad:
                let p = path.points[pi + 1]; pi += 2
                if open { body(prev, p) }
                prev = p
            case .cubic:
                let p = path.points[pi + 2]; pi += 3
                if open { body(prev, p) }
                prev = p
            case .close:
                if open, prev != start { body(prev, start) }
                prev = start
            }
        }
    }

    /// One GL line segment: pixel centres along the major axis from the start (included) to
    /// the end (excluded), the nearest pixel across it. Coordinates are clamped to just
    /// outside the canvas before any conversion to Int, so far-away edges cost nothing and
    /// cannot trap.
    @inline(__always)
    private static func segment<T: Plotter>(_ p0: Point, _ p1: Point, into target: T) {
        let width = target.width, height = target.height
        let d = p1 - p0
        guard d.x.isFinite, d.y.isFinite, p0.x.isFinite, p0.y.isFinite else { return }
        let len = (d.x * d.x + d.y * d.y).squareRoot()
        guard len > 1e-6, len.isFinite else { return }
        let nx = -d.y / len, ny = d.x / len
        @inline(__always) func alpha(_ cx: Float, _ cy: Float) -> Float {
            let dist = min(1, abs((cx - p0.x) * nx + (cy - p0.y) * ny))
            return 1 - dist * dist * (3 - 2 * dist)
        }
        /// A coordinate across the major axis as a pixel index; nil off the canvas.
        @inline(__always) func cell(_ v: Float, _ limit: Int) -> Int? {
            guard v >= -1, v < Float(limit) + 1 else { return nil }
            return floorToInt(v)
        }
        @inline(__always) func span(_ a: Float, _ b: Float, _ forward: Bool, _ limit: Int) -> ClosedRange<Int>? {
            let bound = Float(limit) + 2
            let lo = max(-2, min(a, b)), hi = min(bound, max(a, b))
            guard lo <= hi else { return nil }
            var first = ceilToInt(lo - 0.5), last = ceilToInt(hi - 0.5) - 1
            if !forward { first = floorToInt(lo - 0.5) + 1; last = floorToInt(hi - 0.5) }
            first = max(first, -1); last = min(last, limit)
            return first <= last ? first...last : nil
        }
        if abs(d.x) >= abs(d.y) {
            // Columns whose centre lies in [x0, x1) in travel direction.
            guard let xs = span(p0.x, p1.x, d.x >= 0, width) else { return }
            let slope = d.y / d.x
            for x in xs {
                let cx = Float(x) + 0.5
                guard let row = cell(p0.y + (cx - p0.x) * slope, height) else { continue }
                target.plot(x, row, alpha(cx, Float(row) + 0.5))
            }
        } else {
            guard let ys = span(p0.y, p1.y, d.y >= 0, height) else { return }
            let slope = d.x / d.y
            for y in ys {
                let cy = Float(y) + 0.5
                guard let col = cell(p0.x + (cy - p0.y) * slope, width) else { continue }
                target.plot(col, y, alpha(Float(col) + 0.5, cy))
            }
        }
    }
}
