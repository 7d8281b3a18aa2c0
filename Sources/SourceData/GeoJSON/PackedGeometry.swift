import Geo

/// Where one feature's geometry lies in the store.
struct GeometryHeader: Sendable {
    var bounds: WorldRect
    var partStart: Int32, partEnd: Int32
    var polygonStart: Int32, polygonEnd: Int32
    var type: GeometryType

    var parts: Range<Int> { Int(partStart)..<Int(partEnd) }
    var polygons: Range<Int> { Int(polygonStart)..<Int(polygonEnd) }
}

/// The final, read-only form of a source's `GeometryStore`: the same flat arrays, copied
/// once into raw buffers in the spatial index's (Hilbert) order. The order puts the
/// features of one tile next to each other in memory whatever the input order (a tile reads
/// a few pages instead of missing the cache once per array per feature); the raw buffers
/// keep reference counting and bounds checks out of the per-vertex loops. Freed with the
/// object; never mutated after `init`, so any number of threads may read it.
final class PackedGeometry: @unchecked Sendable {
    let points: UnsafeMutableBufferPointer<WorldPoint>
    let importance: UnsafeMutableBufferPointer<Float>
    let lineDistances: UnsafeMutableBufferPointer<Double>
    let partEnds: UnsafeMutableBufferPointer<Int32>
    let partSizes: UnsafeMutableBufferPointer<Double>
    let partChunkEnds: UnsafeMutableBufferPointer<Int32>
    let chunkLast: UnsafeMutableBufferPointer<Int32>
    let chunkBounds: UnsafeMutableBufferPointer<WorldRect>
    let polygonEnds: UnsafeMutableBufferPointer<Int32>
    /// Per index slot (leaf order): the geometry of the feature in that slot.
    let headers: UnsafeMutableBufferPointer<GeometryHeader>
    /// Per feature (input order): its slot.
    let slotOfFeature: UnsafeMutableBufferPointer<Int32>

    /// Copies `store` with the features' geometry in `order` (order[slot] = feature index).
    init(_ store: GeometryStore, headers source: [GeometryHeader], order: [Int32]) {
        precondition(order.count == source.count, "one slot per feature")
        func buffer<T>(_ n: Int, _: T.Type) -> UnsafeMutableBufferPointer<T> { .allocate(capacity: Swift.max(n, 1)) }
        let points = buffer(store.points.count, WorldPoint.self)
        let importance = buffer(store.importance.count, Float.self)
        let lineDistances = buffer(store.lineDistances.count, Double.self)
        let partEnds = buffer(store.partEnds.count, Int32.self)
        let partSizes = buffer(store.partSizes.count, Double.self)
        let partChunkEnds = buffer(store.partChunkEnds.count, Int32.self)
        let chunkLast = buffer(store.chunkLast.count, Int32.self)
        let chunkBounds = buffer(store.chunkBounds.count, WorldRect.self)
        let polygonEnds = buffer(store.polygonEnds.count, Int32.self)
        let headers = buffer(source.count, GeometryHeader.self)
        let slotOfFeature = buffer(source.count, Int32.self)

        var nPoints = 0, nParts = 0, nChunks = 0, nPolygons = 0
        let tracks = !store.lineDistances.isEmpty
        for (slot, i) in order.enumerated() {
            let h = source[Int(i)]
            let parts = h.parts
            let pointStart = store.partStart(parts.lowerBound), pointEnd = store.partStart(parts.upperBound)
            let chunkStart = parts.lowerBound == 0 ? 0 : Int(store.partChunkEnds[parts.lowerBound - 1])
            let chunkEnd = parts.isEmpty ? chunkStart : Int(store.partChunkEnds[parts.upperBound - 1])
            let pointShift = Int32(nPoints - pointStart), partShift = Int32(nParts - parts.lowerBound)
            let chunkShift = Int32(nChunks - chunkStart)
            var moved = h
            moved.partStart = Int32(nParts); moved.polygonStart = Int32(nPolygons)

            let n = pointEnd - pointStart
            if n > 0 {
                store.points.withUnsafeBufferPointer { (points.baseAddress! + nPoints).initialize(from: $0.baseAddress! + pointStart, count: n) }
                store.importance.withUnsafeBufferPointer { (importance.baseAddress! + nPoints).initialize(from: $0.baseAddress! + pointStart, count: n) }
                if tracks {
                    store.lineDistances.withUnsafeBufferPointer { (lineDistances.baseAddress! + nPoints).initialize(from: $0.baseAddress! + pointStart, count: n) }
                }
            }
            nPoints += n
            for p in parts {
                partEnds[nParts] = store.partEnds[p] + pointShift
                partSizes[nParts] = store.partSizes[p]
                partChunkEnds[nParts] = store.partChunkEnds[p] + chunkShift
                nParts += 1
            }
            for c in chunkStart..<chunkEnd {
                chunkLast[nChunks] = store.chunkLast[c] + pointShift
                chunkBounds[nChunks] = store.chunkBounds[c]
                nChunks += 1
            }
            for j in h.polygons {
                polygonEnds[nPolygons] = store.polygonEnds[j] + partShift
                nPolygons += 1
            }
            moved.partEnd = Int32(nParts); moved.polygonEnd = Int32(nPolygons)
            headers[slot] = moved
            slotOfFeature[Int(i)] = Int32(slot)
        }
        counts = (nPoints, nParts, nChunks, nPolygons)
        self.points = points
        self.importance = importance
        self.lineDistances = lineDistances
        self.partEnds = partEnds
        self.partSizes = partSizes
        self.partChunkEnds = partChunkEnds
        self.chunkLast = chunkLast
        self.chunkBounds = chunkBounds
        self.polygonEnds = polygonEnds
        self.headers = headers
        self.slotOfFeature = slotOfFeature
    }

    /// Elements in use of points, parts, chunks and polygons.
    let counts: (points: Int, parts: Int, chunks: Int, polygons: Int)

    deinit {
        points.deallocate(); importance.deallocate(); lineDistances.deallocate(); partEnds.deallocate()
        partSizes.deallocate(); partChunkEnds.deallocate(); chunkLast.deallocate(); chunkBounds.deallocate()
        polygonEnds.deallocate(); headers.deallocate(); slotOfFeature.deallocate()
    }

    var hasLineDistances: Bool { counts.points > 0 && lineDistances.count >= counts.points }

    @inline(__always) func partStart(_ p: Int) -> Int { p == 0 ? 0 : Int(partEnds[p - 1]) }
    @inline(__always) func chunkRange(ofPart p: Int) -> Range<Int> {
        (p == 0 ? 0 : Int(partChunkEnds[p - 1]))..<Int(partChunkEnds[p])
    }
    /// Rings of polygon j of a feature whose polygons start at `firstPolygon` and parts at
    /// `firstPart` (other features' parts may lie between two features' polygons).
    @inline(__always) func partRange(ofPolygon j: Int, firstPolygon: Int, firstPart: Int) -> Range<Int> {
        (j == firstPolygon ? firstPart : Int(polygonEnds[j - 1]))..<Int(polygonEnds[j])
    }

    /// The header of feature `i` (input order).
    @inline(__always) func header(ofFeature i: Int) -> GeometryHeader { headers[Int(slotOfFeature[i])] }

    /// Bytes held.
    var byteSize: Int {
        points.count * 16 + importance.count * 4 + lineDistances.count * 8 + partEnds.count * 4 + partSizes.count * 8
            + partChunkEnds.count * 4 + chunkLast.count * 4 + chunkBounds.count * 32 + polygonEnds.count * 4
            + headers.count * MemoryLayout<GeometryHeader>.stride + slotOfFeature.count * 4
    }
}
