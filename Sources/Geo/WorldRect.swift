/// An axis-aligned rectangle in world coordinates (edges inclusive).
public struct WorldRect: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }
    /// The smallest rectangle holding every point given (empty for none).
    public init<S: Sequence>(covering points: S) where S.Element == WorldPoint {
        self = .empty
        for p in points { formUnion(p) }
    }

    public static let world = WorldRect(minX: 0, minY: 0, maxX: 1, maxY: 1)
    /// The empty rectangle that any union grows from.
    public static let empty = WorldRect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }
    public var center: WorldPoint { WorldPoint((minX + maxX) / 2, (minY + maxY) / 2) }
    /// True for the empty rectangle and for any rectangle with a NaN edge.
    public var isEmpty: Bool { !(minX <= maxX && minY <= maxY) }
    public var description: String { "[\(minX), \(minY) – \(maxX), \(maxY)]" }

    @inline(__always)
    public func intersects(_ o: WorldRect) -> Bool {
        minX <= o.maxX && o.minX <= maxX && minY <= o.maxY && o.minY <= maxY
    }
    @inline(__always)
    public func contains(_ p: WorldPoint) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }
    /// True when `o` lies entirely inside this rectangle.
    @inline(__always)
    public func contains(_ o: WorldRect) -> Bool {
        o.minX >= minX && o.maxX <= maxX && o.minY >= minY && o.maxY <= maxY
    }
    public func outset(by d: Double) -> WorldRect {
        WorldRect(minX: minX - d, minY: minY - d, maxX: maxX + d, maxY: maxY + d)
    }
    public func offset(dx: Double, dy: Double) -> WorldRect {
        WorldRect(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
    }
    /// The overlap of two rectangles (empty when they do not meet).
    public func intersection(_ o: WorldRect) -> WorldRect {
        let r = WorldRect(minX: Swift.max(minX, o.minX), minY: Swift.max(minY, o.minY),
                          maxX: Swift.min(maxX, o.maxX), maxY: Swift.min(maxY, o.maxY))
        return r.isEmpty ? .empty : r
    }
    public func union(_ o: WorldRect) -> WorldRect {
        var r = self
        r.formUnion(o)
        return r
    }
    @inline(__always)
    public mutating func formUnion(_ p: WorldPoint) {
        minX = Swift.min(minX, p.x); minY = Swift.min(minY, p.y)
        maxX = Swift.max(maxX, p.x); maxY = Swift.max(maxY, p.y)
    }
    @inline(__always)
    public mutating func formUnion(_ r: WorldRect) {
        minX = Swift.min(minX, r.minX); minY = Swift.min(minY, r.minY)
        maxX = Swift.max(maxX, r.maxX); maxY = Swift.max(maxY, r.maxY)
    }
}
