/// The kind of a feature's geometry, as the style spec's `geometry-type` sees it.
public enum GeometryType: UInt8, Sendable, Hashable {
    case point = 1, lineString = 2, polygon = 3
}

/// The geometry of one feature in world coordinates, stored flat so a million features cost
/// three arrays each and no nested allocations.
///
/// - `points` holds every vertex.
/// - `partEnds[i]` is the end index (exclusive) in `points` of part i: a line of a
///   (Multi)LineString, a ring of a (Multi)Polygon, or, for (Multi)Points, one part holding
///   all points.
/// - `polygonEnds[j]` (polygons only) is the end index (exclusive) in `partEnds` of polygon j;
///   its first ring is the outer ring, the rest are holes.
///
/// Rings are stored closed (the first point repeated at the end, as in GeoJSON). Geometry
/// coming out of `SourceData` is wound consistently: outer rings have a positive
/// `Winding.signedArea` (clockwise on screen, y down, as in vector tiles), holes negative, so
/// a non-zero fill of the whole geometry is right.
public struct FeatureGeometry: Sendable, Equatable {
    public var type: GeometryType
    public var points: [WorldPoint]
    public var partEnds: [Int32]
    public var polygonEnds: [Int32]

    public init(type: GeometryType, points: [WorldPoint] = [], partEnds: [Int32] = [], polygonEnds: [Int32] = []) {
        self.type = type; self.points = points; self.partEnds = partEnds; self.polygonEnds = polygonEnds
    }

    /// Number of parts (lines, rings, or 1 for a point set).
    public var partCount: Int { partEnds.count }

    /// Index range in `points` of part i.
    @inline(__always)
    public func partRange(_ i: Int) -> Range<Int> {
        (i == 0 ? 0 : Int(partEnds[i - 1]))..<Int(partEnds[i])
    }

    /// Index range in `partEnds` of polygon j (polygons only).
    @inline(__always)
    public func polygonPartRange(_ j: Int) -> Range<Int> {
        (j == 0 ? 0 : Int(polygonEnds[j - 1]))..<Int(polygonEnds[j])
    }

    /// True for MultiPoint/MultiLineString/MultiPolygon shapes (what `geometry-type` reports
    /// as "Multi…" in MapLibre).
    public var isMulti: Bool {
        switch type {
        case .point: return points.count > 1
        case .lineString: return partEnds.count > 1
        case .polygon: return polygonEnds.count > 1
        }
    }

    public var bounds: WorldRect {
        var r = WorldRect.empty
        for p in points { r.formUnion(p) }
        return r
    }

    /// Number of polygons (polygons only).
    public var polygonCount: Int { polygonEnds.count }

    /// Empties the geometry but keeps the arrays' storage, so a scratch geometry reused per
    /// feature does not allocate.
    public mutating func removeAll(type: GeometryType) {
        self.type = type
        points.removeAll(keepingCapacity: true)
        partEnds.removeAll(keepingCapacity: true)
        polygonEnds.removeAll(keepingCapacity: true)
    }

    /// Ends the part made of the points appended since the previous part ended.
    @inline(__always)
    public mutating func endPart() {
        partEnds.append(Int32(truncatingIfNeeded: points.count))
    }

    /// Ends the polygon made of the parts ended since the previous polygon ended.
    @inline(__always)
    public mutating func endPolygon() {
        polygonEnds.append(Int32(truncatingIfNeeded: partEnds.count))
    }

    /// Drops points appended after the last ended part (an abandoned part).
    @inline(__always)
    public mutating func discardOpenPart() {
        points.removeSubrange(Int(partEnds.last ?? 0)...)
    }
}
