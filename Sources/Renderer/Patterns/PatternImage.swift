import Raster

/// An image prepared the way MapLibre's atlas holds a pattern: premultiplied texels with a
/// one-texel border copied from the opposite edge, so a bilinear lookup near an edge blends
/// with the other side and the pattern repeats without a seam. The border's corners stay
/// transparent, as in the atlas. Texels stay packed (4 bytes, like the image itself, so a
/// 4096² upload costs no more than its pixmap); built once per image and shared by renders
/// (`RenderResources.patternImage`), read through a raw pointer by the per-pixel shaders.
final class PatternImage: @unchecked Sendable {
    /// Size of the image itself (without the border), in image pixels.
    let width: Int, height: Int
    /// Image pixels per CSS pixel.
    let pixelRatio: Double
    /// The source pixels (for the rasterizer's own pattern fills).
    let pixmap: Pixmap
    /// (width + 2) × (height + 2) packed premultiplied RGBA texels, rows top to bottom;
    /// immutable after `init`.
    private let texels: UnsafeMutablePointer<UInt32>
    var paddedWidth: Int { width + 2 }
    var paddedHeight: Int { height + 2 }
    var byteSize: Int { 128 + pixmap.data.count + paddedWidth * paddedHeight * 4 }

    init?(_ image: SpriteImage) {
        let p = image.pixmap
        guard p.width > 0, p.height > 0 else { return nil }
        width = p.width; height = p.height; pixelRatio = image.pixelRatio; pixmap = p
        let w = p.width, h = p.height, pw = w + 2, ph = h + 2
        let t = UnsafeMutablePointer<UInt32>.allocate(capacity: pw * ph)
        t.initialize(repeating: 0, count: pw * ph)
        p.withUnsafePixels { px in
            let src = px.baseAddress!
            for y in 0..<h {
                (t + (y + 1) * pw + 1).update(from: src + y * w, count: w)
                t[(y + 1) * pw] = src[y * w + w - 1]
                t[(y + 1) * pw + w + 1] = src[y * w]
            }
            (t + 1).update(from: src + (h - 1) * w, count: w)
            (t + (h + 1) * pw + 1).update(from: src, count: w)
        }
        texels = t
    }

    deinit { texels.deallocate() }

    @inline(__always)
    private static func unpack(_ v: UInt32) -> SIMD4<Float> {
        SIMD4(Float(v & 0xFF), Float((v >> 8) & 0xFF), Float((v >> 16) & 0xFF), Float(v >> 24))
    }

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
        let a = Self.unpack(r0[x0]), b = Self.unpack(r0[x1]), c = Self.unpack(r1[x0]), d = Self.unpack(r1[x1])
        let top = a + (b - a) * tx
        let bottom = c + (d - c) * tx
        return top + (bottom - top) * ty
    }

    /// The pattern at image coordinates (s, t) repeated in both directions (fills): the
    /// image coordinate is wrapped into the image, then sampled with the wrapped border.
    @inline(__always)
    func sampleRepeating(_ s: Float, _ t: Float) -> SIMD4<Float> {
        let w = Float(width), h = Float(height)
        var u = Self.fraction(s / w) * w
        var v = Self.fraction(t / h) * h
        if !(u >= 0 && u < w) { u = 0 }
        if !(v >= 0 && v < h) { v = 0 }
        return sample(u + 1, v + 1)
    }

    /// x − floor(x) without a libm call (per-pixel code on baseline x86-64 would call
    /// floorf); 0 when x is not finite or so large that it is whole.
    @inline(__always)
    static func fraction(_ x: Float) -> Float {
        guard abs(x) < 8_388_608 else { return 0 }
        let f = x - Float(Int32(x))
        return f < 0 ? f + 1 : f
    }
}
