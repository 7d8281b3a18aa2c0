import Foundation
import SourceData
import StyleSpec

/// Label layouts of source tiles (`SymbolLineTileLayout`, `SymbolPointTileLayout`) in a byte
/// budget, keyed by the tile, the layer, the style's render hash (layout, paint, images, feature
/// and global state), the zoom and the pixel ratio: a style change simply misses.
final class SymbolTileLayouts<Layout: Sendable>: Sendable {
    let cache: SourceCache<Layout>

    init(byteBudget: Int, cost: @escaping @Sendable (Layout) -> Int) {
        cache = SourceCache<Layout>(byteBudget: byteBudget, cost: cost)
    }

    /// The layout of `layer`'s features in `pass` for this render, and whether it is the
    /// source tile's kept layout. The one place that decides, for line and point labels alike:
    /// - Tiles and blocks (`laysOutPerTile`) lay out every feature of the source tile, whatever
    ///   the view, since a label's anchors and the order of placement must not depend on which
    ///   output tile or block drew the source tile: `build` gets a margin of the whole tile plus
    ///   512 px. A pass with a `tileKey` (a decoded vector tile) keeps that layout for every
    ///   render of this style, zoom and ratio; a GeoJSON tile, which has no key, builds it anew.
    /// - Views lay out the features within 256 px of the view, as they always did.
    /// A kept layout reaches far beyond the view, so point labels place only its anchors
    /// within reach of the view (`kept`); a GeoJSON tile's is placed whole, as it was before
    /// layouts were kept.
    func layout(_ layer: Layer, _ frame: RenderFrame, pass: SourceTilePass?,
                build: (_ marginPixels: Double) throws -> Layout) throws -> (layout: Layout, kept: Bool) {
        let ratio = frame.camera.pixelRatio
        guard frame.symbolPlacement.laysOutPerTile, let pass else { return (try build(256 * ratio), false) }
        let margin = pass.square.width * frame.camera.worldSize + 512 * ratio
        guard let tileKey = pass.tileKey else { return (try build(margin), false) }
        // Layouts are made of glyphs and icons: a changed remote glyph range or sprite changes the generation.
        let key = Self.key(tile: tileKey, layer: layer.id, styleHash: frame.style.renderHash, zoom: frame.camera.zoom,
                           pixelRatio: Float(ratio)) + (frame.resources.dataDirectory?.remoteGenerationKey ?? "")
        let layout = try cache.value(for: key) { try build(margin) }
        frame.clock.mark(.prepare)
        return (layout, true)
    }

    var statistics: SourceCache<Layout>.Stats { cache.statistics }

    private static func key(tile: String, layer: String, styleHash: String, zoom: Double, pixelRatio: Float) -> String {
        [tile, layer, styleHash, String(zoom.bitPattern, radix: 16), String(pixelRatio.bitPattern, radix: 16)].joined(separator: "|")
    }
}
