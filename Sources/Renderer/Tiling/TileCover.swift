import Raster
import Foundation
import Geo

/// A tile of a source pyramid placed in the view: the tile and the world copy it lies in
/// (`wrap` whole worlds east of the primary one).
struct PlacedTile: Hashable {
    let id: TileID
    let wrap: Int

    /// The tile's square in world coordinates, in its world copy.
    var square: WorldRect { id.worldBounds.offset(dx: Double(wrap), dy: 0) }

    /// The square grown by `buffer` tiles on each side (the data a geojson-vt tile holds).
    func bufferedSquare(_ buffer: Double) -> WorldRect {
        square.outset(by: buffer / Double(1 << id.z))
    }

    /// The canvas pixels whose centres lie in the tile's square (MapLibre's stencil test).
    func pixelClip(_ projection: WorldProjection, width: Int, height: Int, rotated: Bool) -> PixelClip {
        let s = square
        func corner(_ x: Double, _ y: Double) -> SIMD2<Double> { SIMD2<Double>(projection.apply(WorldPoint(x, y))) }
        let a = corner(s.minX, s.minY), b = corner(s.maxX, s.minY), c = corner(s.maxX, s.maxY), d = corner(s.minX, s.maxY)
        if !rotated {
            return PixelClip(width: width, height: height, rect: min(a.x, c.x), min(a.y, c.y), max(a.x, c.x), max(a.y, c.y))
        }
        return PixelClip(width: width, height: height, quad: [a, b, c, d])
    }
}

/// Which tiles of a source a camera needs, by MapLibre's rules.
enum TileCover {
    /// Most tiles one layer may draw in one render (a hostile view at a deep zoom over a huge
    /// canvas would otherwise ask for millions).
    static let maxTiles = 4096

    /// MapLibre's `coveringZoomLevel`: zoom + log2(512 / tileSize), floored for vector
    /// sources and rounded for raster ones, never below 0.
    static func zoomLevel(_ zoom: Double, tileSize: Int, round: Bool) -> Int {
        let z = zoom + log2(512 / Double(max(1, tileSize)))
        guard z.isFinite else { return 0 }
        // JavaScript's Math.round: halves go up.
        let r = round ? (z + 0.5).rounded(.down) : z.rounded(.down)
        return Int(max(0, min(Double(TileID.maxZoom), r)))
    }

    /// The tiles at zoom `z` that the view (grown by `marginPixels` device pixels) touches,
    /// in every world copy it shows; empty past `maxTiles`.
    static func tiles(_ camera: Camera, zoom z: Int, marginPixels: Double = 0) -> [PlacedTile] {
        let rect = camera.visibleWorldBounds(margin: marginPixels)
        let n = Double(1 << z)
        guard rect.minX.isFinite, rect.maxX.isFinite, rect.minY.isFinite, rect.maxY.isFinite else { return [] }
        // A rectangle edge exactly on a tile edge does not pull in the next tile.
        let fx0 = (rect.minX * n).rounded(.down), fx1 = (rect.maxX * n).rounded(.up) - 1
        let fy0 = max(0, (rect.minY * n).rounded(.down)), fy1 = min(n - 1, (rect.maxY * n).rounded(.up) - 1)
        guard fx0 <= fx1, fy0 <= fy1, (fx1 - fx0 + 1) * (fy1 - fy0 + 1) <= Double(maxTiles) else { return [] }
        let x0 = Int(fx0), x1 = Int(fx1), y0 = Int(fy0), y1 = Int(fy1)
        let side = 1 << z
        let projection = camera.projection()
        let limitX = Double(camera.width) + marginPixels, limitY = Double(camera.height) + marginPixels
        var out: [PlacedTile] = []
        out.reserveCapacity((x1 - x0 + 1) * (y1 - y0 + 1))
        for y in y0...y1 {
            for x in x0...x1 {
                let wrap = Int((Double(x) / n).rounded(.down))
                let canonical = x - wrap * side
                guard let id = TileID(z: z, x: canonical, y: y) else { continue }
                let placed = PlacedTile(id: id, wrap: wrap)
                if camera.isRotated {
                    // The bounding box of a rotated view over-covers: keep tiles whose projected
                    // square meets the canvas.
                    let s = placed.square
                    let corners = [WorldPoint(s.minX, s.minY), WorldPoint(s.maxX, s.minY), WorldPoint(s.maxX, s.maxY), WorldPoint(s.minX, s.maxY)]
                        .map { projection.apply($0) }
                    let minX = Double(corners.map(\.x).min()!), maxX = Double(corners.map(\.x).max()!)
                    let minY = Double(corners.map(\.y).min()!), maxY = Double(corners.map(\.y).max()!)
                    guard maxX > -marginPixels, minX < limitX, maxY > -marginPixels, minY < limitY else { continue }
                }
                out.append(placed)
            }
        }
        return out
    }
}
