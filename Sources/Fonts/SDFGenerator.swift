import SourceData

/// Turns a glyph outline into MapLibre's SDF glyph the way its glyph PBFs were made: the box
/// is the outline's bounds rounded to whole pixels, the field covers it with a 3 px margin,
/// and each texel holds 255 − clamp(32·d + 64) for its centre's distance d to the outline
/// (negative inside, even-odd), so the outline sits at 191 and the field fades out 6 px away.
/// Exact distances to the flattened outline's segments, not a resampled bitmap.
public enum SDFGenerator {
    /// Texels per pixel of distance × 32 (256 levels over MapLibre's 8 px radius).
    static let scale = 32.0
    /// The outline's level before inversion (MapLibre's 0.25 cut-off × 256).
    static let cutoff = 64.0
    /// Distance (px) past which every level is clamped: 32·d + 64 ≥ 255 from 5.97 px outside,
    /// ≤ 0 from 2 px inside.
    static let reach = 6.0

    public static func glyph(id: UInt32, outline: GlyphOutline) -> SDFGlyph {
        glyph(id: id, outline: outline, field: rowField)
    }

    /// The same glyph with every texel tested against every segment (the reference the row
    /// walk of `glyph` is held to by tests).
    static func bruteForceGlyph(id: UInt32, outline: GlyphOutline) -> SDFGlyph {
        glyph(id: id, outline: outline) { segments, fw, fh in
            var field = [UInt8](repeating: 0, count: fw * fh)
            segments.withUnsafeBufferPointer { segs in
                for y in 0..<fh {
                    let py = Double(fh - y - 1) + 0.5
                    for x in 0..<fw {
                        let p = SIMD2(Double(x) + 0.5, py)
                        var d = distance(p, segs).squareRoot()
                        if inside(p, segs) { d = -d }
                        field[y * fw + x] = texel(d)
                    }
                }
            }
            return field
        }
    }

    /// A texel's value for signed distance `d` (px, negative inside).
    @inline(__always)
    static func texel(_ d: Double) -> UInt8 {
        let level = min(max(d * scale + cutoff, 0), 255)
        return UInt8(255 - Int(level))
    }

    private static func glyph(id: UInt32, outline: GlyphOutline,
                              field makeField: ([SIMD4<Double>], Int, Int) -> [UInt8]) -> SDFGlyph {
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for ring in outline.rings {
            for p in ring where p.x.isFinite && p.y.isFinite {
                lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p)
            }
        }
        let empty = SDFGlyph(id: id, width: 0, height: 0, left: 0, top: 0, advance: outline.advance, bitmap: [])
        guard lo.x.isFinite, hi.x.isFinite else { return empty }
        lo = lo.rounded(.toNearestOrAwayFromZero); hi = hi.rounded(.toNearestOrAwayFromZero)
        let width = Int(hi.x - lo.x), height = Int(hi.y - lo.y)
        guard width > 0, height > 0, width <= 256, height <= 256 else { return empty }

        let b = SDFGlyph.border
        let fw = width + 2 * b, fh = height + 2 * b
        // Segments in field coordinates (x right, y up from the field's bottom edge).
        let shift = SIMD2<Double>(Double(b), Double(b)) - lo
        var segments: [SIMD4<Double>] = []
        for ring in outline.rings where ring.count >= 2 {
            for i in ring.indices {
                let a = ring[i] + shift, c = ring[(i + 1) % ring.count] + shift
                if a != c { segments.append(SIMD4(a.x, a.y, c.x, c.y)) }
            }
        }
        let field = makeField(segments, fw, fh)
        return SDFGlyph(id: id, width: width, height: height, left: Int(lo.x), top: Int(hi.y) - outline.ascender,
                        advance: outline.advance, bitmap: field)
    }

    /// The field of `segments` (field coordinates) over fw × fh texels, row by row.
    static func rowField(_ segments: [SIMD4<Double>], _ fw: Int, _ fh: Int) -> [UInt8] {
        var field = [UInt8](repeating: 0, count: fw * fh)
        // Per row: the segments that can be nearest (within `reach` of the row; beyond it every
        // level is clamped, so leaving them out changes no texel) and where the outline crosses
        // the row, sorted, for the even-odd test as the row is walked left to right.
        var near: [SIMD4<Double>] = []
        var crossings: [Double] = []
        near.reserveCapacity(segments.count)
        crossings.reserveCapacity(segments.count)
        for y in 0..<fh {
            // Row y of the field counts from the top; its centre's height is measured up.
            let py = Double(fh - y - 1) + 0.5
            near.removeAll(keepingCapacity: true)
            crossings.removeAll(keepingCapacity: true)
            for s in segments {
                if min(s.y, s.w) - reach <= py, py <= max(s.y, s.w) + reach { near.append(s) }
                if (s.y > py) != (s.w > py) { crossings.append(s.x + (py - s.y) / (s.w - s.y) * (s.z - s.x)) }
            }
            crossings.sort()
            var passed = 0   // crossings at or left of the texel centre
            near.withUnsafeBufferPointer { segs in
                for x in 0..<fw {
                    let p = SIMD2(Double(x) + 0.5, py)
                    while passed < crossings.count, crossings[passed] <= p.x { passed += 1 }
                    var d = distance(p, segs).squareRoot()
                    // Inside when an odd number of crossings lie right of the centre.
                    if (crossings.count - passed) % 2 == 1 { d = -d }
                    field[y * fw + x] = texel(d)
                }
            }
        }
        return field
    }

    /// Squared distance from `p` to the nearest segment.
    @inline(__always)
    static func distance(_ p: SIMD2<Double>, _ segs: UnsafeBufferPointer<SIMD4<Double>>) -> Double {
        var best = Double.infinity
        for s in segs {
            let a = SIMD2(s.x, s.y), ab = SIMD2(s.z, s.w) - a
            let len2 = (ab * ab).sum()
            let t = len2 > 0 ? min(max(((p - a) * ab).sum() / len2, 0), 1) : 0
            let q = a + ab * t - p
            best = min(best, (q * q).sum())
        }
        return best
    }

    /// Even-odd crossing test over every ring.
    @inline(__always)
    static func inside(_ p: SIMD2<Double>, _ segs: UnsafeBufferPointer<SIMD4<Double>>) -> Bool {
        var odd = false
        for s in segs where (s.y > p.y) != (s.w > p.y) {
            let x = s.x + (p.y - s.y) / (s.w - s.y) * (s.z - s.x)
            if p.x < x { odd.toggle() }
        }
        return odd
    }
}
