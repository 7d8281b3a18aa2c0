extension Canvas {
    /// Draws a circle exactly as MapLibre's circle shader does (see `CircleKernel`): a fill
    /// of `radius` px and a stroke ring `strokeWidth` px outside it, anti-aliased inside the
    /// outer edge over `antialiasing` px (1/devicePixelRatio), or softened over `blur` (a
    /// fraction of the outer radius, circle-blur). `fill` and `stroke` carry their opacities.
    /// Only pixels inside the circle's bounding box are touched.
    public func drawCircle(center: Point, radius: Float, strokeWidth: Float, fill: Color, stroke: Color,
                           blur: Float = 0, antialiasing: Float = 1) {
        guard let (kernel, outer) = circleKernel(center: center, radius: radius, strokeWidth: strokeWidth, fill: fill,
                                                 stroke: stroke, blur: blur, antialiasing: antialiasing) else { return }
        draw(kernel, outer: outer, center: center)
    }

    /// `drawCircle` for runs of many discs: a disc that gives every pixel centre of the
    /// canvas the same colour (circle-radius 1e7) is pushed onto `uniform`, which composes
    /// such blends without a pass over the pixels per disc; any other disc first applies the
    /// pending blends, then draws. Call `uniform.apply(to:)` after the last disc.
    public func drawCircle(center: Point, radius: Float, strokeWidth: Float, fill: Color, stroke: Color,
                           blur: Float = 0, antialiasing: Float = 1, composing uniform: inout UniformOverStack) {
        guard let (kernel, outer) = circleKernel(center: center, radius: radius, strokeWidth: strokeWidth, fill: fill,
                                                 stroke: stroke, blur: blur, antialiasing: antialiasing) else { return }
        if let s = uniformSource(kernel, center: center) {
            uniform.push(s)
            return
        }
        uniform.apply(to: self)
        draw(kernel, outer: outer, center: center)
    }

    /// Blends the pixel centres within `outer` of the centre.
    private func draw(_ kernel: CircleKernel, outer: Float, center: Point) {
        let w = pixmap.width, h = pixmap.height
        let minX = Double(center.x) - Double(outer), maxX = Double(center.x) + Double(outer)
        let minY = Double(center.y) - Double(outer), maxY = Double(center.y) + Double(outer)
        guard maxX >= 0, maxY >= 0, minX <= Double(w), minY <= Double(h) else { return }
        // Clamped in Double first: Int(−1e30) would trap.
        func column(_ v: Double, _ limit: Int) -> Int { Int(max(-1, min(Double(limit) + 1, v))) }
        let x0 = max(0, column((minX - 0.5).rounded(.down), w)), x1 = min(w, column((maxX + 0.5).rounded(.up), w))
        let y0 = max(0, column((minY - 0.5).rounded(.down), h)), y1 = min(h, column((maxY + 0.5).rounded(.up), h))
        guard x0 < x1, y0 < y1 else { return }
        let mode = kernelMode
        pixmap.withUnsafeMutablePixels { px in
            for y in y0..<y1 {
                let row = px.baseAddress! + y * w
                if mode == .simd {
                    kernel.row(row, y: y, x0: x0, x1: x1, limit: w)
                } else {
                    kernel.rowScalar(row, y: y, x0: x0, x1: x1)
                }
            }
        }
    }

    /// The one source colour (premultiplied, packed) the circle gives every pixel centre of
    /// the canvas, or nil when it varies; 0 means it changes nothing.
    private func uniformSource(_ k: CircleKernel, center: Point) -> UInt32? {
        let w = Float(pixmap.width), h = Float(pixmap.height)
        // The nearest point of the pixel-centre rectangle and the farthest corner centre: e
        // is monotone in the distance (each float step rounds monotonically) and so are both
        // ramps, so what holds at the two ends holds for every pixel centre between them.
        let nx = min(max(center.x, 0.5), w - 0.5), ny = min(max(center.y, 0.5), h - 0.5)
        let fx: Float = center.x < w / 2 ? w - 0.5 : 0.5, fy: Float = center.y < h / 2 ? h - 0.5 : 0.5
        let near = k.distance(nx, ny), far = k.distance(fx, fy)
        guard near.isFinite, far.isFinite, k.strokeMix(near) == k.strokeMix(far) else { return nil }
        let c = k.color(atDistance: near)
        return c == k.color(atDistance: far) ? c : nil
    }

    /// MapLibre's circle shader set up for one circle and its outer radius; nil when it
    /// draws nothing.
    private func circleKernel(center: Point, radius: Float, strokeWidth: Float, fill: Color, stroke: Color,
                              blur: Float, antialiasing: Float) -> (CircleKernel, Float)? {
        let sw = strokeWidth.isFinite ? max(0, strokeWidth) : 0
        let r = radius.isFinite ? max(0, radius) : 0
        let outer = r + sw
        guard outer > 0, outer.isFinite, center.x.isFinite, center.y.isFinite, pixmap.width > 0, pixmap.height > 0 else { return nil }
        let aaWidth = antialiasing.isFinite ? max(0, antialiasing) : 1
        let blurValue = blur.isFinite ? max(0, blur) : 0
        let aa = -max(aaWidth / outer, blurValue, 1e-6)
        func premultiplied(_ c: Color) -> SIMD4<Float> {
            let a = clampUnit(c.a)
            return SIMD4(clampUnit(c.r) * a, clampUnit(c.g) * a, clampUnit(c.b) * a, a)
        }
        let kernel = CircleKernel(cx: center.x, cy: center.y, invR: 1 / outer, aa: aa, innerEdge: r / outer,
                                  hasStroke: sw >= 0.01, fill: premultiplied(fill), stroke: premultiplied(stroke))
        return (kernel, outer)
    }
}
