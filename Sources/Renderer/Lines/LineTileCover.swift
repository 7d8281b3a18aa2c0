import Geo

/// The source tiles MapLibre would draw for a view: every tile of the tile zoom that meets
/// the view (x unwrapped, so world copies are separate tiles). Each is drawn only inside its
/// own square (MapLibre's stencil), from its data clipped to the square grown by the
/// source's buffer.
struct LineTileCover {
    struct Tile: Equatable {
        var x: Int, y: Int
    }

    let tileZoom: Int
    let tiles: [Tile]

    /// At most this many tiles (a view a few thousand pixels wide at a fractional zoom needs
    /// a few dozen).
    static let maxTiles = 4096

    init(camera: Camera, tileZoom: Int) {
        self.tileZoom = tileZoom
        let n = Double(1 << max(0, min(30, tileZoom)))
        let view = camera.visibleWorldBounds()
        var out: [Tile] = []
        if view.minX.isFinite, view.maxX.isFinite, view.minY.isFinite, view.maxY.isFinite {
            let x0 = Int(max(-1e9, (view.minX * n).rounded(.down)))
            let x1 = Int(min(1e9, (view.maxX * n).rounded(.up))) - 1
            let y0 = max(0, Int(max(-1e9, (view.minY * n).rounded(.down))))
            let y1 = min(Int(n) - 1, Int(min(1e9, (view.maxY * n).rounded(.up))) - 1)
            if x0 <= x1, y0 <= y1, (x1 - x0 + 1) * (y1 - y0 + 1) <= Self.maxTiles {
                for y in y0...y1 { for x in x0...x1 { out.append(Tile(x: x, y: y)) } }
            }
        }
        tiles = out
    }

    /// The tile's square grown by `buffer` tiles on each side, in world units.
    func bufferedRect(_ t: Tile, buffer: Double) -> WorldRect {
        let n = Double(1 << max(0, min(30, tileZoom)))
        return WorldRect(minX: (Double(t.x) - buffer) / n, minY: (Double(t.y) - buffer) / n,
                         maxX: (Double(t.x) + 1 + buffer) / n, maxY: (Double(t.y) + 1 + buffer) / n)
    }

    /// The canvas pixels whose centres lie in the tile's square.
    func clip(_ t: Tile, projection: WorldProjection, width: Int, height: Int, rotated: Bool) -> PixelClip {
        let n = Double(1 << max(0, min(30, tileZoom)))
        func corner(_ x: Int, _ y: Int) -> SIMD2<Double> {
            SIMD2<Double>(projection.apply(WorldPoint(Double(x) / n, Double(y) / n)))
        }
        let a = corner(t.x, t.y), b = corner(t.x + 1, t.y), c = corner(t.x + 1, t.y + 1), d = corner(t.x, t.y + 1)
        if !rotated {
            return PixelClip(width: width, height: height, rect: min(a.x, c.x), min(a.y, c.y), max(a.x, c.x), max(a.y, c.y))
        }
        return PixelClip(width: width, height: height, quad: [a, b, c, d])
    }
}
