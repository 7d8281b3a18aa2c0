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
        if filter == .bilinear, extend == .repeat {
            sampleRepeating(y: y, x: x, count: count, into: out)
            return
        }
        if let shift = wholePixelShift {
            sampleShifted(y: y, x: x, count: count, dx: shift.x, dy: shift.y, into: out)
            return
        }
        sampleGeneric(y: y, x: x, count: count, into: out)
    }

    /// The translation, when device → image is a nearest lookup shifted by whole pixels with
    /// nothing outside the image (a tile's clip canvas composited through its rotated square).
    var wholePixelShift: SIMD2<Int>? {
        let inv = inverse
        guard filter == .nearest, extend == .transparent, inv.a == 1, inv.b == 0, inv.c == 0, inv.d == 1,
              inv.tx == inv.tx.rounded(), inv.ty == inv.ty.rounded(), abs(inv.tx) < 4_194_304, abs(inv.ty) < 4_194_304
        else { return nil }
        return SIMD2(Int(inv.tx), Int(inv.ty))
    }

    /// `sampleGeneric` for a whole-pixel shift: the texels it would pick, a row at a time.
    func sampleShifted(y: Int, x: Int, count: Int, dx: Int, dy: Int, into out: UnsafeMutablePointer<UInt32>) {
        let sy = y + dy
        guard sy >= 0, sy < height else { out.update(repeating: 0, count: count); return }
        let row = texels + sy * width
        for i in 0..<count {
            let sx = x + i + dx
            out[i] = sx >= 0 && sx < width ? PixelMath.sanitized(row[sx]) : 0
        }
    }

    /// Every filter and extend mode, one texel lookup at a time (the reference the
    /// repeating fast path is tested against).
    func sampleGeneric(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let py = Float(y) + 0.5
        let inv = inverse
        for i in 0..<count {
            let px = Float(x + i) + 0.5
            let u = inv.a * px + inv.c * py + inv.tx
            let v = inv.b * px + inv.d * py + inv.ty
            out[i] = filter == .nearest ? nearest(u, v) : bilinear(u, v)
        }
    }

    /// Bilinear with the image tiling the plane (fill patterns): the same texels and weights
    /// as `sampleGeneric`, with the wrap done once per pixel instead of per texel and no
    /// libm rounding calls (a measured hot spot of pattern fills).
    func sampleRepeating(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let py = Float(y) + 0.5
        let inv = inverse
        let w = width, h = height
        for i in 0..<count {
            let px = Float(x + i) + 0.5
            let su = inv.a * px + inv.c * py + inv.tx - 0.5
            let sv = inv.b * px + inv.d * py + inv.ty - 0.5
            let ix = toInt(su), iy = toInt(sv)
            guard ix != Int.min / 2, iy != Int.min / 2 else { out[i] = 0; continue }
            let fx = Self.weight(su - Float(ix))
            let fy = Self.weight(sv - Float(iy))
            var x0 = ix % w; if x0 < 0 { x0 += w }
            var y0 = iy % h; if y0 < 0 { y0 += h }
            let x1 = x0 + 1 == w ? 0 : x0 + 1, y1 = y0 + 1 == h ? 0 : y0 + 1
            let r0 = texels + y0 * w, r1 = texels + y1 * w
            let top = Self.lerp(PixelMath.sanitized(r0[x0]), PixelMath.sanitized(r0[x1]), fx)
            let bottom = Self.lerp(PixelMath.sanitized(r1[x0]), PixelMath.sanitized(r1[x1]), fx)
            out[i] = Self.lerp(top, bottom, fy)
        }
    }

    /// A fractional position as an 8-bit bilinear weight: (d·256) clamped to 0...256 and
    /// rounded half away from zero, without a libm call.
    @inline(__always)
    static func weight(_ d: Float) -> UInt32 {
        let f = min(max(d * 256, 0), 256)
        let t = UInt32(f)
        return f - Float(t) >= 0.5 ? t + 1 : t
    }

    /// `f.rounded(.down)` clamped to ±2^30, without a libm call; Int.min / 2 for NaN and
    /// infinities.
    @inline(__always)
    private func toInt(_ f: Float) -> Int {
        guard f.isFinite else { return Int.min / 2 }
        let c = max(-Self.coordinateLimit, min(Self.coordinateLimit, f))
        let t = Int(c)
        return Float(t) > c ? t - 1 : t
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
    func bilinear(_ u: Float, _ v: Float) -> UInt32 {
        let su = u - 0.5, sv = v - 0.5
        let ix = toInt(su), iy = toInt(sv)
        guard ix != Int.min / 2, iy != Int.min / 2 else { return 0 }
        let fx = Self.weight(su - Float(ix))
        let fy = Self.weight(sv - Float(iy))
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
