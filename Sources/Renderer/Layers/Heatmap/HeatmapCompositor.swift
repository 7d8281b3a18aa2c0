import Raster

/// MapLibre's second heatmap pass: a full-canvas quad that reads the density at each pixel
/// (bilinear), looks its colour up in the ramp, multiplies by `heatmap-opacity` and blends
/// source-over in float with one rounding per channel, as a GL framebuffer does
/// (Raster's `RampBlend`, eight pixels at a time).
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
        if let mask, mask.width != width || mask.height != height { return false }
        return try canvas.withSpans(mask: mask.map { SpanMask.inside($0) } ?? .none) { spans in
            try composite(density, ramp: ramp, opacity: opacity, onto: spans, masked: mask != nil, checkDeadline)
        }
    }

    private static func composite(_ density: HeatmapDensity, ramp: HeatmapColorRamp, opacity: Float, onto spans: PixelSpans,
                                  masked: Bool, _ checkDeadline: () throws -> Void) throws -> Bool {
        let width = spans.width, height = spans.height
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
        // Blocks of 8 pixels through the SIMD kernel (unless the canvas asks for the scalar
        // twins, or a mask picks pixels), the rest one by one; both give the same bytes.
        let simd = spans.kernelMode == .simd && !masked
        return try RampBlend.padded(ramp.texels).withUnsafeBufferPointer { texels in
            let ramp = texels.baseAddress!
            let l = UnsafePointer(left.baseAddress!), r = UnsafePointer(right.baseAddress!)
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
                var x = 0
                while simd && x + 8 <= width {
                    let a = SIMD8(row[l[x]], row[l[x + 1]], row[l[x + 2]], row[l[x + 3]],
                                  row[l[x + 4]], row[l[x + 5]], row[l[x + 6]], row[l[x + 7]])
                    let b = SIMD8(row[r[x]], row[r[x + 1]], row[r[x + 2]], row[r[x + 3]],
                                  row[r[x + 4]], row[r[x + 5]], row[r[x + 6]], row[r[x + 7]])
                    if skipFaint && !any(a .> limit) && !any(b .> limit) { x += 8; continue }
                    let w = UnsafeRawPointer(weight.baseAddress! + x).loadUnaligned(as: SIMD8<Float>.self)
                    spans.blendRamp8(x: x, y: y, value: a + (b - a) * w, opacity: opacity, ramp: ramp)
                    x += 8
                }
                while x < width {
                    defer { x += 1 }
                    let a = row[l[x]], b = row[r[x]]
                    if skipFaint && !(a > limit) && !(b > limit) { continue }
                    spans.blendRamp(x: x, y: y, value: a + (b - a) * weight[x], opacity: opacity, ramp: ramp)
                }
            }
            return true
        }
    }
}
