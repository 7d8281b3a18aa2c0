/// A glyph's signed distance field as a texture: `width` × `height` bytes (0...255, the
/// outline at 192), with `pad` transparent texels around it (the atlas's padding), read 0.
@frozen public struct SDFField {
    public let texels: UnsafeBufferPointer<UInt8>
    public let width: Int, height: Int, pad: Int

    @inlinable
    public init(texels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, pad: Int) {
        precondition(texels.count >= width * height)
        self.texels = texels; self.width = width; self.height = height; self.pad = pad
    }

    /// Width and height of the padded field in texels.
    @inlinable public var paddedWidth: Int { width + 2 * pad }
    @inlinable public var paddedHeight: Int { height + 2 * pad }

    /// A texel of the padded field as 0...1; 0 in the padding and beyond.
    @inlinable @inline(__always)
    public func texel(_ x: Int, _ y: Int) -> Float {
        let fx = x &- pad, fy = y &- pad
        guard fx >= 0, fy >= 0, fx < width, fy < height else { return 0 }
        return Float(texels[fy &* width &+ fx]) / 255
    }

    /// Eight texels (row `y` of lane i at `x[i]`) as 0...1, the same values `texel` gives.
    @inlinable @inline(__always)
    func texels8(_ x: SIMD8<Int32>, _ y: SIMD8<Int32>) -> SIMD8<Float> {
        var bytes = SIMD8<Float>()
        for lane in 0..<8 {
            let fx = Int(x[lane]) &- pad, fy = Int(y[lane]) &- pad
            if fx >= 0, fy >= 0, fx < width, fy < height { bytes[lane] = Float(texels[fy &* width &+ fx]) }
        }
        return bytes / 255
    }
}

/// One pass of MapLibre's `symbol_sdf` fragment shader: the field sampled bilinearly (GL's
/// linear filter), turned into coverage with a smoothstep around `edge` (a halo: the band
/// between its edge and the glyph's, the inside left clear), times `color`, blended
/// source-over as GL blends (ONE, ONE_MINUS_SRC_ALPHA). `shade` is the scalar twin of
/// `shade8`: the same float operations per lane in the same order (`SDFKernelTests`).
@frozen public struct SDFPass {
    /// The pass's outline (field units, 0...1) and smoothstep half-width.
    public let edge: Float, gamma: Float
    /// Premultiplied colour (0...1) times opacity.
    public let color: SIMD4<Float>
    public let isHalo: Bool

    @inlinable
    public init(edge: Float, gamma: Float, color: SIMD4<Float>, isHalo: Bool) {
        self.edge = edge; self.gamma = gamma; self.color = color; self.isHalo = isHalo
    }

    /// The field value of the glyph's own outline (192/255 in MapLibre's atlas).
    @inlinable public static var glyphEdge: Float { (256 - 64) / 256 }

    /// Coverage at field value `dist`: inside the outline for text; for a halo, the band
    /// between the halo's edge and the glyph's.
    @inlinable @inline(__always)
    public func coverage(_ dist: Float) -> Float {
        let g = gamma
        let outer = Self.smoothstep(edge - g, edge + g, dist)
        guard isHalo else { return outer }
        let inner = Self.glyphEdge + g
        return min(outer, 1 - Self.smoothstep(inner - g, inner + g, dist))
    }

    @inlinable @inline(__always)
    public static func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
        let t = min(max((x - e0) / (e1 - e0), 0), 1)
        return t * t * (3 - 2 * t)
    }

    /// `coverage` lane by lane (Swift's `min`/`max` as selects, NaN kept as they keep it).
    @inlinable @inline(__always)
    func coverage8(_ dist: SIMD8<Float>) -> SIMD8<Float> {
        let g = gamma
        let outer = Self.smoothstep8(edge - g, edge + g, dist)
        guard isHalo else { return outer }
        let inner = Self.glyphEdge + g
        let band = 1 - Self.smoothstep8(inner - g, inner + g, dist)
        return Self.select(band, outer, where: band .< outer)
    }

    @inlinable @inline(__always)
    static func smoothstep8(_ e0: Float, _ e1: Float, _ x: SIMD8<Float>) -> SIMD8<Float> {
        var t = (x - e0) / (e1 - e0)
        t = t.replacing(with: 0, where: t .<= 0)
        t = t.replacing(with: 1, where: t .> 1)
        return t * t * (3 - 2 * t)
    }

    /// The field at padded-texel coordinates (ix + wx, iy + wy), bilinear between the four
    /// texels around it.
    @inlinable @inline(__always)
    public static func sample(_ f: SDFField, ix: Int, wx: Float, iy: Int, wy: Float) -> Float {
        let top = f.texel(ix, iy) * (1 - wx) + f.texel(ix &+ 1, iy) * wx
        let bottom = f.texel(ix, iy &+ 1) * (1 - wx) + f.texel(ix &+ 1, iy &+ 1) * wx
        return top * (1 - wy) + bottom * wy
    }

    /// Scalar: `dst` shaded with the field at (u, v) (padded-texel units, less ½: texel i's
    /// centre is at i, as GL's linear filter reads it).
    @inlinable @inline(__always)
    public func shade(_ dst: UInt32, _ f: SDFField, u: Float, v: Float) -> UInt32 {
        let ix = floorToInt(u), iy = floorToInt(v)
        let dist = Self.sample(f, ix: ix, wx: u - Float(ix), iy: iy, wy: v - Float(iy))
        let out = color * coverage(dist)
        guard out.w > 0 else { return dst }
        return ShaderBlend.over4(dst, color255: out * 255, alpha: min(out.w, 1), k: 1)
    }

    /// SIMD: eight pixels at `dst` shaded with the field at (u[i], v[i]) where `active[i]`
    /// (the others are left as they are). Coordinates beyond ±2^22 texels go lane by lane
    /// through `shade` (the float floor below is exact only short of that).
    @inlinable @inline(__always)
    public func shade8(_ dst: UnsafeMutablePointer<UInt32>, _ f: SDFField, u: SIMD8<Float>, v: SIMD8<Float>,
                       active: SIMDMask<SIMD8<Int32>>) {
        let limit = SIMD8<Float>(repeating: 4_194_304)
        let uu = u.replacing(with: 0, where: .!active), vv = v.replacing(with: 0, where: .!active)
        guard LaneMask.all((uu .< limit) .& (uu .> -limit) .& (vv .< limit) .& (vv .> -limit)) else {
            for lane in 0..<8 where active[lane] { dst[lane] = shade(dst[lane], f, u: u[lane], v: v[lane]) }
            return
        }
        let (fu, iu) = Self.floor8(uu), (fv, iv) = Self.floor8(vv)
        let wx = uu - fu, wy = vv - fv
        let one = SIMD8<Int32>(repeating: 1)
        let top = f.texels8(iu, iv) * (1 - wx) + f.texels8(iu &+ one, iv) * wx
        let bottom = f.texels8(iu, iv &+ one) * (1 - wx) + f.texels8(iu &+ one, iv &+ one) * wx
        let cov = coverage8(top * (1 - wy) + bottom * wy)
        let a = color.w * cov
        let drawn = active .& (a .> 0)
        guard LaneMask.any(drawn) else { return }
        // min(out.w, 1) as `shade` takes it, then GL's blend with k = 1.
        let inv = 1 - a.replacing(with: 1, where: 1 .< a)
        let raw = UnsafeMutableRawPointer(dst)
        let d = raw.loadUnaligned(as: SIMD8<UInt32>.self)
        @inline(__always) func channel(_ shift: UInt32, _ c: Float) -> SIMD8<UInt32> {
            ShaderBlend.rounded8((c * cov) * 255 + ShaderBlend.bytes8(d, shift) * inv, shift)
        }
        let out = channel(0, color.x) | channel(8, color.y) | channel(16, color.z) | channel(24, color.w)
        let keep = unsafeBitCast(drawn, to: SIMD8<UInt32>.self)
        raw.storeBytes(of: (out & keep) | (d & ~keep), as: SIMD8<UInt32>.self)
    }

    /// `a` where `mask`, else `b`, by bit masks (a select with a vector argument compiled to
    /// a loop through the stack: Raster's README).
    @inlinable @inline(__always)
    static func select(_ a: SIMD8<Float>, _ b: SIMD8<Float>, where mask: SIMDMask<SIMD8<Int32>>) -> SIMD8<Float> {
        let m = unsafeBitCast(mask, to: SIMD8<UInt32>.self)
        let bits = (unsafeBitCast(a, to: SIMD8<UInt32>.self) & m) | (unsafeBitCast(b, to: SIMD8<UInt32>.self) & ~m)
        return unsafeBitCast(bits, to: SIMD8<Float>.self)
    }

    /// floor of each lane (|x| < 2^22) as a float and as an integer, without libm: 1.5·2^23
    /// added rounds to the nearest whole number, a step down where that overshot.
    @inlinable @inline(__always)
    static func floor8(_ x: SIMD8<Float>) -> (SIMD8<Float>, SIMD8<Int32>) {
        let magic = SIMD8<Float>(repeating: 12_582_912)
        var r = (x + magic) - magic
        r = r - SIMD8<Float>(repeating: 0).replacing(with: 1, where: r .> x)
        let bits = unsafeBitCast(r + magic, to: SIMD8<Int32>.self) &- 0x4B40_0000
        return (r, bits)
    }
}
