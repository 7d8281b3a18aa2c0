/// Turns one 16-cell block of prefix-sum deltas into 16 coverage bytes (0...255), carrying
/// the running sum and zeroing the cells it read. The SIMD version does the prefix sum in
/// log steps on `SIMD8<Int32>` lanes (pslldq/paddd on x86); its scalar twin adds one cell at
/// a time. Both are exact integer arithmetic and agree bit for bit.
enum CoverageKernels {
    static let full = CoverageBuffer.fullCoverage

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

    @inline(__always)
    static func alpha(_ v: SIMD8<Int32>, evenOdd: Bool) -> SIMD8<UInt8> {
        let fullV = SIMD8<Int32>(repeating: full)
        var a = v.replacing(with: 0 &- v, where: v .< 0)
        if evenOdd {
            a &= (fullV &<< 1) &- 1
            a.replace(with: (fullV &<< 1) &- a, where: a .> fullV)
        } else {
            a.replace(with: fullV, where: a .> fullV)
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
    static func block(_ cells: UnsafeMutablePointer<Int32>, _ acc: inout Int32, _ out: UnsafeMutablePointer<UInt8>, evenOdd: Bool) {
        let raw = UnsafeMutableRawPointer(cells)
        var lo = prefixSum(raw.loadUnaligned(as: SIMD8<Int32>.self))
        var hi = prefixSum(raw.loadUnaligned(fromByteOffset: 32, as: SIMD8<Int32>.self))
        lo &+= SIMD8(repeating: acc)
        hi &+= SIMD8(repeating: lo[7])
        acc = hi[7]
        raw.storeBytes(of: SIMD8<Int32>(), as: SIMD8<Int32>.self)
        raw.storeBytes(of: SIMD8<Int32>(), toByteOffset: 32, as: SIMD8<Int32>.self)
        let o = UnsafeMutableRawPointer(out)
        o.storeBytes(of: alpha(lo, evenOdd: evenOdd), as: SIMD8<UInt8>.self)
        o.storeBytes(of: alpha(hi, evenOdd: evenOdd), toByteOffset: 8, as: SIMD8<UInt8>.self)
    }

    @inline(__always)
    static func blockScalar(_ cells: UnsafeMutablePointer<Int32>, _ acc: inout Int32, _ out: UnsafeMutablePointer<UInt8>, evenOdd: Bool) {
        var s = acc
        for i in 0..<CoverageBuffer.blockCells {
            s &+= cells[i]
            cells[i] = 0
            out[i] = alpha(s, evenOdd: evenOdd)
        }
        acc = s
    }
}
