import Geo

/// The edges MapLibre's extrusion bucket does not build walls for (`isBoundaryEdge`,
/// `isEntirelyOutside`): where a source tile cut a building, the cut runs along the tile's
/// buffered square, and a wall there would stand inside the building, visible through the
/// neighbouring tile's copy. Vector tiles: edges along a vertical or horizontal line outside
/// the tile's square. GeoJSON drawn whole: edges on the query rectangle the source clipped
/// it to (there is no tile, so nothing else is cut).
struct ExtrusionBoundary {
    let rect: WorldRect
    /// Vector tile: edges beyond the square count (MapLibre's `x < 0 || x > EXTENT`);
    /// GeoJSON: edges on the rectangle's sides.
    let outside: Bool
    private let eps: Double

    init(tileSquare: WorldRect) {
        rect = tileSquare; outside = true
        eps = (tileSquare.maxX - tileSquare.minX) * 1e-9
    }

    init(clipRect: WorldRect) {
        rect = clipRect; outside = false
        eps = max(clipRect.maxX - clipRect.minX, clipRect.maxY - clipRect.minY) * 1e-12
    }

    func isBoundaryEdge(_ p1: WorldPoint, _ p2: WorldPoint) -> Bool {
        if p1.x == p2.x, onLine(p1.x, rect.minX, rect.maxX) { return true }
        if p1.y == p2.y, onLine(p1.y, rect.minY, rect.maxY) { return true }
        return false
    }

    private func onLine(_ v: Double, _ lo: Double, _ hi: Double) -> Bool {
        if outside { return v < lo - eps || v > hi + eps }
        return abs(v - lo) <= eps || abs(v - hi) <= eps
    }

    /// A ring wholly beyond one side of a tile square draws no walls (vector tiles only).
    func entirelyOutside<C: Collection>(_ ring: C) -> Bool where C.Element == WorldPoint {
        guard outside else { return false }
        return ring.allSatisfy { $0.x < rect.minX - eps } || ring.allSatisfy { $0.x > rect.maxX + eps }
            || ring.allSatisfy { $0.y < rect.minY - eps } || ring.allSatisfy { $0.y > rect.maxY + eps }
    }
}
