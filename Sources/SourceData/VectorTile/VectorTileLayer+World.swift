import Geo

/// Where a tile's integer coordinates land in world coordinates: the tile's square (in world
/// copy `wrap`) spans `extent` units per side.
public struct TilePlacement: Sendable, Equatable {
    public let tile: TileID
    /// Whole-world shift in x (the tile drawn `wrap` worlds east).
    public let wrap: Int
    public let originX: Double, originY: Double
    /// World units per tile unit.
    public let scale: Double

    public init(tile: TileID, wrap: Int = 0, extent: Int) {
        self.tile = tile; self.wrap = wrap
        let n = Double(tile.tilesPerSide)
        originX = Double(tile.x) / n + Double(wrap)
        originY = Double(tile.y) / n
        scale = 1 / (n * Double(max(1, extent)))
    }

    @inline(__always)
    public func world(_ p: SIMD2<Int32>) -> WorldPoint {
        WorldPoint(originX + Double(p.x) * scale, originY + Double(p.y) * scale)
    }
}

extension VectorTileLayer {
    /// Feature `i`'s geometry in world coordinates for a tile placed by `placement`, written
    /// into `out` (emptied first; its storage is reused).
    public func geometry(of i: Int, placement: TilePlacement, into out: inout FeatureGeometry) {
        let f = features[i]
        out.removeAll(type: f.type)
        let firstPart = Int(f.parts.lowerBound), endPart = Int(f.parts.upperBound)
        guard firstPart < endPart else { return }
        let firstPoint = firstPart == 0 ? 0 : Int(partEnds[firstPart - 1])
        let endPoint = Int(partEnds[endPart - 1])
        out.points.reserveCapacity(endPoint - firstPoint)
        points.withUnsafeBufferPointer { pts in
            for k in firstPoint..<endPoint { out.points.append(placement.world(pts[k])) }
        }
        for p in firstPart..<endPart { out.partEnds.append(partEnds[p] - Int32(firstPoint)) }
        for j in Int(f.polygons.lowerBound)..<Int(f.polygons.upperBound) {
            out.polygonEnds.append(polygonEnds[j] - Int32(firstPart))
        }
    }

    /// Feature `i`'s geometry in world coordinates (allocating; for tests and tools).
    public func geometry(of i: Int, placement: TilePlacement) -> FeatureGeometry {
        var g = FeatureGeometry(type: features[i].type)
        geometry(of: i, placement: placement, into: &g)
        return g
    }

    /// Feature `i`'s bounds in world coordinates.
    public func worldBounds(of i: Int, placement: TilePlacement) -> WorldRect {
        let f = features[i]
        let a = placement.world(f.minCorner), b = placement.world(f.maxCorner)
        return WorldRect(minX: a.x, minY: a.y, maxX: b.x, maxY: b.y)
    }

    /// The placement of this layer's coordinates for `tile` in world copy `wrap`.
    public func placement(_ tile: TileID, wrap: Int = 0) -> TilePlacement {
        TilePlacement(tile: tile, wrap: wrap, extent: extent)
    }
}
