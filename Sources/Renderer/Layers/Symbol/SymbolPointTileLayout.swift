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
    /// A feature's layout, its anchors and sort key, and `size`: how far (device pixels) its
    /// text or icon reaches from an anchor, for the painter's reach test; kept here so a
    /// repeated render does not work it out again for every anchor.
    typealias Symbol = (feature: Int, f: SymbolFeatureLayout, anchors: [WorldPoint], key: Float, size: Double)
    let symbols: [Symbol]

    init(symbols: [Symbol]) { self.symbols = symbols }

    /// Bytes held, for the cache's budget (array capacities, as `SymbolLineTileLayout`).
    var byteSize: Int {
        symbols.reduce(64 + symbols.capacity * MemoryLayout<Symbol>.stride) {
            $0 + 32 + $1.anchors.capacity * MemoryLayout<WorldPoint>.stride + $1.f.heapBytes
        }
    }

    /// Lays out `tile`'s features of `layer` within `marginPixels` of the view
    /// (`SymbolTileLayouts.layout`'s choice: the whole tile on tiles and blocks, 256 px around
    /// views).
    static func build(_ layer: Layer, _ frame: RenderFrame, _ layout: SymbolLayerLayout, tile: SourceTilePass?,
                      unitsPerWorld: Double, marginPixels margin: Double) throws -> SymbolPointTileLayout {
        let ratio = Float(frame.camera.pixelRatio)
        var symbols: [Symbol] = []
        var featureIndex = -1
        try FeatureStream.forEach(layer, in: frame, tile: tile, marginPixels: margin) { fctx, geometry, _ in
            featureIndex += 1
            guard let f = layout.layout(fctx, alongLine: false) else { return }
            symbols.append((featureIndex, f, SymbolPainter.anchors(geometry, unitsPerWorld: unitsPerWorld),
                            Float(layout.sortKey?.value(fctx) ?? 0), size(f, ratio: ratio)))
        }
        if layout.sortKey != nil {
            symbols = symbols.enumerated().sorted { a, b in
                a.element.key != b.element.key ? a.element.key < b.element.key : a.offset < b.offset
            }.map(\.element)
        }
        return SymbolPointTileLayout(symbols: symbols)
    }

    /// How far a feature's text (with its offset) or icon reaches from its anchor, in device
    /// pixels at `ratio`.
    static func size(_ f: SymbolFeatureLayout, ratio: Float) -> Double {
        let scale = Double(f.fontSize) / 24 * Double(ratio)
        var size = 0.0
        if let s = f.shaping {
            size = max(abs(s.left), abs(s.right), abs(s.top), abs(s.bottom)) * scale
                + max(abs(f.textOffset.x), abs(f.textOffset.y)) * scale
        }
        if let i = f.icon { size = max(size, Double(max(abs(i.box.x), abs(i.box.y), abs(i.box.z), abs(i.box.w)) * i.size * ratio)) }
        return size
    }
}
