/// An image and its halvings (each texel the mean of the 2×2 below it, premultiplied), down
/// to one pixel: what a projective warp samples from so that ground far from a pitched camera,
/// squeezed into few pixels, is averaged rather than aliased (GL's trilinear filtering).
public struct MipChain: Sendable {
    public private(set) var levels: [Pixmap]

    public init(_ base: Pixmap, maxLevels: Int = 16) {
        levels = [base]
        while levels.count < maxLevels, let last = levels.last, last.width > 1 || last.height > 1 {
            levels.append(Self.halve(last))
        }
    }

    /// The next level: odd sizes round up, the missing column or row repeats the edge.
    static func halve(_ p: Pixmap) -> Pixmap {
        let w = (p.width + 1) / 2, h = (p.height + 1) / 2
        var out = Pixmap(width: w, height: h)
        p.withUnsafePixels { src in
            out.withUnsafeMutablePixels { dst in
                for y in 0..<h {
                    let y0 = 2 * y, y1 = min(2 * y + 1, p.height - 1)
                    for x in 0..<w {
                        let x0 = 2 * x, x1 = min(2 * x + 1, p.width - 1)
                        dst[y * w + x] = Self.mean(src[y0 * p.width + x0], src[y0 * p.width + x1],
                                                   src[y1 * p.width + x0], src[y1 * p.width + x1])
                    }
                }
            }
        }
        return out
    }

    /// Per-channel mean of four packed pixels, rounded.
    @inline(__always)
    static func mean(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
        let lo: UInt64 = 0x00FF_00FF
        func spread(_ p: UInt32) -> UInt64 { (UInt64(p) & lo) | ((UInt64(p) >> 8 & lo) << 32) }
        let s = spread(a) + spread(b) + spread(c) + spread(d) + 0x0002_0002_0002_0002
        let q = (s >> 2) & 0x00FF_00FF_00FF_00FF
        return UInt32(truncatingIfNeeded: (q & lo) | ((q >> 32 & lo) << 8))
    }
}
