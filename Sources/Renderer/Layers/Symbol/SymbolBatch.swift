import Raster
import SourceData

/// The quads of one symbol layer collected over all its tiles, drawn at the end as MapLibre
/// draws a symbol layer: the icons of every tile first, then tile by tile the halos and then
/// the text.
final class SymbolBatch {
    /// A glyph, or an image in text (`image` indexes `images`; −1 for a glyph).
    struct Quad {
        var glyph: SDFGlyph; var quad: RotatedQuad; var drawing: Int
        var image: Int32 = -1
    }
    var quads: [Quad] = []
    /// Images in text, drawn in the text pass with the text's opacity; each padded with the
    /// atlas's transparent texel once.
    var images: [TextImage] = []
    var paddedImages: [String: Pixmap] = [:]
    var drawings: [SDFGlyphDrawing] = []
    var icons: [SymbolIcons.Placed] = []
    /// Where each tile's quads start.
    private var tileStarts: [Int] = []

    /// Nothing placed: no icon, glyph or image in text.
    var isEmpty: Bool { quads.isEmpty && icons.isEmpty }

    /// The quads added from here on belong to the next tile.
    func beginTile() { tileStarts.append(quads.count) }

    /// Registers a feature's shader inputs; returns their index for its quads.
    func add(_ drawing: SDFGlyphDrawing) -> Int {
        drawings.append(drawing)
        return drawings.count - 1
    }

    func draw(pixelRatio: Float, on canvas: Canvas) {
        SymbolIcons.draw(icons, pixelRatio: pixelRatio, on: canvas)
        let starts = tileStarts.isEmpty ? [0] : tileStarts
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : quads.count
            guard start < end else { continue }
            for pass in [SDFGlyphDrawing.Pass.halo, .text] {
                for q in quads[start..<end] {
                    if q.image >= 0 {
                        if pass == .text { drawImage(q, on: canvas) }
                        continue
                    }
                    drawings[q.drawing].draw(q.glyph, quad: q.quad, pass: pass, on: canvas)
                }
            }
        }
    }
}
