import Raster
import Foundation

/// One dash pattern as MapLibre's line atlas draws it: a signed distance field, 256 texels
/// per pattern length (a byte each, 128 on the dash edge, positive inside dashes), sampled
/// with linear filtering and repeated along the line. Round caps are baked in as 15 rows
/// across the line whose distances are measured to rounded dash ends; other patterns are one
/// row.
struct LineDashPattern {
    static let width = 256
    /// Rows either side of the middle row (7 with round caps, else 0).
    let halfRows: Int
    /// Sum of the dash array (in line widths): one repeat of the texture.
    let length: Double
    private(set) var texels: [UInt8]

    var rowCount: Int { 2 * halfRows + 1 }

    /// Computed in doubles, as MapLibre's JavaScript does: dash edges often fall within a
    /// rounding error of a texel, and the truncated bytes show which side they fell on.
    init(dasharray: [Double], round: Bool) {
        halfRows = round ? 7 : 0
        let total = dasharray.reduce(0, +)
        length = total
        texels = [UInt8](repeating: 0, count: Self.width * (2 * halfRows + 1))
        guard total != 0, total.isFinite, !dasharray.isEmpty else { return }
        let stretch = Double(Self.width) / total
        let ranges = Self.ranges(dasharray, stretch: stretch)
        if round { drawRound(ranges, stretch: stretch) } else { drawRegular(ranges) }
    }

    struct Range { var left: Double, right: Double, isDash: Bool, zeroLength: Bool }

    /// Dash and gap intervals in texels; with an odd count the last dash runs on into the
    /// first, so it starts before 0.
    static func ranges(_ d: [Double], stretch: Double) -> [Range] {
        var out: [Range] = []
        let odd = d.count % 2 == 1
        out.append(Range(left: odd ? -d[d.count - 1] * stretch : 0, right: d[0] * stretch, isDash: true, zeroLength: d[0] == 0))
        var isDash = true
        var current = d[0]
        for i in 1..<d.count {
            isDash.toggle()
            let left = current * stretch
            current += d[i]
            out.append(Range(left: left, right: current * stretch, isDash: isDash, zeroLength: d[i] == 0))
        }
        return out
    }

    /// Byte as the atlas stores it (clamped, then truncated).
    @inline(__always)
    private static func byte(_ signedDistance: Double) -> UInt8 {
        let v = max(0, min(255, signedDistance + 128))
        return v.isNaN ? 0 : UInt8(v)
    }

    /// Walks the ranges left to right as MapLibre does: at most one step per texel, moving
    /// on once x / right exceeds 1.
    @inline(__always)
    private static func advance(_ ranges: [Range], _ index: inout Int, x: Int) {
        if Double(x) / ranges[index].right > 1, index + 1 < ranges.count { index += 1 }
    }

    private mutating func drawRound(_ ranges: [Range], stretch: Double) {
        let n = halfRows
        let halfStretch = stretch / 2
        for y in -n...n {
            let base = Self.width * (n + y)
            var index = 0
            let distMiddle = Double(y) / Double(n) * (halfStretch + 1)
            for x in 0..<Self.width {
                Self.advance(ranges, &index, x: x)
                let r = ranges[index]
                let minDist = min(abs(Double(x) - r.left), abs(Double(x) - r.right))
                let sd: Double
                if r.isDash {
                    let distEdge = halfStretch - abs(distMiddle)
                    sd = (minDist * minDist + distEdge * distEdge).squareRoot()
                } else {
                    sd = halfStretch - (minDist * minDist + distMiddle * distMiddle).squareRoot()
                }
                texels[base + x] = Self.byte(sd)
            }
        }
    }

    private mutating func drawRegular(_ input: [Range]) {
        var ranges = input
        // Drop zero-length parts and merge neighbours of the same kind.
        var i = ranges.count - 1
        while i >= 0 {
            if ranges[i].zeroLength {
                ranges.remove(at: i)
            } else if i + 1 < ranges.count, ranges[i + 1].isDash == ranges[i].isDash {
                ranges[i + 1].left = ranges[i].left
                ranges.remove(at: i)
            }
            i -= 1
        }
        guard !ranges.isEmpty else { return }
        // Join the first and last parts across the repeat when they are of the same kind.
        let w = Double(Self.width)
        if ranges[0].isDash == ranges[ranges.count - 1].isDash {
            ranges[0].left = ranges[ranges.count - 1].left - w
            ranges[ranges.count - 1].right = ranges[0].right + w
        }
        var index = 0
        for x in 0..<Self.width {
            Self.advance(ranges, &index, x: x)
            let r = ranges[index]
            let minDist = min(abs(Double(x) - r.left), abs(Double(x) - r.right))
            texels[x] = Self.byte(r.isDash ? minDist : -minDist)
        }
    }

    /// The field (0...1) at texture x (pattern lengths, repeating) and row (0...2·halfRows),
    /// linearly filtered like a GL_LINEAR / GL_REPEAT texture.
    @inline(__always)
    static func sample(x: Float, row: Float, halfRows: Int, texels t: UnsafePointer<UInt8>) -> Float {
        let w = width
        let u = x * Float(w) - 0.5
        guard u.isFinite else { return 0 }
        let fu = floorFloat(u)
        let fx = u - fu
        let wrapped = fu - floorFloat(fu / Float(w)) * Float(w)
        let i0 = min(w - 1, max(0, Int(wrapped)))
        let i1 = i0 + 1 == w ? 0 : i0 + 1
        if halfRows == 0 {
            return (Float(t[i0]) + (Float(t[i1]) - Float(t[i0])) * fx) / 255
        }
        let r = min(max(row, 0), Float(2 * halfRows))
        let j0 = min(Int(r), 2 * halfRows), j1 = min(j0 + 1, 2 * halfRows)
        let fy = r - Float(j0)
        let a = Float(t[j0 * w + i0]) + (Float(t[j0 * w + i1]) - Float(t[j0 * w + i0])) * fx
        let b = Float(t[j1 * w + i0]) + (Float(t[j1 * w + i1]) - Float(t[j1 * w + i0])) * fx
        return (a + (b - a) * fy) / 255
    }
}

/// The patterns one layer uses, made once per (dash array, round) as MapLibre's atlas does.
struct LineDashAtlas {
    private var patterns: [[Double]: (plain: LineDashPattern?, round: LineDashPattern?)] = [:]

    mutating func pattern(_ dasharray: [Double], round: Bool) -> LineDashPattern {
        var entry = patterns[dasharray] ?? (nil, nil)
        if round, let p = entry.round { return p }
        if !round, let p = entry.plain { return p }
        let p = SharedLineDashPatterns.pattern(dasharray, round: round)
        if round { entry.round = p } else { entry.plain = p }
        patterns[dasharray] = entry
        return p
    }
}

/// Dash patterns shared by every render: a pattern is a function of its dash array and caps
/// alone, and making one (a signed-distance row per half-width step) costs more than drawing
/// the dashed lines of most tiles. Bounded: past `maxEntries` the table starts over.
enum SharedLineDashPatterns {
    private struct Key: Hashable { let dasharray: [Double]; let round: Bool }
    private static let lock = NSLock()
    nonisolated(unsafe) private static var patterns: [Key: LineDashPattern] = [:]
    static let maxEntries = 1024

    static func pattern(_ dasharray: [Double], round: Bool) -> LineDashPattern {
        let key = Key(dasharray: dasharray, round: round)
        lock.lock()
        if let p = patterns[key] { lock.unlock(); return p }
        lock.unlock()
        let p = LineDashPattern(dasharray: dasharray, round: round)
        lock.lock()
        if patterns.count >= maxEntries { patterns.removeAll(keepingCapacity: true) }
        patterns[key] = p
        lock.unlock()
        return p
    }
}
