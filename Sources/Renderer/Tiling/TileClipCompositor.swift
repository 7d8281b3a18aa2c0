import Geo
import Raster

/// Where what a tile pass drew on the clip canvas lands on the real canvas: inside the tile's
/// square only (as GL's stencil test keeps a tile's fragments inside the tile), and only the
/// region the pass could have touched is read and cleared again (Raster's
/// `Canvas.composite(_:in:)` and `Canvas.clear(_:)` write the pixels).
enum TileClipCompositor {
    typealias PixelRect = Raster.PixelRect

    /// The pixels whose centres lie in the square (left and top edges in, right and bottom
    /// out, so neighbouring tiles share no pixel), for an unrotated projection.
    static func pixels(of square: WorldRect, _ p: WorldProjection, width: Int, height: Int) -> PixelRect {
        let a = p.apply(WorldPoint(square.minX, square.minY)), b = p.apply(WorldPoint(square.maxX, square.maxY))
        func index(_ v: Float, _ limit: Int) -> Int {
            guard v.isFinite else { return v > 0 ? limit : 0 }
            return Int(max(0, min(Float(limit), (v - 0.5).rounded(.up))))
        }
        return PixelRect(x0: index(min(a.x, b.x), width), y0: index(min(a.y, b.y), height),
                         x1: index(max(a.x, b.x), width), y1: index(max(a.y, b.y), height))
    }

    /// The pixels a pass may have drawn: its features' bounds grown by the painter's reach.
    static func reached(_ pass: SourceTilePass, _ p: WorldProjection, width: Int, height: Int) -> PixelRect {
        let b = pass.drawnBounds
        let corners = [WorldPoint(b.minX, b.minY), WorldPoint(b.maxX, b.minY), WorldPoint(b.maxX, b.maxY), WorldPoint(b.minX, b.maxY)]
            .map { p.apply($0) }
        let reach = Float(pass.reach) + 4
        func index(_ v: Float, _ limit: Int) -> Int {
            guard v.isFinite else { return v > 0 ? limit : 0 }
            return Int(max(0, min(Float(limit), v)))
        }
        return PixelRect(x0: index((corners.map(\.x).min()! - reach).rounded(.down), width),
                         y0: index((corners.map(\.y).min()! - reach).rounded(.down), height),
                         x1: index((corners.map(\.x).max()! + reach).rounded(.up), width),
                         y1: index((corners.map(\.y).max()! + reach).rounded(.up), height))
    }

    /// Source-over of `source`'s pixels in `rect` onto `output`.
    static func composite(_ source: Canvas, onto output: Canvas, in rect: PixelRect) {
        output.composite(source, in: rect)
    }

    /// Makes `rect` of `canvas` transparent.
    static func clear(_ canvas: Canvas, _ rect: PixelRect) { canvas.clear(rect) }
}
