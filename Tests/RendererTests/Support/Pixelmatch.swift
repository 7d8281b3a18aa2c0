import Foundation

/// pixelmatch 7.2.0 (the version MapLibre GL JS pins for its render tests), ported from this
/// project's reference re-implementation `shared/render-tests/compare.py` step by step, so a
/// count here equals `compare.py`'s count for the same pair: YIQ colour distance against
/// `35215·threshold²`, translucent pixels blended over pixelmatch's checkerboard, and pixels
/// that look like anti-aliasing in either image not counted (unless `includeAA`).
///
/// Images are straight-alpha RGBA8, rows top to bottom. Arithmetic is `Double` in the same
/// order as the reference, so equal inputs give equal floating-point decisions.
enum Pixelmatch {
    struct Options {
        var threshold = 0.1
        var includeAA = false
        /// Opacity of the unchanged pixels in the diff image.
        var alpha = 0.1
        var aaColor: (UInt8, UInt8, UInt8) = (255, 255, 0)
        var diffColor: (UInt8, UInt8, UInt8) = (255, 0, 0)
        /// Colour for pixels where `img1` is the darker one (nil: `diffColor`).
        var diffColorAlt: (UInt8, UInt8, UInt8)?
        /// Diff image holds only the changed pixels (transparent elsewhere).
        var diffMask = false
        /// Blend translucent pixels over a checkerboard (pixelmatch ≥ 7) instead of white.
        var checkerboard = true
    }

    enum Failure: Error, Equatable { case sizeMismatch }

    /// Number of mismatched pixels of `img1` vs `img2`; when `output` is given (it must hold
    /// width·height·4 bytes) it receives pixelmatch's diff image: grey copy of `img1`, red for a
    /// counted mismatch, yellow for an anti-aliased one.
    static func count(_ img1: [UInt8], _ img2: [UInt8], width: Int, height: Int,
                      output: UnsafeMutableBufferPointer<UInt8>? = nil, options: Options = Options()) throws(Failure) -> Int {
        let n = width * height
        guard width >= 0, height >= 0, img1.count == img2.count, img1.count == n * 4,
              output == nil || output!.count == n * 4 else { throw .sizeMismatch }
        return img1.withUnsafeBufferPointer { a in
            img2.withUnsafeBufferPointer { b in
                Run(a: a, b: b, width: width, height: height, options: options).count(output: output)
            }
        }
    }

    /// pixelmatch's checkerboard colour behind byte offset `k` (white without checkerboard).
    @inline(__always)
    static func background(_ k: Int, checkerboard: Bool) -> (Double, Double, Double) {
        guard checkerboard else { return (255, 255, 255) }
        return (48 + 159 * Double(k % 2),
                48 + 159 * Double(Int(Double(k) / 1.618033988749895) % 2),
                48 + 159 * Double(Int(Double(k) / 2.618033988749895) % 2))
    }

    /// Signed YIQ distance of pixel `k` of `img1` and pixel `m` of `img2` (negative when
    /// `img1` is brighter, as in pixelmatch; only the sign's use in the diff colour matters).
    @inline(__always)
    static func colorDelta(_ img1: UnsafeBufferPointer<UInt8>, _ img2: UnsafeBufferPointer<UInt8>, _ k: Int, _ m: Int,
                           checkerboard: Bool) -> Double {
        let r1 = Double(img1[k]), g1 = Double(img1[k + 1]), b1 = Double(img1[k + 2]), a1 = Double(img1[k + 3])
        let r2 = Double(img2[m]), g2 = Double(img2[m + 1]), b2 = Double(img2[m + 2]), a2 = Double(img2[m + 3])
        var dr = r1 - r2, dg = g1 - g2, db = b1 - b2
        let da = a1 - a2
        if a1 < 255 || a2 < 255 {
            let (rb, gb, bb) = background(k, checkerboard: checkerboard)
            dr = (r1 * a1 - r2 * a2 - rb * da) / 255
            dg = (g1 * a1 - g2 * a2 - gb * da) / 255
            db = (b1 * a1 - b2 * a2 - bb * da) / 255
        }
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    /// Luma (Y) difference of pixels `k` and `m` of one image.
    @inline(__always)
    static func brightnessDelta(_ img: UnsafeBufferPointer<UInt8>, _ k: Int, _ m: Int, checkerboard: Bool) -> Double {
        let r1 = Double(img[k]), g1 = Double(img[k + 1]), b1 = Double(img[k + 2]), a1 = Double(img[k + 3])
        let r2 = Double(img[m]), g2 = Double(img[m + 1]), b2 = Double(img[m + 2]), a2 = Double(img[m + 3])
        var dr = r1 - r2, dg = g1 - g2, db = b1 - b2
        let da = a1 - a2
        if dr == 0 && dg == 0 && db == 0 && da == 0 { return 0 }
        if a1 < 255 || a2 < 255 {
            let (rb, gb, bb) = background(k, checkerboard: checkerboard)
            dr = (r1 * a1 - r2 * a2 - rb * da) / 255
            dg = (g1 * a1 - g2 * a2 - gb * da) / 255
            db = (b1 * a1 - b2 * a2 - bb * da) / 255
        }
        return dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
    }

    /// The faded grey of pixel `i` that pixelmatch paints for unchanged pixels.
    @inline(__always)
    static func gray(_ img: UnsafeBufferPointer<UInt8>, _ i: Int, alpha: Double) -> UInt8 {
        let luma = Double(img[i]) * 0.29889531 + Double(img[i + 1]) * 0.58662247 + Double(img[i + 2]) * 0.11448223
        return UInt8(Int(255 + (luma - 255) * alpha * Double(img[i + 3]) / 255))
    }
}

/// One comparison: both images, their 32-bit pixel views and the options.
private struct Run {
    let a: UnsafeBufferPointer<UInt8>
    let b: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int
    let options: Pixelmatch.Options

    @inline(__always)
    func pixel(_ img: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        let k = i * 4
        return UInt32(img[k]) | UInt32(img[k + 1]) << 8 | UInt32(img[k + 2]) << 16 | UInt32(img[k + 3]) << 24
    }

    func count(output: UnsafeMutableBufferPointer<UInt8>?) -> Int {
        let n = width * height
        let alt = options.diffColorAlt ?? options.diffColor
        let identical = n == 0 || memcmp(a.baseAddress!, b.baseAddress!, n * 4) == 0
        if identical {
            if let out = output, !options.diffMask { for i in 0..<n { paintGray(out, i * 4) } }
            return 0
        }
        let maxDelta = 35215 * options.threshold * options.threshold
        var diff = 0
        for i in 0..<n {
            let pos = 4 * i
            let delta = pixel(a, i) == pixel(b, i) ? 0 : Pixelmatch.colorDelta(a, b, pos, pos, checkerboard: options.checkerboard)
            if abs(delta) > maxDelta {
                let x = i % width, y = i / width
                let aa = !options.includeAA && (antialiased(a, x, y, own: a, other: b) || antialiased(b, x, y, own: b, other: a))
                if aa {
                    if let out = output, !options.diffMask { paint(out, pos, options.aaColor) }
                } else {
                    if let out = output { paint(out, pos, delta < 0 ? alt : options.diffColor) }
                    diff += 1
                }
            } else if let out = output, !options.diffMask {
                paintGray(out, pos)
            }
        }
        return diff
    }

    private func paint(_ out: UnsafeMutableBufferPointer<UInt8>, _ pos: Int, _ c: (UInt8, UInt8, UInt8)) {
        out[pos] = c.0; out[pos + 1] = c.1; out[pos + 2] = c.2; out[pos + 3] = 255
    }

    private func paintGray(_ out: UnsafeMutableBufferPointer<UInt8>, _ pos: Int) {
        let v = Pixelmatch.gray(a, pos, alpha: options.alpha)
        out[pos] = v; out[pos + 1] = v; out[pos + 2] = v; out[pos + 3] = 255
    }

    /// Whether pixel (x1, y1) of `img` sits on an anti-aliased edge: few equal neighbours, and
    /// its darkest or brightest neighbour lies in a flat area of both images.
    private func antialiased(_ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int,
                             own: UnsafeBufferPointer<UInt8>, other: UnsafeBufferPointer<UInt8>) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var mn = 0.0, mx = 0.0
        var mnx = 0, mny = 0, mxx = 0, mxy = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let d = Pixelmatch.brightnessDelta(img, pos, (y * width + x) * 4, checkerboard: options.checkerboard)
                if d == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if d < mn {
                    mn = d; mnx = x; mny = y
                } else if d > mx {
                    mx = d; mxx = x; mxy = y
                }
            }
        }
        if mn == 0 || mx == 0 { return false }
        return (hasManySiblings(own, mnx, mny) && hasManySiblings(other, mnx, mny))
            || (hasManySiblings(own, mxx, mxy) && hasManySiblings(other, mxx, mxy))
    }

    /// Whether pixel (x1, y1) has more than two identical neighbours (an image edge counts as one).
    private func hasManySiblings(_ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let val = pixel(img, y1 * width + x1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                if val == pixel(img, y * width + x) { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
