import Geo
import Raster

/// Copies what a tile pass drew on the clip canvas onto the real canvas, inside the tile's
/// square only (as GL's stencil test keeps a tile's fragments inside the tile), then makes
/// the clip canvas transparent again. Only the region the pass could have touched is read
/// and cleared, and transparent pixels are skipped, so a layer that draws little costs
/// little.
enum TileClipCompositor {
    /// Device-pixel rectangle [x0, x1) × [y0, y1).
    struct PixelRect: Equatable {
        var x0: Int, y0: Int, x1: Int, y1: Int
        var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
        func intersection(_ o: PixelRect) -> PixelRect {
            PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        }
    }

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
        guard !rect.isEmpty, source.width == output.width, source.height == output.height else { return }
        let w = output.width
        source.pixmap.withUnsafePixels { s in
            output.withUnsafeMutablePixels { d in
                for y in rect.y0..<rect.y1 {
                    var i = y * w + rect.x0
                    let end = y * w + rect.x1
                    while i < end {
                        let p = s[i]
                        if p != 0 { d[i] = p >> 24 == 255 ? p : over(p, d[i]) }
                        i += 1
                    }
                }
            }
        }
    }

    /// Makes `rect` of `canvas` transparent.
    static func clear(_ canvas: Canvas, _ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        let w = canvas.width
        canvas.withUnsafeMutablePixels { px in
            for y in rect.y0..<rect.y1 {
                UnsafeMutableBufferPointer(rebasing: px[(y * w + rect.x0)..<(y * w + rect.x1)]).update(repeating: 0)
            }
        }
    }

    /// Premultiplied source-over, s + d·(255 − s.a)/255 rounded, two channels per multiply.
    @inline(__always)
    static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let inv = 255 &- (s >> 24)
        let rb = (d & 0x00FF_00FF) &* inv &+ 0x0080_0080
        let ag = ((d >> 8) & 0x00FF_00FF) &* inv &+ 0x0080_0080
        let rb2 = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        let ag2 = ((ag &+ ((ag >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        return s &+ (rb2 | (ag2 << 8))
    }
}
