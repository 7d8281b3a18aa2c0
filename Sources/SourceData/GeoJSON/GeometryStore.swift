import Geo

/// The geometry of every feature of a source in a handful of flat arrays (no per-feature
/// allocation), with what tile requests need precomputed once: per-vertex Douglas–Peucker
/// importance, per-part size (for geojson-vt's tiny-part filter), and each part cut into
/// chunks of at most `chunkSize` vertices with their own bounds, so clipping a huge ring or
/// line to a small rectangle only reads the chunks that reach it.
struct GeometryStore: Sendable {
    /// Vertices per chunk (lines and rings: segments; consecutive chunks share a vertex).
    static let chunkSize = 256

    /// Every vertex, in world coordinates; rings closed and wound (outer positive area).
    var points: [WorldPoint] = []
    /// Per vertex: the squared tolerance up to which it survives simplification.
    var importance: [Float] = []
    /// Per vertex: distance from the start of its line (only with line metrics).
    var lineDistances: [Double] = []
    /// Per part: end (exclusive) of its vertices in `points`.
    var partEnds: [Int32] = []
    /// Per part: line length or ring area (world units).
    var partSizes: [Double] = []
    /// Per part: end (exclusive) of its chunks in the chunk arrays.
    var partChunkEnds: [Int32] = []
    /// Per chunk: its last vertex (inclusive). A line or ring chunk starts at the previous
    /// chunk's last vertex (or the part's first); a point chunk right after it.
    var chunkLast: [Int32] = []
    var chunkBounds: [WorldRect] = []
    /// Per polygon: end (exclusive) of its rings in `partEnds`.
    var polygonEnds: [Int32] = []

    let trackDistances: Bool
    /// Importance below this squared distance is never needed (finer than at maxzoom).
    let minSqTolerance: Double

    init(trackDistances: Bool, minSqTolerance: Double) {
        self.trackDistances = trackDistances
        self.minSqTolerance = minSqTolerance
    }

    enum PartKind { case points, line, ring(outer: Bool) }

    /// Why a part was refused.
    enum PartProblem: Error { case tooFewPoints, degenerateRing, tooLarge }

    // MARK: reading

    @inline(__always) func partStart(_ p: Int) -> Int { p == 0 ? 0 : Int(partEnds[p - 1]) }
    @inline(__always) func chunkRange(ofPart p: Int) -> Range<Int> {
        (p == 0 ? 0 : Int(partChunkEnds[p - 1]))..<Int(partChunkEnds[p])
    }
    /// Rings of polygon j of a feature whose parts start at `firstPart` and whose polygons
    /// start at `firstPolygon` (other features' parts lie between two features' polygons).
    @inline(__always) func partRange(ofPolygon j: Int, firstPolygon: Int, firstPart: Int) -> Range<Int> {
        (j == firstPolygon ? firstPart : Int(polygonEnds[j - 1]))..<Int(polygonEnds[j])
    }

    /// Start of the part being built (the points appended since the last part ended).
    var openPartStart: Int { partStart(partEnds.count) }

    // MARK: building

    /// Ends the part made of the points appended since the last one: closes and winds rings,
    /// computes importance, size, distances and chunks. Throws (and drops the points) when
    /// the part cannot be drawn: a line needs 2 points, a ring 3 distinct ones.
    mutating func endPart(_ kind: PartKind) throws(PartProblem) {
        let start = openPartStart
        // Indices are Int32: 2^31 vertices would be 32 GiB of points, but say so, never trap.
        if points.count >= Int(Int32.max) - 1 { points.removeSubrange(start...); throw .tooLarge }
        switch kind {
        case .points:
            guard points.count > start else { throw .tooFewPoints }
        case .line:
            guard points.count - start >= 2 else { points.removeSubrange(start...); throw .tooFewPoints }
        case .ring(let outer):
            if points.count > start, points[start] != points[points.count - 1] { points.append(points[start]) }
            guard points.count - start >= 4, hasThreeDistinct(start..<points.count) else {
                points.removeSubrange(start...); throw .degenerateRing
            }
            points.withUnsafeMutableBufferPointer { Winding.orient(UnsafeMutableBufferPointer(rebasing: $0[start...]), outer: outer) }
        }
        let end = points.count
        importance.append(contentsOf: repeatElement(Float.infinity, count: end - start))
        var size = 0.0
        points.withUnsafeBufferPointer { pts in
            let part = UnsafeBufferPointer(rebasing: pts[start..<end])
            switch kind {
            case .points: break
            case .line:
                size = Simplification.length(part)
            case .ring:
                size = abs(Winding.signedArea(part))
            }
            if case .points = kind {} else {
                importance.withUnsafeMutableBufferPointer {
                    Simplification.computeImportance(part, into: UnsafeMutableBufferPointer(rebasing: $0[start..<end]),
                                                     minSqTolerance: minSqTolerance)
                }
            }
            if trackDistances {
                lineDistances.append(contentsOf: repeatElement(0, count: end - start))
                if case .line = kind {
                    var d = 0.0
                    for i in (start + 1)..<end {
                        let v = pts[i] - pts[i - 1]
                        d += (v.x * v.x + v.y * v.y).squareRoot()
                        lineDistances[i] = d
                    }
                }
            }
            addChunks(pts, start: start, end: end, isPoints: { if case .points = kind { return true }; return false }())
        }
        partEnds.append(Int32(end))
        partSizes.append(size)
        partChunkEnds.append(Int32(chunkLast.count))
    }

    private mutating func addChunks(_ pts: UnsafeBufferPointer<WorldPoint>, start: Int, end: Int, isPoints: Bool) {
        let last = end - 1
        var s = start
        repeat {
            let e = isPoints ? Swift.min(s + GeometryStore.chunkSize - 1, last) : Swift.min(s + GeometryStore.chunkSize, last)
            var b = WorldRect.empty
            for i in s...e { b.formUnion(pts[i]) }
            chunkLast.append(Int32(e))
            chunkBounds.append(b)
            s = isPoints ? e + 1 : e
        } while s < last || (isPoints && s == last)
    }

    private func hasThreeDistinct(_ r: Range<Int>) -> Bool {
        let a = points[r.lowerBound]
        guard let bi = r.first(where: { points[$0] != a }) else { return false }
        let b = points[bi]
        return r[bi...].contains { points[$0] != a && points[$0] != b }
    }

    /// Drops the points of a part that was never ended.
    mutating func discardOpenPart() {
        points.removeSubrange(openPartStart...)
    }

    mutating func endPolygon() { polygonEnds.append(Int32(partEnds.count)) }

    /// Rolls everything back to the state when `parts` parts and `polygons` polygons existed
    /// (a feature or polygon that turned out invalid half-way).
    mutating func rollback(parts: Int, polygons: Int) {
        let pointEnd = partStart(parts)
        let chunkEnd = parts == 0 ? 0 : Int(partChunkEnds[parts - 1])
        points.removeSubrange(pointEnd...)
        importance.removeSubrange(Swift.min(pointEnd, importance.count)...)
        if trackDistances { lineDistances.removeSubrange(Swift.min(pointEnd, lineDistances.count)...) }
        partEnds.removeSubrange(parts...)
        partSizes.removeSubrange(parts...)
        partChunkEnds.removeSubrange(parts...)
        chunkLast.removeSubrange(chunkEnd...)
        chunkBounds.removeSubrange(chunkEnd...)
        polygonEnds.removeSubrange(polygons...)
    }

    /// Bounds of the parts in `parts` (union of their chunks).
    func bounds(ofParts parts: Range<Int>) -> WorldRect {
        var b = WorldRect.empty
        guard let first = parts.first, let last = parts.last else { return b }
        let chunks = chunkRange(ofPart: first).lowerBound..<chunkRange(ofPart: last).upperBound
        for c in chunks { b.formUnion(chunkBounds[c]) }
        return b
    }

    /// Bytes held (array capacities), for cache budgets.
    var byteSize: Int {
        points.capacity * 16 + importance.capacity * 4 + lineDistances.capacity * 8 + partEnds.capacity * 4
            + partSizes.capacity * 8 + partChunkEnds.capacity * 4 + chunkLast.capacity * 4
            + chunkBounds.capacity * 32 + polygonEnds.capacity * 4
    }
}
