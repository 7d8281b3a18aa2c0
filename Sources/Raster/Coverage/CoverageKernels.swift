/// Turns one 16-cell block of prefix-sum deltas into 16 coverage bytes (0...255), carrying
/// the running sum and zeroing the cells it read. The SIMD version does the prefix sum in
/// log steps on `SIMD8<Int32>` lanes (pslldq/paddd on x86); its scalar twin adds one cell at
/// a time. Both are exact integer arithmetic and agree bit for bit.
enum CoverageKernels {
    static let full = CoverageBuffer.fullCoverage

    /// The fill rule as a type, so the sweep is specialised per rule and the per-pixel
    /// rule test disappears from the hot loop.
    protocol Rule {
        static func alpha(_ v: Int32) -> UInt8
        static func alpha(_ v: SIMD8<Int32>) -> SIMD8<UInt8>
    }

    enum NonZero: Rule {
        @inline(__always) static func alpha(_ v: Int32) -> UInt8 { CoverageKernels.alpha(v, evenOdd: false) }
        @inline(__always) static func alpha(_ v: SIMD8<Int32>) -> SIMD8<UInt8> { CoverageKernels.alpha(v, evenOdd: false) }
    }

    enum EvenOdd: Rule {
        @inline(__always) static func alpha(_ v: Int32) -> UInt8 { CoverageKernels.alpha(v, evenOdd: true) }
        @inline(__always) static func alpha(_ v: SIMD8<Int32>) -> SIMD8<UInt8> { CoverageKernels.alpha(v, evenOdd: true) }
    }

    /// Coverage byte of a running sum: round(min(|v|, 1) · 255) for non-zero,
    /// the triangle wave of |v| with period 2 for even-odd.
    @inline(__always)
    static func alpha(_ v: Int32, evenOdd: Bool) -> UInt8 {
        var a = v < 0 ? 0 &- v : v
        if evenOdd {
            a &= (full << 1) - 1
            if a > full { a = (full << 1) - a }
        } else if a > full {
            a = full
        }
        return UInt8(truncatingIfNeeded: ((a << 8) - a + (full >> 1)) >> 17)
    }

    /// The same as the scalar `alpha`, written with shifts and masks only: `replacing(with:
    /// where:)` compiled to a per-lane loop through the stack and `pointwiseMin` may stay an
    /// out-of-line call; this is straight psrad/pxor/psubd/pand.
    @inline(__always)
    static func alpha(_ v: SIMD8<Int32>, evenOdd: Bool) -> SIMD8<UInt8> {
        let fullV = SIMD8<Int32>(repeating: full)
        let sign = v &>> 31
        var a = (v ^ sign) &- sign
        if evenOdd {
            // Triangle wave: a mod 2 folded, = full − |a mod 2full − full|.
            let d = (a & ((fullV &<< 1) &- 1)) &- fullV
            let ds = d &>> 31
            a = fullV &- ((d ^ ds) &- ds)
        } else {
            let d = fullV &- a          // min(a, full) = a + (d & (d >> 31))
            a &+= d & (d &>> 31)
        }
        return SIMD8<UInt8>(truncatingIfNeeded: ((a &<< 8) &- a &+ (fullV &>> 1)) &>> 17)
    }

    @inline(__always)
    static func prefixSum(_ v: SIMD8<Int32>) -> SIMD8<Int32> {
        var s = v
        s &+= SIMD8(0, s[0], s[1], s[2], s[3], s[4], s[5], s[6])
        s &+= SIMD8(0, 0, s[0], s[1], s[2], s[3], s[4], s[5])
        s &+= SIMD8(0, 0, 0, 0, s[0], s[1], s[2], s[3])
        return s
    }

    @inline(__always)
    static func block<R: Rule>(_ cells: UnsafeMutablePointer<Int32>, _ acc: inout Int32, _ out: UnsafeMutablePointer<UInt8>, rule: R.Type) {
        let raw = UnsafeMutableRawPointer(cells)
        var lo = prefixSum(raw.loadUnaligned(as: SIMD8<Int32>.self))
        var hi = prefixSum(raw.loadUnaligned(fromByteOffset: 32, as: SIMD8<Int32>.self))
        lo &+= SIMD8(repeating: acc)
        hi &+= SIMD8(repeating: lo[7])
        acc = hi[7]
        raw.storeBytes(of: SIMD8<Int32>(), as: SIMD8<Int32>.self)
        raw.storeBytes(of: SIMD8<Int32>(), toByteOffset: 32, as: SIMD8<Int32>.self)
        let o = UnsafeMutableRawPointer(out)
        o.storeBytes(of: R.alpha(lo), as: SIMD8<UInt8>.self)
        o.storeBytes(of: R.alpha(hi), toByteOffset: 8, as: SIMD8<UInt8>.self)
    }

    @inline(__always)
    static func blockScalar<R: Rule>(_ cells: UnsafeMutablePointer<Int32>, _ acc: inout Int32, _ out: UnsafeMutablePointer<UInt8>, rule: R.Type) {
        var s = acc
        for i in 0..<CoverageBuffer.blockCells {
            s &+= cells[i]
            cells[i] = 0
            out[i] = R.alpha(s)
        }
        acc = s
    }
}
