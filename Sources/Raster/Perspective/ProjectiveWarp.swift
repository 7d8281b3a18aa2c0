/// Draws a mip-mapped image through a projective map, source-over: each device pixel centre is
/// taken back through `map` (device → image pixels, homogeneous) and the image is sampled
/// there trilinearly (bilinear in the two levels around the pixel's footprint, mixed), as GL
/// samples a texture drawn in perspective. Pixels whose centre maps behind the eye (W ≤ 0)
/// or outside the image are left alone.
public struct ProjectiveWarp {
    public let chain: MipChain
    /// Device pixel centre → image pixel (image pixel centres at i + 0.5).
    public let map: Homography

    /// Levels added to each pixel's level of detail (negative: sharper, GL's LOD bias).
    public var lodBias: Double

    public init(chain: MipChain, map: Homography, lodBias: Double = 0) {
        self.chain = chain; self.map = map; self.lodBias = lodBias
    }

    /// Composites the warped image over `canvas` in rows `rows` (clamped to the canvas).
    public func draw(on canvas: Canvas, rows: Range<Int>) {
        let y0 = max(0, rows.lowerBound), y1 = min(canvas.height, rows.upperBound)
        guard y0 < y1, let base = chain.levels.first, base.width > 0, base.height > 0 else { return }
        let width = canvas.width
        let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = map.m
        // footprint² below which 0.5·log2(footprint²) + lodBias ≤ 0.
        let levelZeroFootprint = lodBias < 0 ? Double(1 << min(60, Int(-2 * lodBias))) : 1
        canvas.withUnsafeMutablePixels { px in
            for y in y0..<y1 {
                let cy = Double(y) + 0.5
                for x in 0..<width {
                    let cx = Double(x) + 0.5
                    let W = m6 * cx + m7 * cy + m8
                    guard W > 0 else { continue }
                    let iw = 1 / W
                    let u = (m0 * cx + m1 * cy + m2) * iw, v = (m3 * cx + m4 * cy + m5) * iw
                    guard u >= 0, v >= 0, u <= Double(base.width), v <= Double(base.height) else { continue }
                    // The pixel's footprint in image pixels: the map's derivatives along x and y.
                    let dux = (m0 - u * m6) * iw, dvx = (m3 - v * m6) * iw
                    let duy = (m1 - u * m7) * iw, dvy = (m4 - v * m7) * iw
                    let footprint = max(dux * dux + dvx * dvx, duy * duy + dvy * dvy)
                    // Level 0 while the biased level would be ≤ 0 (no log2 for most of the view).
                    let s = sample(u: u, v: v, lod: footprint <= levelZeroFootprint ? 0 : max(0, 0.5 * Math.log2(footprint) + lodBias))
                    guard s != 0 else { continue }
                    let i = y * width + x
                    px[i] = s >> 24 == 255 ? s : PixelMath.over(s, px[i])
                }
            }
        }
    }

    /// Trilinear sample at image position (u, v) of level 0, `lod` levels down.
    @inline(__always)
    func sample(u: Double, v: Double, lod: Double) -> UInt32 {
        let top = chain.levels.count - 1
        let l = min(Double(top), lod)
        let l0 = Int(l), t = Float(l - Double(l0))
        let a = bilinear(chain.levels[l0], u: u / Double(1 << l0), v: v / Double(1 << l0))
        guard t > 0, l0 < top else { return Self.pack(a) }
        let b = bilinear(chain.levels[l0 + 1], u: u / Double(2 << l0), v: v / Double(2 << l0))
        return Self.pack(a + (b - a) * t)
    }

    /// Bilinear sample with edges clamped, as floats 0…255.
    @inline(__always)
    func bilinear(_ p: Pixmap, u: Double, v: Double) -> SIMD4<Float> {
        let fx = u - 0.5, fy = v - 0.5
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let tx = Float(fx - Double(x0)), ty = Float(fy - Double(y0))
        let xa = max(0, min(p.width - 1, x0)), xb = max(0, min(p.width - 1, x0 + 1))
        let ya = max(0, min(p.height - 1, y0)), yb = max(0, min(p.height - 1, y0 + 1))
        return p.withUnsafePixels { t in
            let top = Self.unpack(t[ya * p.width + xa]) * (1 - tx) + Self.unpack(t[ya * p.width + xb]) * tx
            let bottom = Self.unpack(t[yb * p.width + xa]) * (1 - tx) + Self.unpack(t[yb * p.width + xb]) * tx
            return top * (1 - ty) + bottom * ty
        }
    }

    @inline(__always)
    static func unpack(_ p: UInt32) -> SIMD4<Float> {
        SIMD4(Float(p & 0xFF), Float(p >> 8 & 0xFF), Float(p >> 16 & 0xFF), Float(p >> 24))
    }

    /// Rounded back to bytes; colour never above alpha (premultiplied).
    @inline(__always)
    static func pack(_ c: SIMD4<Float>) -> UInt32 {
        let a = min(255, max(0, (c.w + 0.5).rounded(.down)))
        let r = min(a, max(0, (c.x + 0.5).rounded(.down))), g = min(a, max(0, (c.y + 0.5).rounded(.down)))
        let b = min(a, max(0, (c.z + 0.5).rounded(.down)))
        return UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }
}
