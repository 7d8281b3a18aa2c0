import Raster

/// MapLibre's second heatmap pass: a full-canvas quad that reads the density at each pixel
/// (bilinear), looks its colour up in the ramp, multiplies by `heatmap-opacity` and blends
/// source-over in float with one rounding per channel (`LineBlend`), as a GL framebuffer does.
///
/// Every pixel is drawn, as upstream draws the whole quad: a ramp that is not transparent at
/// density 0 tints the whole canvas. When it is (the default ramp), pixels whose density only
/// reaches the first texel are skipped, and so are rows whose texels all do.
enum HeatmapCompositor {
    /// Composites `density` onto `canvas`; returns whether any pixel may have changed.
    /// With a `mask` (a canvas the same size), only where it is opaque. `checkDeadline` is
    /// called every 64 rows.
    @discardableResult
    static func composite(_ density: HeatmapDensity, ramp: HeatmapColorRamp, opacity: Float, onto canvas: Canvas,
                          mask: Canvas? = nil, checkDeadline: () throws -> Void = {}) throws -> Bool {
        let width = canvas.width, height = canvas.height
        guard width > 0, height > 0, opacity > 0 else { return false }
        if ramp.startsTransparent && density.isEmpty { return false }
        guard let mask else {
            return try composite(density, ramp: ramp, opacity: opacity, onto: canvas, covered: nil, checkDeadline)
        }
        guard mask.width == width, mask.height == height else { return false }
        // The mask's pixels are read while the canvas's are written (two distinct canvases).
        return try mask.pixmap.withUnsafePixels { m in
            try composite(density, ramp: ramp, opacity: opacity, onto: canvas, covered: m.baseAddress, checkDeadline)
        }
    }

    private static func composite(_ density: HeatmapDensity, ramp: HeatmapColorRamp, opacity: Float, onto canvas: Canvas,
                                  covered: UnsafePointer<UInt32>?, _ checkDeadline: () throws -> Void) throws -> Bool {
        let width = canvas.width, height = canvas.height
        let skipFaint = ramp.startsTransparent
        let columns = density.columns
        // Per canvas column: its two texels and the second one's weight (once per layer).
        let left = UnsafeMutableBufferPointer<Int>.allocate(capacity: width)
        let right = UnsafeMutableBufferPointer<Int>.allocate(capacity: width)
        let weight = UnsafeMutableBufferPointer<Float>.allocate(capacity: width)
        let row = UnsafeMutableBufferPointer<Float>.allocate(capacity: columns)
        defer { left.deallocate(); right.deallocate(); weight.deallocate(); row.deallocate() }
        for x in 0..<width {
            let t = HeatmapSampling.tap(pixel: x, scale: density.scale.x, margin: density.margin, count: columns)
            left[x] = t.0; right[x] = t.1; weight[x] = t.2
        }
        let limit = HeatmapColorRamp.firstTexelLimit
        let grid = UnsafePointer(density.values.baseAddress!)
        return try ramp.texels.withUnsafeBufferPointer { texels in
            try canvas.withUnsafeMutablePixels { px in
                let ramp = texels.baseAddress!
                for y in 0..<height {
                    if y & 63 == 63 { try checkDeadline() }
                    // The two texel rows blended vertically once, then each pixel blends two.
                    let t = HeatmapSampling.tap(pixel: y, scale: density.scale.y, margin: density.margin, count: density.rows)
                    let top = grid + t.0 * columns, bottom = grid + t.1 * columns
                    var faint = true
                    for i in 0..<columns {
                        let v = top[i] + (bottom[i] - top[i]) * t.2
                        row[i] = v
                        faint = faint && !(v > limit)
                    }
                    if skipFaint && faint { continue }
                    let out = px.baseAddress! + y * width
                    let inside = covered.map { $0 + y * width }
                    for x in 0..<width {
                        if let inside, inside[x] >> 24 != 255 { continue }
                        let a = row[left[x]], b = row[right[x]]
                        if skipFaint && !(a > limit) && !(b > limit) { continue }
                        out[x] = pixel(out[x], density: a + (b - a) * weight[x], opacity: opacity, ramp: ramp)
                    }
                }
                return true
            }
        }
    }

    /// One pixel: the ramp's colour at `density`, times `opacity`, over `dst`.
    @inline(__always)
    static func pixel(_ dst: UInt32, density: Float, opacity: Float, ramp: UnsafePointer<SIMD4<Float>>) -> UInt32 {
        let c = HeatmapColorRamp.sample(density, ramp) * opacity
        guard c.w > 0 || c.x > 0 || c.y > 0 || c.z > 0 else { return dst }
        return LineBlend.over(dst, color255: c * 255, alpha: c.w, k: 1)
    }
}
