/// Tile ↔ world conversions.
extension TileID {
    /// The tile at zoom `z` holding world point `p` (coordinates are clamped into the world,
    /// so any finite or infinite point gives a valid tile; NaN gives tile 0).
    public static func containing(_ p: WorldPoint, zoom z: Int) -> TileID {
        let z = Swift.max(0, Swift.min(TileID.maxZoom, z))
        let n = 1 << z
        return TileID(z: z, x: clampedIndex(p.x, n), y: clampedIndex(p.y, n))!
    }

    /// Column and row ranges of the tiles at zoom `z` that a world rectangle touches, clipped
    /// to the world (empty ranges when the rectangle misses it).
    public static func range(covering rect: WorldRect, zoom z: Int) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        let clipped = rect.intersection(.world)
        guard !clipped.isEmpty else { return nil }
        let z = Swift.max(0, Swift.min(TileID.maxZoom, z))
        let n = 1 << z
        return (clampedIndex(clipped.minX, n)...clampedIndex(clipped.maxX, n),
                clampedIndex(clipped.minY, n)...clampedIndex(clipped.maxY, n))
    }

    /// The tile's square grown by `buffer` on each side, where `buffer` is a fraction of the
    /// tile size (geojson-vt: buffer / extent, e.g. 128 / 8192).
    public func worldBounds(buffer: Double) -> WorldRect {
        let s = 1.0 / Double(tilesPerSide)
        return worldBounds.outset(by: buffer * s)
    }

    /// Index of the cell of size 1/n holding coordinate v, clamped to 0..<n.
    @inline(__always)
    static func clampedIndex(_ v: Double, _ n: Int) -> Int {
        let f = (v * Double(n)).rounded(.down)
        guard f > 0 else { return 0 }           // negative and NaN
        return f >= Double(n - 1) ? n - 1 : Int(f)
    }
}
