import Raster
import StyleSpec

/// `line-gradient`'s colour ramp as MapLibre renders it for a tile: one texture row per
/// clipped line part, whose texels span that part's stretch of `line-progress` (so a short
/// piece of a long line still gets the full row), stored as bytes (straight colour floored,
/// premultiplied on upload) and sampled at the fragment's progress within its part —
/// linearly, or nearest-texel for a `step` ramp, whose rows are widened with the tile's
/// longest line so the steps land where MapLibre puts them.
struct LineGradientRamp {
    /// Texels per row.
    let width: Int
    let nearest: Bool
    /// Premultiplied colours (0...1), `width` per row.
    private(set) var texels: [SIMD4<Float>] = []
    private(set) var rowCount = 0

    /// Texture width for a ramp: 256, or for a step ramp enough texels for the longest line
    /// of the tile at up to 1024 px per tile (times the zooms the tile may be over-zoomed),
    /// capped at the largest texture a GPU takes.
    static func resolution(step: Bool, maxLineLength: Double, tileZoom: Int, sourceMaxZoom: Int,
                           mapMaxZoom: Int = 22, maxTextureSize: Int = 8192) -> Int {
        guard step else { return 256 }
        let overzoom = tileZoom == sourceMaxZoom ? Double(1 << max(0, min(30, mapMaxZoom - tileZoom))) : 1
        let coverage = maxLineLength / 8192 * 1024 * overzoom
        var size = 1
        while Double(size) < coverage, size < maxTextureSize { size <<= 1 }
        return max(256, min(maxTextureSize, size))
    }

    /// Whether the layer's gradient is a `step` over line-progress (sampled nearest).
    static func isStep(_ layer: Layer) -> Bool {
        layer.propertyJSON("line-gradient", in: .paint)?.arrayValue?.first?.stringValue == "step"
    }

    init(width: Int, nearest: Bool) {
        self.width = max(2, width)
        self.nearest = nearest
    }

    mutating func removeAll() {
        texels.removeAll(keepingCapacity: true)
        rowCount = 0
    }

    /// Adds the row of a part spanning progress `clip.x...clip.y`; returns its index.
    mutating func addRow(clip: SIMD2<Double>, colorAt: (Double) -> StyleColor) -> Int {
        texels.reserveCapacity(texels.count + width)
        for i in 0..<width {
            let t = Double(i) / Double(width - 1)
            texels.append(Self.texel(colorAt(clip.x * (1 - t) + clip.y * t)))
        }
        rowCount += 1
        return rowCount - 1
    }

    /// A colour through MapLibre's texture path: premultiplied doubles, divided back and
    /// floored to straight bytes (NaN, for alpha 0, becomes 0), premultiplied again by the
    /// upload (truncating), read as 0...1.
    static func texel(_ c: StyleColor) -> SIMD4<Float> {
        func clamp01(_ v: Double) -> Double { v.isFinite ? max(0, min(1, v)) : 0 }
        let a = clamp01(c.a)
        func straight(_ v: Double) -> Double {
            let s = (clamp01(v) * a) * 255 / a
            return s.isFinite ? max(0, min(255, s.rounded(.down))) : 0
        }
        let a8 = (a * 255).rounded(.down)
        let scale = Float(a8) / 255
        func premultiplied(_ v: Double) -> Float { (Float(straight(v)) * scale).rounded(.towardZero) / 255 }
        return SIMD4(premultiplied(c.r), premultiplied(c.g), premultiplied(c.b), Float(a8) / 255)
    }

    /// The colour at texture x `u` (0...1 across the part) in `row`, clamped to the edge.
    @inline(__always)
    static func sample(row: Int, u: Float, width: Int, nearest: Bool, texels t: UnsafePointer<SIMD4<Float>>) -> SIMD4<Float> {
        let base = t + row * width
        let w = Float(width)
        guard u.isFinite else { return base[0] }
        if nearest {
            let i = Int(min(max(floorFloat(u * w), 0), w - 1))
            return base[i]
        }
        let p = min(max(u * w - 0.5, 0), w - 1)
        let i0 = Int(p)
        let i1 = min(i0 + 1, width - 1)
        let f = p - Float(i0)
        return base[i0] + (base[i1] - base[i0]) * f
    }
}
