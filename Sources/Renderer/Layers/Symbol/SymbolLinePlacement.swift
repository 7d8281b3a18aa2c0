import Foundation

/// Line labels at view time, as MapLibre's `projection` places them: the line projected to
/// device pixels, each glyph walked from the anchor along it by its own distance (so a label
/// bends with the line), turned to the segment it lands on and moved sideways by the
/// label's line offset. With `text-keep-upright` a label whose first glyph would land right
/// of its last is placed again walking the other way, upside-up.
enum SymbolLinePlacement {
    typealias Point = SIMD2<Double>

    /// A line-placed label's line in device pixels and where its anchor lies on it.
    struct Path {
        var points: [Point]
        var anchor: Point
        /// Index of the segment (points[segment] → points[segment + 1]) holding the anchor.
        var segment: Int
    }

    /// One glyph (or icon) placed on the line: its centre, the angle its quad turns by, and
    /// the vertices walked from the anchor to it (for collision circles).
    struct Placed {
        var point: Point
        var angle: Double
        var path: [Point]
    }

    /// The point `offsetX` device pixels along the line from the anchor (negative: backwards),
    /// moved `lineOffsetY` to the side; nil when the line ends first. With a side offset the
    /// walk follows the offset line (each segment moved along its normal, consecutive ones
    /// cut or extended to meet), so glyphs keep their spacing around bends, as MapLibre walks.
    static func placeGlyph(offsetX: Double, lineOffsetX: Double, lineOffsetY: Double, flip: Bool, on path: Path) -> Placed? {
        let combined = flip ? offsetX - lineOffsetX : offsetX + lineOffsetX
        var dir = combined > 0 ? 1 : -1
        var angle = 0.0
        if flip { dir = -dir; angle = .pi }
        if dir < 0 { angle += .pi }
        var index = dir > 0 ? path.segment : path.segment + 1
        var current = path.anchor, prev = path.anchor
        var offsetPrev: Point?, offsetCurrent: Point?
        var walked = 0.0, segmentLength = 0.0
        var segment = Point.zero
        let target = abs(combined)
        var vertices: [Point] = []
        func normal(_ v: Point) -> Point {
            let len = (v * v).sum().squareRoot()
            return len > 0 ? Point(-v.y, v.x) / len * (lineOffsetY * Double(dir)) : .zero
        }
        while walked + segmentLength <= target {
            index += dir
            guard index >= 0, index < path.points.count else { return nil }
            walked += segmentLength
            prev = current
            offsetPrev = offsetCurrent
            current = path.points[index]
            if lineOffsetY == 0 {
                vertices.append(prev)
                segment = current - prev
            } else {
                var n = normal(current - prev)
                if current == prev, index + dir >= 0, index + dir < path.points.count {
                    n = normal(path.points[index + dir] - current)
                }
                let start = offsetPrev ?? prev + n
                offsetPrev = start
                var corner = current + n
                if index + dir >= 0, index + dir < path.points.count {
                    let next = path.points[index + dir]
                    let m = normal(next - current)
                    corner = intersection(start, current + n, current + m, next + m) ?? corner
                }
                offsetCurrent = corner
                vertices.append(start)
                segment = corner - start
            }
            segmentLength = (segment * segment).sum().squareRoot()
        }
        let t = (target - walked) / segmentLength
        let p = segment * t + (offsetPrev ?? prev)
        vertices.append(p)
        return Placed(point: p, angle: angle + atan2(current.y - prev.y, current.x - prev.x), path: vertices)
    }

    /// Where the lines through a1–a2 and b1–b2 meet; nil when they are parallel.
    static func intersection(_ a1: Point, _ a2: Point, _ b1: Point, _ b2: Point) -> Point? {
        let d = (b2.y - b1.y) * (a2.x - a1.x) - (b2.x - b1.x) * (a2.y - a1.y)
        guard d != 0 else { return nil }
        let ua = ((b2.x - b1.x) * (a1.y - b1.y) - (b2.y - b1.y) * (a1.x - b1.x)) / d
        return a1 + (a2 - a1) * ua
    }

    /// Every glyph of a label placed along the line: `offsets` are the glyph centres along the
    /// label (device pixels from the anchor), `lineOffset` the label's offset (device pixels).
    /// Nil when the label does not fit on the line (it is then hidden).
    static func placeLabel(offsets: [Double], lineOffset: SIMD2<Double>, keepUpright: Bool, flip flipped: Bool = false,
                           on path: Path) -> [Placed]? {
        guard let firstOffset = offsets.first, let lastOffset = offsets.last else { return [] }
        func place(flip: Bool) -> [Placed]? {
            if offsets.count == 1 {
                if keepUpright, !flip, path.segment + 1 < path.points.count, path.anchor.x > path.points[path.segment + 1].x {
                    return place(flip: true)
                }
                return placeGlyph(offsetX: firstOffset, lineOffsetX: lineOffset.x, lineOffsetY: lineOffset.y, flip: flip, on: path).map { [$0] }
            }
            guard let first = placeGlyph(offsetX: firstOffset, lineOffsetX: lineOffset.x, lineOffsetY: lineOffset.y, flip: flip, on: path),
                  let last = placeGlyph(offsetX: lastOffset, lineOffsetX: lineOffset.x, lineOffsetY: lineOffset.y, flip: flip, on: path)
            else { return nil }
            if keepUpright, !flip, first.point.x > last.point.x { return place(flip: true) }
            var out = [first]
            for o in offsets.dropFirst().dropLast() {
                guard let g = placeGlyph(offsetX: o, lineOffsetX: lineOffset.x, lineOffsetY: lineOffset.y, flip: flip, on: path) else { return nil }
                out.append(g)
            }
            out.append(last)
            return out
        }
        return place(flip: flipped)
    }

    /// The circles (centre x, y) MapLibre tests a line label's room with: along the line from
    /// the first glyph through the anchor to the last, spaced at most 2.5 radii, a quarter
    /// radius in from either end.
    static func collisionCircles(first: Placed, last: Placed, radius: Double) -> [Point] {
        var line: [Point] = []
        for p in first.path.dropFirst().reversed() { line.append(p) }
        for p in last.path.dropFirst() { line.append(p) }
        guard line.count > 1 else { return line }
        var lengths = [0.0]
        for i in line.indices.dropFirst() { lengths.append(lengths[i - 1] + SymbolLineAnchors.distance(line[i - 1], line[i])) }
        let total = lengths.last!
        let padding = min(radius * 0.25, total / 2)
        let padded = total - 2 * padding
        let count = total <= 0.5 * radius ? 1 : Int((padded / (radius * 2.5)).rounded(.up)) + 1
        guard count < 10_000 else { return [] }
        var out: [Point] = []
        var k = 0
        for i in 0..<count {
            let t = Double(i) / Double(max(count - 1, 1))
            let at = padding + padded * t
            while k + 2 < line.count, lengths[k + 1] < at { k += 1 }
            let seg = lengths[k + 1] - lengths[k]
            let u = seg > 0 ? min(1, max(0, (at - lengths[k]) / seg)) : 0
            out.append(line[k] + (line[k + 1] - line[k]) * u)
        }
        return out
    }
}
