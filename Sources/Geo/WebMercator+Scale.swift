import Foundation

/// Sizes at a (fractional) zoom. MapLibre's zoom is defined on a 512 px world: at zoom z the
/// world is 512·2^z pixels across (a 256 px tile at URL zoom z shows style zoom z − 1).
extension WebMercator {
    /// Pixels across the world at MapLibre zoom `zoom` (512 px world at zoom 0).
    @inline(__always)
    public static func worldSize(zoom: Double, tileSize: Double = 512) -> Double {
        tileSize * exp2(zoom)
    }

    /// World units covered by one pixel at `zoom`.
    @inline(__always)
    public static func worldUnitsPerPixel(zoom: Double, tileSize: Double = 512) -> Double {
        1 / worldSize(zoom: zoom, tileSize: tileSize)
    }

    /// Ground metres per pixel at `zoom` and `latitude` (degrees).
    public static func metersPerPixel(zoom: Double, latitude: Double, tileSize: Double = 512) -> Double {
        cos(latitude * .pi / 180) * earthCircumference / worldSize(zoom: zoom, tileSize: tileSize)
    }

    /// The zoom at which one pixel spans `worldUnits` (inverse of `worldUnitsPerPixel`).
    public static func zoom(forWorldUnitsPerPixel worldUnits: Double, tileSize: Double = 512) -> Double {
        -log2(worldUnits * tileSize)
    }

    /// geojson-vt's simplification tolerance in world units for integer tile zoom `z`:
    /// `tolerance` is in tile units of a tile `extent` units wide (MapLibre: 0.375 of 8192).
    /// Zero at and beyond `maxZoom`, where geojson-vt keeps every vertex.
    public static func simplificationTolerance(zoom z: Int, tolerance: Double, extent: Double, maxZoom: Int) -> Double {
        if z >= maxZoom || !(tolerance > 0) || !(extent > 0) { return 0 }
        return tolerance / (exp2(Double(Swift.max(z, -64))) * extent)
    }
}
