import Foundation

/// A point in Web Mercator world coordinates: x and y in 0...1 over the whole world
/// (x east from the antimeridian, y south from the north edge at ±85.0511°). Doubles keep
/// sub-pixel precision up to zoom 24+.
public typealias WorldPoint = SIMD2<Double>

/// Web Mercator (EPSG:3857) in normalised world units.
public enum WebMercator {
    /// The latitude where the square Mercator world ends.
    public static let maxLatitude = 85.051128779806604

    /// lon/lat in degrees → world units, as geojson-vt projects within ±90°: y is clamped to
    /// 0...1, so anything beyond ±maxLatitude (up to the poles) lands on the world's top or
    /// bottom edge. x is not wrapped: longitudes beyond ±180 give x outside 0...1, which the
    /// renderer shows in the neighbouring world copy. Latitudes are clamped to ±90 first, so a
    /// point past a pole stays at it (cameras, annotations; GeoJSON data folds: `projectGeoJSON`).
    @inline(__always)
    public static func project(lon: Double, lat: Double) -> WorldPoint {
        projectGeoJSON(lon: lon, lat: Swift.max(-90, Swift.min(90, lat)))
    }

    /// lon/lat in degrees → world units exactly as geojson-vt (and so MapLibre's GeoJSON
    /// sources) projects: from the sine of the latitude, so a latitude past a pole folds back
    /// (100° N lands where 80° N does, as MapLibre draws such lines), y clamped to 0...1.
    @inline(__always)
    public static func projectGeoJSON(lon: Double, lat: Double) -> WorldPoint {
        let x = lon / 360 + 0.5
        // Whole turns taken off first (exact, and the sine's period): a huge latitude would
        // overflow to an infinite angle in radians.
        let s = sin(lat.truncatingRemainder(dividingBy: 360) * .pi / 180)
        let y = 0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi
        // `!(y > 0)` also maps NaN to 0 (a NaN latitude must not poison the geometry).
        return WorldPoint(x, !(y > 0) ? 0 : (y > 1 ? 1 : y))
    }

    /// world → (lon, lat) in degrees; the inverse of `project` inside the square world.
    @inline(__always)
    public static func unproject(_ p: WorldPoint) -> (lon: Double, lat: Double) {
        let lon = p.x * 360 - 180
        let lat = atan(sinh(.pi * (1 - 2 * p.y))) * 180 / .pi
        return (lon, lat)
    }

    /// Metres per world unit at the equator (the circumference of the spherical earth).
    public static let earthCircumference = 2 * Double.pi * 6_378_137.0
}
