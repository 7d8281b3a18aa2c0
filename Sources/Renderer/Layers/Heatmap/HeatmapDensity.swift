/// A heatmap layer's kernel density, accumulated in float on MapLibre's density texture: a
/// quarter of the canvas on each axis (`floor(width / 4)` texels, as upstream sizes its
/// framebuffer), sampled back bilinearly at every canvas pixel.
///
/// Static views clamp the samples to the texture's edge as GL does. Tiles are pieces of a
/// seamless grid, so they keep `margin` extra texels around the canvas, filled by kernels
/// like every other texel, and a pixel near the edge blends the same texels its neighbour
/// tile's pixel would see.
///
/// Owns unsafe memory (one render, one thread); `add` allocates nothing.
final class HeatmapDensity {
    /// Texels per row and rows, the margin included.
    let columns: Int
    let rows: Int
    /// Texels beyond the canvas on each side (0: clamp to edge).
    let margin: Int
    /// Texels per device pixel on each axis (1/4 when the canvas side is a multiple of 4).
    let scale: SIMD2<Float>
    /// Row-major densities, `columns · rows`.
    let values: UnsafeMutableBufferPointer<Float>
    /// Whether any kernel has touched the grid.
    private(set) var isEmpty = true
    /// Per-kernel column factors (reused; grows to the widest kernel).
    private var columnFactors: UnsafeMutableBufferPointer<Float>

    /// The density texture for a canvas of `width` × `height` device pixels.
    init(width: Int, height: Int, margin: Int) {
        let w = max(1, width / 4), h = max(1, height / 4)
        self.margin = max(0, margin)
        columns = w + 2 * self.margin
        rows = h + 2 * self.margin
        scale = SIMD2(Float(w) / Float(max(1, width)), Float(h) / Float(max(1, height)))
        values = .allocate(capacity: columns * rows)
        values.initialize(repeating: 0)
        columnFactors = .allocate(capacity: columns)
        columnFactors.initialize(repeating: 0)
    }

    deinit {
        values.deallocate()
        columnFactors.deallocate()
    }

    /// The grid position (texel units, texel i spanning [i, i + 1)) of a device pixel position.
    @inline(__always)
    func gridPosition(_ p: SIMD2<Float>) -> SIMD2<Float> {
        p * scale + Float(margin)
    }

    /// Adds the kernel of a point at device position `center` with `radius` device pixels and
    /// `amplitude` = weight · intensity: every texel whose centre lies in the point's square
    /// (half side `extent` radii, axis-aligned with the map, so turned with the view by
    /// `rotation` = (cos, sin) of the map-to-screen angle) gets the kernel at its distance.
    func add(center: SIMD2<Float>, radius: Float, amplitude: Float, rotation: SIMD2<Float> = SIMD2(1, 0)) {
        guard radius > 0, radius.isFinite, center.x.isFinite, center.y.isFinite,
              let extent = HeatmapKernel.extent(amplitude: amplitude) else { return }
        let g = gridPosition(center)
        let r = radius * scale
        let rotated = rotation.y != 0
        // The square's bounding box in texels (a turned square reaches |cos| + |sin| further).
        let spread = rotated ? abs(rotation.x) + abs(rotation.y) : 1
        let half = extent * spread * r
        // Texel centres c = i + 0.5 with g − half ≤ c < g + half (GL's half-open coverage).
        func first(_ lo: Float, _ limit: Int) -> Int? {
            let v = (lo - 0.5).rounded(.up)
            guard v < Float(limit) else { return nil }
            return max(0, Int(max(v, -1)))
        }
        func last(_ hi: Float, _ limit: Int) -> Int? {
            let v = (hi - 0.5).rounded(.up) - 1
            guard v >= 0 else { return nil }
            return min(limit - 1, Int(min(v, Float(limit))))
        }
        guard let x0 = first(g.x - half.x, columns), let x1 = last(g.x + half.x, columns), x0 <= x1,
              let y0 = first(g.y - half.y, rows), let y1 = last(g.y + half.y, rows), y0 <= y1 else { return }
        let peak = amplitude * HeatmapKernel.gaussCoefficient
        let inv = 1 / r
        let factors = columnFactors.baseAddress!
        for i in x0...x1 {
            factors[i - x0] = HeatmapKernel.axis((Float(i) + 0.5 - g.x) * inv.x)
        }
        isEmpty = false
        let base = values.baseAddress!
        let count = x1 - x0 + 1
        for j in y0...y1 {
            let vy = (Float(j) + 0.5 - g.y) * inv.y
            let rowPeak = peak * HeatmapKernel.axis(vy)
            let row = base + j * columns + x0
            if !rotated {
                for k in 0..<count { row[k] += rowPeak * factors[k] }
                continue
            }
            // Offsets in radii, turned back into the map's frame: only the square's texels.
            for k in 0..<count {
                let vx = (Float(x0 + k) + 0.5 - g.x) * inv.x
                let mx = rotation.x * vx + rotation.y * vy, my = rotation.x * vy - rotation.y * vx
                if abs(mx) <= extent && abs(my) <= extent { row[k] += rowPeak * factors[k] }
            }
        }
    }

    /// The bilinear sample of the grid at device pixel (x, y)'s centre (tests; the compositor
    /// walks rows with `HeatmapSampling`).
    func sample(x: Int, y: Int) -> Float {
        let cx = HeatmapSampling.tap(pixel: x, scale: scale.x, margin: margin, count: columns)
        let cy = HeatmapSampling.tap(pixel: y, scale: scale.y, margin: margin, count: rows)
        let a = values[cy.0 * columns + cx.0], b = values[cy.0 * columns + cx.1]
        let c = values[cy.1 * columns + cx.0], d = values[cy.1 * columns + cx.1]
        let top = a + (b - a) * cx.2, bottom = c + (d - c) * cx.2
        return top + (bottom - top) * cy.2
    }
}

/// Where a pixel centre samples a texture that covers the canvas (LINEAR, CLAMP_TO_EDGE).
enum HeatmapSampling {
    /// The two texels a pixel blends and the second one's weight, for pixel index `pixel`,
    /// `scale` texels per pixel, `margin` texels before the canvas's first, `count` texels.
    @inline(__always)
    static func tap(pixel: Int, scale: Float, margin: Int, count: Int) -> (Int, Int, Float) {
        let p = (Float(pixel) + 0.5) * scale - 0.5 + Float(margin)
        let f0 = p.rounded(.down)
        let i0 = Int(f0)
        let w = p - f0
        return (min(max(i0, 0), count - 1), min(max(i0 + 1, 0), count - 1), w)
    }
}
