import Foundation

/// A point in Web Mercator world coordinates: x and y in 0...1 over the whole world
/// (x east from the antimeridian, y south from the north edge at ±85.0511°). Doubles keep
/// sub-pixel precision up to zoom 24+.
public typealias WorldPoint = SIMD2<Double>

/// Web Mercator (EPSG:3857) in normalised world units.
public enum WebMercator {
    /// The latitude where the square Mercator world ends.
    public static let maxLatitude = 85.051128779806604

    /// lon/lat in degrees → world (0...1). Latitudes beyond ±maxLatitude map outside 0...1
    /// (poles are clamped to a finite value so geometry stays finite).
    @inline(__always)
    public static func project(lon: Double, lat: Double) -> WorldPoint {
        let clampedLat = max(-89.9999, min(89.9999, lat))
        let x = (lon + 180) / 360
        let s = sin(clampedLat * .pi / 180)
        let y = 0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi
        return WorldPoint(x, y)
    }

    /// world (0...1) → (lon, lat) in degrees.
    @inline(__always)
    public static func unproject(_ p: WorldPoint) -> (lon: Double, lat: Double) {
        let lon = p.x * 360 - 180
        let lat = atan(sinh(.pi * (1 - 2 * p.y))) * 180 / .pi
        return (lon, lat)
    }

    /// Metres per world unit at the equator (the circumference of the spherical earth).
    public static let earthCircumference = 2 * Double.pi * 6_378_137.0
}

/// An axis-aligned rectangle in world coordinates.
public struct WorldRect: Sendable, Equatable, Hashable {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }
    public static let world = WorldRect(minX: 0, minY: 0, maxX: 1, maxY: 1)
    /// The empty rectangle that any union grows from.
    public static let empty = WorldRect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }
    public var isEmpty: Bool { !(minX <= maxX && minY <= maxY) }

    public func intersects(_ o: WorldRect) -> Bool {
        minX <= o.maxX && o.minX <= maxX && minY <= o.maxY && o.minY <= maxY
    }
    public func contains(_ p: WorldPoint) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }
    public func outset(by d: Double) -> WorldRect {
        WorldRect(minX: minX - d, minY: minY - d, maxX: maxX + d, maxY: maxY + d)
    }
    public func offset(dx: Double, dy: Double) -> WorldRect {
        WorldRect(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
    }
    public mutating func formUnion(_ p: WorldPoint) {
        minX = Swift.min(minX, p.x); minY = Swift.min(minY, p.y)
        maxX = Swift.max(maxX, p.x); maxY = Swift.max(maxY, p.y)
    }
    public mutating func formUnion(_ r: WorldRect) {
        minX = Swift.min(minX, r.minX); minY = Swift.min(minY, r.minY)
        maxX = Swift.max(maxX, r.maxX); maxY = Swift.max(maxY, r.maxY)
    }
}
