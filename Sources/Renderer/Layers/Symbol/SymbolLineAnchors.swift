import Foundation

/// A point on a line where a line-placed label is centred, in tile units (MapLibre's 8192
/// extent), with the direction of the segment it lies on and that segment's index.
struct LineAnchor: Equatable {
    var x: Double
    var y: Double
    /// Angle of the segment (radians, atan2 of its end minus its start, y down).
    var angle: Double
    var segment: Int
}

/// Where `symbol-placement: line` and `line-center` put labels along a line, as MapLibre
/// decides it at layout time in tile units: an anchor every `symbol-spacing` (widened for long
/// labels), the first one half a label plus two ems from a line's start (or half a spacing
/// when the line comes in from beyond the tile), every anchor rounded to whole tile units and
/// dropped when the label would run off the line or bend more than `text-max-angle` within a
/// window of 3/5 em. Pure functions of the line, so tiles agree and tests can check them.
enum SymbolLineAnchors {
    typealias Point = SIMD2<Double>

    /// The inputs of one feature's anchors. Lengths are in tile units except `labelLength`
    /// (the shaped label's width in 24 px ems × 24, before `boxScale`).
    struct Parameters {
        var spacing: Double
        var maxAngle: Double
        var labelLength: Double
        /// Tile units per shaping unit (tile pixel ratio × the anchor text size / 24, `SymbolLayerLayout.anchorSizeContext`).
        var boxScale: Double
        var overscaling: Double = 1
        var extent: Double = 8192
        /// Text takes part in the angle check; an icon alone does not.
        var hasText: Bool

        var angleWindow: Double { hasText ? 3.0 / 5.0 * 24 * boxScale : 0 }
    }

    static func length(_ line: [Point]) -> Double {
        var total = 0.0
        for k in line.indices.dropLast() { total += distance(line[k], line[k + 1]) }
        return total
    }

    @inline(__always) static func distance(_ a: Point, _ b: Point) -> Double { ((a - b) * (a - b)).sum().squareRoot() }

    /// Angle of the vector from `b` to `a` (MapLibre's `a.angleTo(b)`).
    @inline(__always) static func angle(_ a: Point, to b: Point) -> Double { atan2(a.y - b.y, a.x - b.x) }

    /// Anchors every spacing along `line` (one clipped piece of a feature), for `line` placement.
    static func anchors(_ line: [Point], _ p: Parameters) -> [LineAnchor] {
        guard line.count > 1 else { return [] }
        let labelLength = p.labelLength * p.boxScale
        let first = line[0]
        let continued = first.x == 0 || first.x == p.extent || first.y == 0 || first.y == p.extent
        var spacing = p.spacing
        if spacing - labelLength < spacing / 4 { spacing = labelLength + spacing / 4 }
        guard spacing > 0, spacing.isFinite else { return [] }
        let extraOffset = 24.0 * 2
        let offset = continued ? (spacing / 2 * p.overscaling).truncatingRemainder(dividingBy: spacing)
            : ((p.labelLength / 2 + extraOffset) * p.boxScale * p.overscaling).truncatingRemainder(dividingBy: spacing)
        return resample(line, offset: offset, spacing: spacing, labelLength: labelLength, continued: continued,
                        atMiddle: false, p)
    }

    private static func resample(_ line: [Point], offset: Double, spacing: Double, labelLength: Double, continued: Bool,
                                 atMiddle: Bool, _ p: Parameters) -> [LineAnchor] {
        let half = labelLength / 2
        let total = length(line)
        var distance = 0.0
        var marked = offset - spacing
        var out: [LineAnchor] = []
        for i in line.indices.dropLast() {
            let a = line[i], b = line[i + 1]
            let segment = Self.distance(a, b)
            let angle = Self.angle(b, to: a)
            // A label every spacing; the cap keeps a degenerate spacing from looping forever.
            while marked + spacing < distance + segment, out.count < 100_000 {
                marked += spacing
                let t = (marked - distance) / segment
                let x = a.x + (b.x - a.x) * t, y = a.y + (b.y - a.y) * t
                guard x >= 0, x < p.extent, y >= 0, y < p.extent, marked - half >= 0, marked + half <= total else { continue }
                let anchor = LineAnchor(x: x.rounded(), y: y.rounded(), angle: angle, segment: i)
                if p.angleWindow == 0 || fitsMaxAngle(line, anchor, labelLength: labelLength, window: p.angleWindow, maxAngle: p.maxAngle) {
                    out.append(anchor)
                }
            }
            distance += segment
        }
        // Nothing fitted: one more try with a single anchor at the middle of the line.
        if !atMiddle, out.isEmpty, !continued {
            out = resample(line, offset: distance / 2, spacing: spacing, labelLength: labelLength, continued: continued,
                           atMiddle: true, p)
        }
        return out
    }

    /// The one anchor of `line-center` placement: the middle of the line, if the label fits
    /// the angle check there.
    static func centerAnchor(_ line: [Point], _ p: Parameters) -> LineAnchor? {
        guard line.count > 1 else { return nil }
        let labelLength = p.labelLength * p.boxScale
        let center = length(line) / 2
        var prior = 0.0
        for i in line.indices.dropLast() {
            let a = line[i], b = line[i + 1]
            let segment = distance(a, b)
            if prior + segment > center {
                let t = (center - prior) / segment
                let anchor = LineAnchor(x: (a.x + (b.x - a.x) * t).rounded(), y: (a.y + (b.y - a.y) * t).rounded(),
                                        angle: angle(b, to: a), segment: i)
                if p.angleWindow == 0 || fitsMaxAngle(line, anchor, labelLength: labelLength, window: p.angleWindow, maxAngle: p.maxAngle) {
                    return anchor
                }
                return nil
            }
            prior += segment
        }
        return nil
    }

    /// `text-max-angle`: false when the corners of the line under the label turn by more than
    /// `maxAngle` (radians) in total within any stretch of `window` tile units, or when the
    /// label runs past either end of the line.
    static func fitsMaxAngle(_ line: [Point], _ anchor: LineAnchor, labelLength: Double, window: Double, maxAngle: Double) -> Bool {
        var p = Point(anchor.x, anchor.y)
        var index = anchor.segment + 1
        var along = 0.0
        // Back to the first segment the label lies on.
        while along > -labelLength / 2 {
            index -= 1
            if index < 0 { return false }
            along -= distance(line[index], p)
            p = line[index]
        }
        along += distance(line[index], line[index + 1])
        index += 1
        var corners: [(distance: Double, delta: Double)] = []
        var first = 0
        var sum = 0.0
        // Forward over the label's length, summing the turns in the window.
        while along < labelLength / 2 {
            guard index + 1 < line.count else { return false }
            let prev = line[index - 1], current = line[index], next = line[index + 1]
            var delta = angle(prev, to: current) - angle(current, to: next)
            delta = abs((delta + 3 * Double.pi).truncatingRemainder(dividingBy: 2 * Double.pi) - Double.pi)
            corners.append((along, delta))
            sum += delta
            while along - corners[first].distance > window {
                sum -= corners[first].delta
                first += 1
            }
            if sum > maxAngle { return false }
            index += 1
            along += distance(current, next)
        }
        return true
    }

    /// A line cut to the rectangle [x0, x1] × [y0, y1]: the pieces inside, each a line of
    /// its own (MapLibre clips line labels to the tile before placing anchors).
    static func clip(_ line: [Point], x0: Double, y0: Double, x1: Double, y1: Double) -> [[Point]] {
        var pieces: [[Point]] = []
        var current: [Point] = []
        for i in line.indices.dropLast() {
            var a = line[i], b = line[i + 1]
            // Liang–Barsky on the segment.
            var t0 = 0.0, t1 = 1.0
            let d = b - a
            var inside = true
            for (pv, qv) in [(-d.x, a.x - x0), (d.x, x1 - a.x), (-d.y, a.y - y0), (d.y, y1 - a.y)] {
                if pv == 0 {
                    if qv < 0 { inside = false; break }
                } else {
                    let r = qv / pv
                    if pv < 0 { if r > t1 { inside = false; break }; if r > t0 { t0 = r } }
                    else { if r < t0 { inside = false; break }; if r < t1 { t1 = r } }
                }
            }
            guard inside else {
                if current.count > 1 { pieces.append(current) }
                current = []
                continue
            }
            // Points cut at an edge lie on it exactly (MapLibre tests `x == 0` for lines
            // that continue beyond the tile).
            func snap(_ q: Point) -> Point {
                var q = q
                for (v, axis) in [(x0, 0), (x1, 0), (y0, 1), (y1, 1)] where abs(q[axis] - v) < 1e-6 { q[axis] = v }
                return q
            }
            let start = t0 > 0 ? snap(a + d * t0) : a
            let end = t1 < 1 ? snap(a + d * t1) : b
            a = start; b = end
            if current.isEmpty || current.last! != a {
                if current.count > 1 { pieces.append(current) }
                current = [a]
            }
            current.append(b)
            if t1 < 1 {
                pieces.append(current)
                current = []
            }
        }
        if current.count > 1 { pieces.append(current) }
        return pieces
    }
}
