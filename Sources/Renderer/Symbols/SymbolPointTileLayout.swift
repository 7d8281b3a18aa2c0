import Foundation
import Geo
import SourceData
import StyleSpec

/// One source tile's point-placed symbols laid out, before placement: each feature's text and
/// icon shaped, its anchors (points, line starts, polygons' poles of inaccessibility) and its
/// sort key, in `symbol-sort-key` order (MapLibre's symbol bucket). Tiles and blocks take every
/// feature of the source tile, whatever the view, so the layout is kept per style, zoom and
/// ratio (`SymbolTileLayouts`) and a repeated render only places and draws.
final class SymbolPointTileLayout: @unchecked Sendable {
    typealias Symbol = (feature: Int, f: SymbolFeatureLayout, anchors: [WorldPoint], key: Float)
    let symbols: [Symbol]

    init(symbols: [Symbol]) { self.symbols = symbols }

    /// Bytes held, for the cache's budget (array capacities, as `SymbolLineTileLayout`).
    var byteSize: Int {
        symbols.reduce(64 + symbols.capacity * MemoryLayout<Symbol>.stride) {
            $0 + 32 + $1.anchors.capacity * MemoryLayout<WorldPoint>.stride + $1.f.heapBytes
        }
    }

    /// Lays out `tile`'s features of `layer` (all of them when the placement lays out per tile;
    /// else those within 256 px of the view, as views always did).
    static func build(_ layer: Layer, _ frame: RenderFrame, _ layout: SymbolLayerLayout, tile: SourceTilePass?,
                      unitsPerWorld: Double) throws -> SymbolPointTileLayout {
        let ratio = Double(frame.camera.pixelRatio)
        var margin = 256 * ratio
        if frame.symbolPlacement.laysOutPerTile, let tile { margin = tile.square.width * frame.camera.worldSize + 512 * ratio }
        var symbols: [Symbol] = []
        var featureIndex = -1
        try FeatureStream.forEach(layer, in: frame, tile: tile, marginPixels: margin) { fctx, geometry, _ in
            featureIndex += 1
            guard let f = layout.layout(fctx, alongLine: false) else { return }
            symbols.append((featureIndex, f, SymbolPainter.anchors(geometry, unitsPerWorld: unitsPerWorld),
                            layout.sortKey?.value(fctx) ?? 0))
        }
        if layout.sortKey != nil {
            symbols = symbols.enumerated().sorted { a, b in
                a.element.key != b.element.key ? a.element.key < b.element.key : a.offset < b.offset
            }.map(\.element)
        }
        return SymbolPointTileLayout(symbols: symbols)
    }
}
