/// An axis-aligned rectangle in pixel coordinates.
public struct Rect: Sendable, Equatable {
    public var minX: Float, minY: Float, maxX: Float, maxY: Float
    public init(minX: Float, minY: Float, maxX: Float, maxY: Float) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }
    public var width: Float { maxX - minX }
    public var height: Float { maxY - minY }
    public func intersects(_ o: Rect) -> Bool {
        minX <= o.maxX && o.minX <= maxX && minY <= o.maxY && o.minY <= maxY
    }
    public func outset(by d: Float) -> Rect {
        Rect(minX: minX - d, minY: minY - d, maxX: maxX + d, maxY: maxY + d)
    }
}
