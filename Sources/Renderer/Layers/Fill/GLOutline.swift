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
        let w = canvas.width, h = canvas.height      // read outside the exclusive pixel access
        func run(_ skip: UnsafePointer<UInt32>?) {
            canvas.withUnsafeMutablePixels { px in
                guard let base = px.baseAddress else { return }
                let target = Target(pixels: base, width: w, height: h,
                                    r: max(0, min(1, c.r)), g: max(0, min(1, c.g)), b: max(0, min(1, c.b)), a: max(0, min(1, c.a)),
                                    skip: skip)
                forEachSegment(path) { p0, p1 in segment(p0, p1, into: target) }
            }
        }
        guard let mask, mask.width == w, mask.height == h else { return run(nil) }
        mask.pixmap.withUnsafePixels { run($0.baseAddress) }
    }

    /// The outline of a `fill-pattern` fill (MapLibre's `fill_outline_pattern`): the same
    /// pixels and alpha, coloured by the pattern at each pixel centre, times `opacity`.
    static func draw(_ path: Path, pattern: PatternImage, placement: PatternPlacement, opacity: Float, on canvas: Canvas) {
        guard opacity > 0, canvas.width > 0, canvas.height > 0 else { return }
        let w = canvas.width, h = canvas.height
        canvas.withUnsafeMutablePixels { px in
            guard let base = px.baseAddress else { return }
            let target = PatternTarget(pixels: base, width: w, height: h, image: pattern, placement: placement,
                                       opacity: min(opacity, 1))
            forEachSegment(path) { p0, p1 in segment(p0, p1, into: target) }
        }
    }

    /// Where an outline's pixels go: blends one pixel at a given alpha.
    protocol Plotter {
        var width: Int { get }
        var height: Int { get }
        func plot(_ x: Int, _ y: Int, _ alpha: Float)
    }

    /// The canvas and the outline colour.
    struct Target: Plotter {
        let pixels: UnsafeMutablePointer<UInt32>
        let width: Int, height: Int
        let r: Float, g: Float, b: Float, a: Float
        /// Pixels left alone where opaque (nil: none).
        var skip: UnsafePointer<UInt32>? = nil

        @inline(__always)
        func plot(_ x: Int, _ y: Int, _ alpha: Float) {
            guard x >= 0, y >= 0, x < width, y < height, alpha > 0 else { return }
            let i = y &* width &+ x
            if let skip, skip[i] >> 24 == 255 { return }
            pixels[i] = GLOutline.blendLanes(pixels[i], SIMD4(r, g, b, 1), a: self.a * alpha)
        }
    }

    /// The outline's blend of straight colour `rgb1` (alpha lane 1) at alpha `a` over `d`:
    /// each channel `s·a·255 + d·(1 − a)`, clamped and rounded half up.
    @inline(__always)
    static func blendScalar(_ d: UInt32, _ rgb1: SIMD4<Float>, a: Float) -> UInt32 {
        let k = 1 - a
        @inline(__always) func ch(_ s: Float, _ shift: UInt32) -> UInt32 {
            let dv = Float((d >> shift) & 0xFF)
            let v = s * a * 255 + dv * k
            return roundedByte(max(0, min(255, v))) << shift
        }
        return ch(rgb1.x, 0) | ch(rgb1.y, 8) | ch(rgb1.z, 16) | ch(rgb1.w, 24)
    }

    /// `blendScalar` with the four channels in one SIMD register (`GLOutlineRoundingTests`
    /// holds the two together), through `ShaderBlend`'s lane helpers: their rounding (half to
    /// even by the 2^23 trick, exact halves stepped up) is `roundedByte` for values in 0...255.
    @inline(__always)
    static func blendLanes(_ d: UInt32, _ rgb1: SIMD4<Float>, a: Float) -> UInt32 {
        ShaderBlend.packRounded(rgb1 * a * 255 + ShaderBlend.channels(d) * (1 - a))
    }

    /// `v.rounded()` for `v` in [0, 255] without the libm call (`roundf` is not an
    /// instruction on the x86-64 baseline): the fraction `v - trunc(v)` is exact, so the
    /// result is bit-identical, halves away from zero included.
    @inline(__always)
    static func roundedByte(_ v: Float) -> UInt32 {
        let whole = UInt32(v)
        return whole &+ (v - Float(whole) >= 0.5 ? 1 : 0)
    }

    /// The canvas and a pattern placed on it (premultiplied samples blended source-over).
    struct PatternTarget: Plotter {
        let pixels: UnsafeMutablePointer<UInt32>
        let width: Int, height: Int
        let image: PatternImage
        let placement: PatternPlacement
        let opacity: Float

        @inline(__always)
        func plot(_ x: Int, _ y: Int, _ alpha: Float) {
            guard x >= 0, y >= 0, x < width, y < height, alpha > 0 else { return }
            let s = placement.imagePoint(Float(x) + 0.5, Float(y) + 0.5)
            let c = image.sampleRepeating(s.x, s.y)
            let i = y &* width &+ x
            pixels[i] = ShaderBlend.over4(pixels[i], color255: c, alpha: c.w / 255, k: alpha * opacity)
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
