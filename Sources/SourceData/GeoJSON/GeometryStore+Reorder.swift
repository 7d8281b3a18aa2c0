import Geo

extension GeometryStore {
    /// A copy with the features' geometry laid out in `order` (the spatial index's Hilbert
    /// order), so the features of one tile sit close together in memory whatever the input
    /// order: a tile then touches a few pages instead of one cache miss per feature array
    /// per feature. Returns the features (same order as given) pointing into the copy.
    func reordered(_ features: [Feature], order: [Int32]) -> (GeometryStore, [Feature]) {
        var out = GeometryStore(trackDistances: trackDistances, minSqTolerance: minSqTolerance)
        out.points.reserveCapacity(points.count)
        out.importance.reserveCapacity(importance.count)
        out.lineDistances.reserveCapacity(lineDistances.count)
        out.partEnds.reserveCapacity(partEnds.count)
        out.partSizes.reserveCapacity(partSizes.count)
        out.partChunkEnds.reserveCapacity(partChunkEnds.count)
        out.chunkLast.reserveCapacity(chunkLast.count)
        out.chunkBounds.reserveCapacity(chunkBounds.count)
        out.polygonEnds.reserveCapacity(polygonEnds.count)
        var moved = features
        for i in order {
            let f = features[Int(i)]
            let parts = f.parts
            let pointStart = partStart(parts.lowerBound), pointEnd = partStart(parts.upperBound)
            let chunkStart = parts.lowerBound == 0 ? 0 : Int(partChunkEnds[parts.lowerBound - 1])
            let chunkEnd = parts.isEmpty ? chunkStart : Int(partChunkEnds[parts.upperBound - 1])
            let pointShift = Int32(out.points.count - pointStart)
            let partShift = Int32(out.partEnds.count - parts.lowerBound)
            let chunkShift = Int32(out.chunkLast.count - chunkStart)
            let newPartStart = Int32(out.partEnds.count), newPolygonStart = Int32(out.polygonEnds.count)

            out.points.append(contentsOf: points[pointStart..<pointEnd])
            out.importance.append(contentsOf: importance[pointStart..<pointEnd])
            if trackDistances { out.lineDistances.append(contentsOf: lineDistances[pointStart..<pointEnd]) }
            for p in parts {
                out.partEnds.append(partEnds[p] + pointShift)
                out.partSizes.append(partSizes[p])
                out.partChunkEnds.append(partChunkEnds[p] + chunkShift)
            }
            for c in chunkStart..<chunkEnd {
                out.chunkLast.append(chunkLast[c] + pointShift)
                out.chunkBounds.append(chunkBounds[c])
            }
            for j in f.polygons { out.polygonEnds.append(polygonEnds[j] + partShift) }

            moved[Int(i)] = Feature(id: f.id, properties: f.properties, type: f.type, isMulti: f.isMulti, bounds: f.bounds,
                                    partStart: newPartStart, partEnd: Int32(out.partEnds.count),
                                    polygonStart: newPolygonStart, polygonEnd: Int32(out.polygonEnds.count))
        }
        return (out, moved)
    }
}
