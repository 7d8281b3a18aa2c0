import Geo

/// Turns MVT geometry commands (MoveTo / LineTo / ClosePath with zigzag deltas) into a
/// layer's packed geometry. Polygon rings are grouped as MapLibre's `classifyRings` does —
/// the first ring's winding marks outer rings, rings of the other winding are holes of the
/// polygon before them, zero-area rings are dropped — and then wound our way (outer rings
/// positive signed area, clockwise on screen; holes negative), so non-zero filling is right.
struct VectorTileGeometryBuilder {
    var points: [SIMD2<Int32>] = []
    var partEnds: [Int32] = []
    var polygonEnds: [Int32] = []

    /// Scratch: the parsed parts of the current feature before they are classified.
    private var scratch: [SIMD2<Int32>] = []
    private var scratchEnds: [Int] = []
    private var ringPoints: [SIMD2<Int32>] = []

    /// What `append` added for one feature.
    struct Shape {
        var parts: Range<Int32>
        var polygons: Range<Int32>
        var isMulti: Bool
        var minCorner: SIMD2<Int32>
        var maxCorner: SIMD2<Int32>
    }

    /// Decodes `commands` as geometry of `type` and appends it. Returns nil when nothing
    /// drawable is left (no points, lines shorter than two points, only degenerate rings);
    /// throws for malformed commands, leaving the packed arrays as they were.
    mutating func append(_ type: GeometryType, commands: [UInt32]) throws -> Shape? {
        try parse(commands)
        let partStart = partEnds.count, polygonStart = polygonEnds.count
        switch type {
        case .point:
            // Every position of a point feature is one point of a single point set.
            guard !scratch.isEmpty else { return nil }
            points.append(contentsOf: scratch)
            endPart()
        case .lineString:
            var start = 0
            for end in scratchEnds {
                if end - start >= 2 {
                    points.append(contentsOf: scratch[start..<end])
                    endPart()
                }
                start = end
            }
        case .polygon:
            appendPolygons()
        }
        guard partEnds.count > partStart else { return nil }
        let first = partStart == 0 ? 0 : Int(partEnds[partStart - 1])
        var lo = SIMD2<Int32>(.max, .max), hi = SIMD2<Int32>(.min, .min)
        for p in points[first...] { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        let partCount = partEnds.count - partStart, polygonCount = polygonEnds.count - polygonStart
        let multi: Bool
        switch type {
        case .point: multi = points.count - first > 1
        case .lineString: multi = partCount > 1
        case .polygon: multi = polygonCount > 1
        }
        return Shape(parts: Int32(partStart)..<Int32(partEnds.count), polygons: Int32(polygonStart)..<Int32(polygonEnds.count),
                     isMulti: multi, minCorner: lo, maxCorner: hi)
    }

    @inline(__always)
    private mutating func endPart() { partEnds.append(Int32(truncatingIfNeeded: points.count)) }

    /// Runs the command stream into `scratch` (positions) and `scratchEnds` (part ends). Each
    /// MoveTo position starts a new part, as MapLibre's reader does; ClosePath repeats the
    /// part's first position.
    private mutating func parse(_ commands: [UInt32]) throws {
        scratch.removeAll(keepingCapacity: true)
        scratchEnds.removeAll(keepingCapacity: true)
        var x: Int32 = 0, y: Int32 = 0
        var partStart = -1
        var i = 0
        let n = commands.count
        while i < n {
            let c = commands[i]
            i += 1
            let id = c & 7, count = Int(c >> 3)
            switch id {
            case 1, 2:
                guard count > 0 else { throw VectorTileError("\(id == 1 ? "MoveTo" : "LineTo") with count 0") }
                guard count <= (n - i) / 2 else {
                    throw VectorTileError("\(id == 1 ? "MoveTo" : "LineTo") wants \(count) positions, the geometry has \((n - i) / 2) left")
                }
                if id == 2, partStart < 0 { throw VectorTileError("LineTo before any MoveTo") }
                for _ in 0..<count {
                    x &+= ProtobufReader.zigzag(commands[i])
                    y &+= ProtobufReader.zigzag(commands[i + 1])
                    i += 2
                    if id == 1 {
                        if partStart >= 0 { scratchEnds.append(scratch.count) }
                        partStart = scratch.count
                    }
                    scratch.append(SIMD2(x, y))
                }
            case 7:
                guard count == 1 else { throw VectorTileError("ClosePath with count \(count)") }
                guard partStart >= 0 else { throw VectorTileError("ClosePath before any MoveTo") }
                scratch.append(scratch[partStart])
            default:
                throw VectorTileError("unknown geometry command \(id)")
            }
        }
        if partStart >= 0 { scratchEnds.append(scratch.count) }
        guard scratch.count < Int(Int32.max) / 2, points.count < Int(Int32.max) / 2 - scratch.count - scratchEnds.count else {
            throw VectorTileError("too many positions in one layer")
        }
    }

    /// Signed area of ring `range` of `ringPoints` (positive: clockwise on screen, y down).
    private func area(_ range: Range<Int>) -> Double {
        guard range.count >= 3 else { return 0 }
        let o = ringPoints[range.lowerBound]
        var sum = 0.0
        var prev = ringPoints[range.upperBound - 1] &- o
        for k in range {
            let cur = ringPoints[k] &- o
            sum += Double(prev.x) * Double(cur.y) - Double(cur.x) * Double(prev.y)
            prev = cur
        }
        return sum / 2
    }

    /// classifyRings, then appends each polygon with its outer ring first, rings rewound.
    private mutating func appendPolygons() {
        // Closed copies of the parts with at least two positions (a ring left open is closed:
        // the fill closes it implicitly, and line layers then see it closed too).
        ringPoints.removeAll(keepingCapacity: true)
        var rings: [Range<Int>] = []
        var start = 0
        for end in scratchEnds {
            defer { start = end }
            guard end - start >= 2 else { continue }
            let first = ringPoints.count
            ringPoints.append(contentsOf: scratch[start..<end])
            if scratch[start] != scratch[end - 1] { ringPoints.append(scratch[start]) }
            rings.append(first..<ringPoints.count)
        }
        if rings.count == 1 {
            appendRing(rings[0], outer: true)
            polygonEnds.append(Int32(truncatingIfNeeded: partEnds.count))
            return
        }
        var outerIsNegative: Bool?
        var open = false
        for r in rings {
            let a = area(r)
            guard a != 0, a.isFinite else { continue }
            if outerIsNegative == nil { outerIsNegative = a < 0 }
            if outerIsNegative == (a < 0) {
                if open { polygonEnds.append(Int32(truncatingIfNeeded: partEnds.count)) }
                appendRing(r, outer: true)
                open = true
            } else {
                appendRing(r, outer: false)
            }
        }
        if open { polygonEnds.append(Int32(truncatingIfNeeded: partEnds.count)) }
    }

    /// Appends ring `r` of `ringPoints` wound as outer (positive area) or hole (negative).
    private mutating func appendRing(_ r: Range<Int>, outer: Bool) {
        let a = area(r)
        if (outer && a < 0) || (!outer && a > 0) {
            points.append(contentsOf: ringPoints[r].reversed())
        } else {
            points.append(contentsOf: ringPoints[r])
        }
        endPart()
    }
}
