import Raster

/// An image prepared the way MapLibre's atlas holds a pattern: premultiplied texels (as
/// floats, 0...255) with a one-texel border copied from the opposite edge, so a bilinear
/// lookup near an edge blends with the other side and the pattern repeats without a seam.
/// The border's corners stay transparent, as in the atlas. Memory is allocated once and read
/// through a raw pointer by the per-pixel shaders.
final class PatternImage {
    /// Size of the image itself (without the border), in image pixels.
    let width: Int, height: Int
    /// Image pixels per CSS pixel.
    let pixelRatio: Double
    /// The source pixels (for the rasterizer's own pattern fills).
    let pixmap: Pixmap
    /// (width + 2) × (height + 2) texels, rows top to bottom.
    let texels: UnsafeMutablePointer<SIMD4<Float>>
    var paddedWidth: Int { width + 2 }
    var paddedHeight: Int { height + 2 }

    init?(_ image: SpriteImage) {
        let p = image.pixmap
        guard p.width > 0, p.height > 0 else { return nil }
        width = p.width; height = p.height; pixelRatio = image.pixelRatio; pixmap = p
        let pw = p.width + 2, ph = p.height + 2
        texels = .allocate(capacity: pw * ph)
        texels.initialize(repeating: .zero, count: pw * ph)
        let w = p.width, h = p.height
        p.data.withUnsafeBufferPointer { bytes in
            let src = bytes.baseAddress!
            @inline(__always) func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
                let i = (y * w + x) * 4
                return SIMD4(Float(src[i]), Float(src[i + 1]), Float(src[i + 2]), Float(src[i + 3]))
            }
            for y in 0..<h {
                for x in 0..<w { texels[(y + 1) * pw + x + 1] = texel(x, y) }
                texels[(y + 1) * pw] = texel(w - 1, y)
                texels[(y + 1) * pw + w + 1] = texel(0, y)
            }
            for x in 0..<w {
                texels[x + 1] = texel(x, h - 1)
                texels[(h + 1) * pw + x + 1] = texel(x, 0)
            }
        }
    }

    deinit { texels.deallocate() }

    /// The size MapLibre lays the image out at, in CSS pixels.
    var displaySize: SIMD2<Double> { SIMD2(Double(width), Double(height)) / pixelRatio }

    /// Linear filtering at (u, v) in bordered texel space (texel centres at i + 0.5), as a
    /// GL sampler clamped to the bordered rectangle; a premultiplied colour, 0...255.
    @inline(__always)
    func sample(_ u: Float, _ v: Float) -> SIMD4<Float> {
        let pw = width + 2, ph = height + 2
        let su = min(max(u - 0.5, 0), Float(pw - 1)), sv = min(max(v - 0.5, 0), Float(ph - 1))
        // NaN compares false above and survives min/max: send it to texel 0.
        let fu = su.isNaN ? 0 : su, fv = sv.isNaN ? 0 : sv
        let x0 = Int(fu), y0 = Int(fv)
        let x1 = min(x0 + 1, pw - 1), y1 = min(y0 + 1, ph - 1)
        let tx = fu - Float(x0), ty = fv - Float(y0)
        let r0 = texels + y0 * pw, r1 = texels + y1 * pw
        let top = r0[x0] + (r0[x1] - r0[x0]) * tx
        let bottom = r1[x0] + (r1[x1] - r1[x0]) * tx
        return top + (bottom - top) * ty
    }

    /// The pattern at image coordinates (s, t) repeated in both directions (fills): the
    /// image coordinate is wrapped into the image, then sampled with the wrapped border.
    @inline(__always)
    func sampleRepeating(_ s: Float, _ t: Float) -> SIMD4<Float> {
        let w = Float(width), h = Float(height)
        var u = s - (s / w).rounded(.down) * w
        var v = t - (t / h).rounded(.down) * h
        if !(u >= 0 && u < w) { u = 0 }
        if !(v >= 0 && v < h) { v = 0 }
        return sample(u + 1, v + 1)
    }
}
