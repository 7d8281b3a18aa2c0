/// An XYZ tile address (y grows southwards, as in the `/tiles/{z}/{x}/{y}` URLs).
public struct TileID: Sendable, Hashable, CustomStringConvertible {
    public let z: Int, x: Int, y: Int

    /// Deepest zoom level served.
    public static let maxZoom = 30

    /// nil when z is outside 0...maxZoom or x/y are outside 0..<2^z.
    public init?(z: Int, x: Int, y: Int) {
        guard z >= 0, z <= TileID.maxZoom else { return nil }
        let n = 1 << z
        guard x >= 0, x < n, y >= 0, y < n else { return nil }
        self.z = z; self.x = x; self.y = y
    }

    public var description: String { "\(z)/\(x)/\(y)" }

    /// Number of tiles per side at this zoom.
    public var tilesPerSide: Int { 1 << z }

    /// The tile's square in world coordinates (0...1).
    public var worldBounds: WorldRect {
        let s = 1.0 / Double(tilesPerSide)
        return WorldRect(minX: Double(x) * s, minY: Double(y) * s, maxX: Double(x + 1) * s, maxY: Double(y + 1) * s)
    }

    /// The tile one level up that contains this one (nil at z0).
    public var parent: TileID? { z == 0 ? nil : TileID(z: z - 1, x: x >> 1, y: y >> 1) }

    /// The four tiles one level down.
    public var children: [TileID] {
        [(0, 0), (1, 0), (0, 1), (1, 1)].map { TileID(z: z + 1, x: 2 * x + $0.0, y: 2 * y + $0.1)! }
    }
}
