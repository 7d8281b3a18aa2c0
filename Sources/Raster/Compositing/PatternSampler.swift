/// Samples a pattern for a run of device pixels (at pixel centres) into premultiplied
/// pixels. Valid only while the image memory it points to is alive (one draw call).
struct PatternSampler {
    let texels: UnsafePointer<UInt32>
    let width: Int
    let height: Int
    /// Device → image space.
    let inverse: Transform
    let filter: ImageFilter
    let extend: PatternExtend

    /// Image coordinates are clamped to this range before integer conversion.
    private static let coordinateLimit: Float = 1_073_741_824

    /// Fills `out[0..<count]` with the pattern at device pixels (x…x+count−1, y).
    func sample(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let py = Float(y) + 0.5
        let inv = inverse
        for i in 0..<count {
            let px = Float(x + i) + 0.5
            let u = inv.a * px + inv.c * py + inv.tx
            let v = inv.b * px + inv.d * py + inv.ty
            out[i] = filter == .nearest ? nearest(u, v) : bilinear(u, v)
        }
    }

    @inline(__always)
    private func toInt(_ f: Float) -> Int {
        guard f.isFinite else { return Int.min / 2 }
        return Int(max(-Self.coordinateLimit, min(Self.coordinateLimit, f)).rounded(.down))
    }

    /// The texel at (ix, iy) after applying the extend mode (0 = transparent).
    @inline(__always)
    private func texel(_ ix: Int, _ iy: Int) -> UInt32 {
        switch extend {
        case .repeat:
            var mx = ix % width; if mx < 0 { mx += width }
            var my = iy % height; if my < 0 { my += height }
            return texels[my * width + mx]
        case .pad:
            let mx = min(width - 1, max(0, ix)), my = min(height - 1, max(0, iy))
            return texels[my * width + mx]
        case .transparent:
            guard ix >= 0, ix < width, iy >= 0, iy < height else { return 0 }
            return texels[iy * width + ix]
        }
    }

    @inline(__always)
    private func nearest(_ u: Float, _ v: Float) -> UInt32 {
        PixelMath.sanitized(texel(toInt(u), toInt(v)))
    }

    /// Bilinear interpolation with 8-bit weights, two channels per 32-bit word.
    @inline(__always)
    private func bilinear(_ u: Float, _ v: Float) -> UInt32 {
        let su = u - 0.5, sv = v - 0.5
        let ix = toInt(su), iy = toInt(sv)
        guard ix != Int.min / 2, iy != Int.min / 2 else { return 0 }
        let fx = UInt32(max(0, min(256, ((su - Float(ix)) * 256).rounded())))
        let fy = UInt32(max(0, min(256, ((sv - Float(iy)) * 256).rounded())))
        let p00 = PixelMath.sanitized(texel(ix, iy)), p10 = PixelMath.sanitized(texel(ix + 1, iy))
        let p01 = PixelMath.sanitized(texel(ix, iy + 1)), p11 = PixelMath.sanitized(texel(ix + 1, iy + 1))
        let top = Self.lerp(p00, p10, fx), bottom = Self.lerp(p01, p11, fx)
        return Self.lerp(top, bottom, fy)
    }

    /// a·(256−w)/256 + b·w/256 per channel, rounded; w in 0...256.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let m = PixelMath.lowBytes
        let iw = 256 - w
        let rb = (((a & m) &* iw &+ (b & m) &* w &+ 0x0080_0080) >> 8) & m
        let ag = ((((a >> 8) & m) &* iw &+ ((b >> 8) & m) &* w &+ 0x0080_0080) >> 8) & m
        return rb | (ag << 8)
    }
}
