import Raster

/// Turns polylines into triangles the way MapLibre's line bucket does, so joins, caps and the
/// overlaps between triangles (which translucent lines show) match MapLibre's:
///
/// - joins: miter; bevel (a miter limit of 1.05); `flipbevel` when the miter would be longer
///   than 2 half widths; round, drawn as a miter under `line-round-limit`, as a fan of pie
///   slices ("fakeround") up to a miter length of 2, and as two round caps beyond;
/// - caps: butt, square, round (a square whose corners the shader cuts to a circle);
/// - sharp corners (under 75°) get extra vertices 15 px before and after them so dashes tilt
///   over a shorter stretch;
/// - the distance along the line restarts at 0 when it passes 2^14 tile units (the vertex
///   field's range), and long segments wrap that field exactly as the byte storage does.
///
/// Coordinates are tile units (8192 per 512 px tile, whole numbers as geojson-vt produces).
/// The triangles come as a strip: each new vertex closes a triangle with the last vertex of
/// either side.
struct LineTessellator {
    var join: LineJoin = .miter
    var cap: LineCap = .butt
    var miterLimit: Double = 2
    var roundLimit: Double = 1.05
    /// Tile units before and after a sharp corner where extra vertices go (0: none).
    var sharpCornerOffset: Double = 15 * 8192 / 512
    /// Start and end of this part as fractions of its whole line (line metrics), or nil.
    var clip: SIMD2<Double>?
    /// Gradient ramp row of the part being added (stored in its vertices).
    var rampRow: Int32 = 0

    // Per-line state, as the bucket keeps it.
    private var distance: Double = 0
    private var scaledDistance: Double = 0
    private var totalDistance: Double = 0
    private var e1 = -1, e2 = -1

    /// Largest value the 15-bit distance field holds, in tile units.
    static let maxLineDistance: Double = 32768
    /// Cosine of half of the angle (75°) under which a corner counts as sharp.
    static let cosHalfSharpCorner: Double = 0.7933533402912352
    /// Degrees per pie slice of a "fakeround" join.
    static let degreesPerTriangle: Double = 20

    init() {}

    /// A tessellator for a kept bucket: one constant layout, no line metrics, no ramp row.
    init(join: LineJoin, cap: LineCap, miterLimit: Double, roundLimit: Double, sharpCornerOffset: Double) {
        self.join = join; self.cap = cap; self.miterLimit = miterLimit; self.roundLimit = roundLimit
        self.sharpCornerOffset = sharpCornerOffset
        clip = nil
        rampRow = -1
    }

    /// Appends the triangles of one line (or ring, with `isPolygon`) to `mesh`. Duplicate
    /// points are skipped; lines with fewer than 2 distinct points (rings: 3) add nothing.
    mutating func addLine(_ points: UnsafeBufferPointer<SIMD2<Double>>, isPolygon: Bool, to mesh: inout LineMesh) {
        distance = 0
        scaledDistance = 0
        totalDistance = 0
        if clip != nil {
            for i in 0..<max(0, points.count - 1) { totalDistance += length(points[i + 1] - points[i]) }
            updateScaledDistance()
            mesh.maxLineLength = max(mesh.maxLineLength, totalDistance)
        }
        var len = points.count
        while len >= 2, points[len - 1] == points[len - 2] { len -= 1 }
        var first = 0
        while first < len - 1, points[first] == points[first + 1] { first += 1 }
        guard len >= (isPolygon ? 3 : 2) else { return }

        let miterLimit = join == .bevel ? 1.05 : self.miterLimit
        var current: SIMD2<Double>?
        var prev: SIMD2<Double>?
        var prevNormal: SIMD2<Double>?
        var nextNormal: SIMD2<Double>?
        e1 = -1; e2 = -1
        if isPolygon {
            current = points[len - 2]
            nextNormal = perp(unit(points[first] - points[len - 2]))
        }

        for i in first..<len {
            let next: SIMD2<Double>? = i == len - 1 ? (isPolygon ? points[first + 1] : nil) : points[i + 1]
            if let next, points[i] == next { continue }
            if let nextNormal { prevNormal = nextNormal }
            if let current { prev = current }
            var here = points[i]
            current = here
            // Towards the next vertex; at the end of an open line, as if it went straight on.
            let outNormal = next.map { perp(unit($0 - here)) } ?? prevNormal!
            nextNormal = outNormal
            let inNormal = prevNormal ?? outNormal
            prevNormal = inNormal

            // The join's extrusion bisects the two normals; 180° turns leave it zero, which
            // makes the miter infinitely long.
            var joinNormal = inNormal + outNormal
            if joinNormal.x != 0 || joinNormal.y != 0 { joinNormal = unit(joinNormal) }
            let cosAngle = dot(inNormal, outNormal)
            let cosHalfAngle = dot(joinNormal, outNormal)
            let miterLength = cosHalfAngle != 0 ? 1 / cosHalfAngle : .infinity
            let approxAngle = 2 * (2 - 2 * cosHalfAngle).squareRoot()
            let isSharpCorner = cosHalfAngle < Self.cosHalfSharpCorner && prev != nil && next != nil
            let lineTurnsLeft = inNormal.x * outNormal.y - inNormal.y * outNormal.x > 0

            if isSharpCorner, i > first, let p = prev {
                let segmentLength = length(here - p)
                if segmentLength > 2 * sharpCornerOffset {
                    let newPrev = here - roundHalfUp((here - p) * (sharpCornerOffset / segmentLength))
                    updateDistance(p, newPrev)
                    addCurrentVertex(newPrev, inNormal, 0, 0, round: false, to: &mesh)
                    prev = newPrev
                }
            }

            let kind = joinKind(middle: prev != nil && next != nil, isPolygon: isPolygon,
                                miterLength: miterLength, miterLimit: miterLimit)
            if let p = prev { updateDistance(p, here) }
            emitJoin(kind, at: here, prev: prev, hasNext: next != nil, inNormal: inNormal, outNormal: outNormal,
                     joinNormal: joinNormal, miterLength: miterLength, cosAngle: cosAngle, approxAngle: approxAngle,
                     lineTurnsLeft: lineTurnsLeft, to: &mesh)

            if isSharpCorner, i < len - 1, let n = next {
                let segmentLength = length(n - here)
                if segmentLength > 2 * sharpCornerOffset {
                    let newCurrent = here + roundHalfUp((n - here) * (sharpCornerOffset / segmentLength))
                    updateDistance(here, newCurrent)
                    addCurrentVertex(newCurrent, outNormal, 0, 0, round: false, to: &mesh)
                    here = newCurrent
                    current = newCurrent
                }
            }
        }
    }

    /// The join or cap drawn at a vertex (MapLibre's rules, in its order).
    enum JoinKind: Equatable { case miter, bevel, flipBevel, fakeRound, round, butt, square }

    private func joinKind(middle: Bool, isPolygon: Bool, miterLength: Double, miterLimit: Double) -> JoinKind {
        var kind: JoinKind
        if middle {
            switch join {
            case .miter: kind = .miter
            case .bevel: kind = .bevel
            case .round: kind = miterLength < roundLimit ? .miter : miterLength <= 2 ? .fakeRound : .round
            }
        } else if isPolygon {
            kind = .butt
        } else {
            switch cap { case .butt: kind = .butt; case .square: kind = .square; case .round: kind = .round }
        }
        if kind == .miter, miterLength > miterLimit { kind = .bevel }
        if kind == .bevel {
            // Extrusions are stored up to 2 half widths: longer miters are bevelled the other way.
            if miterLength > 2 { kind = .flipBevel }
            if miterLength < miterLimit { kind = .miter }
        }
        return kind
    }

    // MARK: vertices

    /// Adds the left and right vertex of a cross-section at `p`; `endLeft`/`endRight` shift
    /// them along the line (caps) in half widths.
    mutating func addCurrentVertex(_ p: SIMD2<Double>, _ normal: SIMD2<Double>, _ endLeft: Double, _ endRight: Double,
                                   round: Bool, to mesh: inout LineMesh) {
        let left = SIMD2(normal.x + normal.y * endLeft, normal.y - normal.x * endLeft)
        let right = SIMD2(-normal.x + normal.y * endRight, -normal.y - normal.x * endRight)
        addHalfVertex(p, left, round: round, up: false, direction: endLeft, to: &mesh)
        addHalfVertex(p, right, round: round, up: true, direction: -endRight, to: &mesh)
        // Near the end of the distance field's range: start again from 0 at this vertex.
        if distance > Self.maxLineDistance / 2, totalDistance == 0 {
            distance = 0
            updateScaledDistance()
            addCurrentVertex(p, normal, endLeft, endRight, round: round, to: &mesh)
        }
    }

    /// Appends one vertex and the triangle it closes with the last vertex of each side.
    @inline(__always)
    mutating func addHalfVertex(_ p: SIMD2<Double>, _ extrude: SIMD2<Double>, round: Bool, up: Bool, direction: Double,
                                to mesh: inout LineMesh) {
        let stored = clip != nil ? scaledDistance * (Self.maxLineDistance - 1) : scaledDistance
        var vertex = LineVertex(position: SIMD2(Float(p.x), Float(p.y)),
                                extrude: SIMD2(Self.storedExtrude(extrude.x), Self.storedExtrude(extrude.y)),
                                side: up ? 1 : -1, round: round ? 1 : 0,
                                direction: direction == 0 ? 0 : direction < 0 ? -1 : 1,
                                linesofar: Self.storedLinesofar(stored * 0.5), progress: 0, rampRow: rampRow)
        if let clip {
            vertex.progress = Float((scaledDistance - clip.x) / (clip.y - clip.x))
        }
        let e = mesh.vertices.count
        mesh.vertices.append(vertex)
        if e1 >= 0, e2 >= 0 {
            mesh.indices.append(UInt32(e1)); mesh.indices.append(UInt32(e)); mesh.indices.append(UInt32(e2))
        }
        if up { e2 = e } else { e1 = e }
    }

    /// An extrusion component as the vertex byte keeps it: round(63·v) + 128 wrapped to a
    /// byte, read back as (byte − 128) / 63.
    @inline(__always)
    static func storedExtrude(_ v: Double) -> Float {
        // (Beyond ±10^9 the wrapped byte is noise anyway; stay clear of Int overflow.)
        guard v.isFinite, abs(v) < 1e9 else { return 0 }
        let q = floorToInt(63 * v + 0.5) + 128
        let byte = ((q % 256) + 256) % 256
        return Float(byte - 128) * 0.015873016
    }

    /// The distance field as the vertex stores it: the scaled distance truncated to an
    /// integer, its low 6 bits and next 8 bits kept (the high byte wraps), times 2.
    @inline(__always)
    static func storedLinesofar(_ scaled: Double) -> Float {
        guard scaled.isFinite, abs(scaled) < 2_147_483_647 else { return 0 }
        let t = Int32(scaled)
        let low = Int(t & 0x3F)
        let high = Int((t >> 6) & 0xFF)
        return Float((low + high * 64) * 2)
    }

    private mutating func updateScaledDistance() {
        if let clip {
            scaledDistance = clip.x + (clip.y - clip.x) * distance / totalDistance
        } else {
            scaledDistance = distance
        }
    }

    private mutating func updateDistance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) {
        distance += length(b - a)
        updateScaledDistance()
    }
}

@inline(__always) func perp(_ v: SIMD2<Double>) -> SIMD2<Double> { SIMD2(-v.y, v.x) }
@inline(__always) func dot(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.x + a.y * b.y }
@inline(__always) func length(_ v: SIMD2<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
@inline(__always) func unit(_ v: SIMD2<Double>) -> SIMD2<Double> { v / length(v) }
/// JavaScript's Math.round per component (halves go up).
@inline(__always) func roundHalfUp(_ v: SIMD2<Double>) -> SIMD2<Double> {
    SIMD2(Double(floorToInt(v.x + 0.5)), Double(floorToInt(v.y + 0.5)))
}
