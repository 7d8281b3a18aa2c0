import Foundation
import Geo
import Raster
import SourceData
import StyleSpec

/// `symbol` layers: each feature laid out once (`SymbolLayerLayout`: text shaped from the
/// style's glyph PBFs, icon from the sprite) and placed at its points (here) or along its
/// lines (`SymbolLineLabels`). Glyph quads are placed around the anchor (quantized to 1/32 px
/// at 24 px as MapLibre's vertex buffer stores them), turned by `text-rotate`, and shaded with
/// the SDF shader (`SDFGlyphDrawing`). Labels are placed top layer first before any layer
/// draws; one that does not allow overlap is dropped when its box meets one placed earlier,
/// or tries its variable anchors in turn (`SymbolVariableAnchors`), and with
/// `text-writing-mode` its horizontal and vertical shapings in the layer's order (a vertical
/// one turned 90°, its box too). Without cross-source collisions, each source is a collision
/// group of its own (`SymbolPlacement.collisions(forSource:)`).
enum SymbolPainter {
    /// Places the labels of `layers` (bottom to top) top layer first, as MapLibre's placement
    /// runs, so a label of an upper layer takes its room before those beneath.
    static func placeAll(_ layers: [Layer], _ frame: RenderFrame) throws {
        for layer in layers.reversed() {
            try frame.checkDeadlineNow()
            frame.placingSource = layer.source
            frame.placedLabels[layer.id] = try place(layer, frame)
        }
        frame.placingSource = nil
    }

    /// Draws the labels placed for `layer`; true when there were any.
    static func draw(_ layer: Layer, _ frame: RenderFrame, on canvas: Canvas) -> Bool {
        guard let batch = frame.placedLabels[layer.id], !batch.isEmpty else { return false }
        batch.draw(pixelRatio: Float(frame.camera.pixelRatio), on: canvas)
        frame.clock.mark(.raster)
        return true
    }

    private static func place(_ layer: Layer, _ frame: RenderFrame) throws -> SymbolBatch? {
        let template = frame.style.root["glyphs"]?.stringValue
        let layout = SymbolLayerLayout(layer, frame, glyphs: template)
        switch layout.placement {
        case .point:
            let batch = SymbolBatch()
            let perTile = frame.symbolPlacement.laysOutPerTile
            // A view has the labels of the tiles it shows, as MapLibre's: one anchored in a
            // tile beyond the view is not drawn, though its text would reach in.
            let reach = perTile ? TiledLayerDrawing.labelReach * frame.camera.pixelRatio : 0
            let tiling = LayerTiling(perSourceTile: true, tileGeoJSON: perTile, pointReach: reach, geoJSONReach: reach)
            try TiledLayerDrawing.run(layer, frame, tiling: tiling) { tile in
                batch.beginTile()
                try SymbolPointLabels(layer, frame, layout, batch, tile: tile).run()
            }
            return batch
        case .line, .lineCenter:
            return try SymbolLineLabels.place(layer, frame, layout)
        }
    }

    /// The label text of a `text-field` value (a string, a number, or formatted sections).
    static func text(_ v: Value) -> String {
        switch v {
        case .formatted(let f): return f.plainText
        case .null: return ""
        default: return Value.toString(v)
        }
    }

    /// Where point placement puts labels: every point of a (multi)point, the first vertex of
    /// each line, and for each polygon its pole of inaccessibility to within 16 tile units,
    /// found on the outline in whole tile units (`unitsPerWorld`) as MapLibre's tiles hold it.
    static func anchors(_ g: FeatureGeometry, unitsPerWorld q: Double) -> [WorldPoint] {
        switch g.type {
        case .point: return g.points
        case .lineString: return (0..<g.partCount).compactMap { g.partRange($0).first.map { g.points[$0] } }
        case .polygon:
            return (0..<g.polygonCount).compactMap { p -> WorldPoint? in
                var rings = g.polygonPartRange(p).map { ring in
                    g.partRange(ring).map { SIMD2((g.points[$0].x * q).rounded(), (g.points[$0].y * q).rounded()) }
                }
                guard let outer = rings.first, !outer.isEmpty else { return nil }
                // Searched in the units of the tile holding the outline's corner, as MapLibre
                // searches each tile's polygon: ties between equally good cells fall the same way.
                let corner = outer.reduce(outer[0]) { pointwiseMin($0, $1) }
                let origin = (corner / 8192).rounded(.down) * 8192
                rings = rings.map { $0.map { $0 - origin } }
                let pole = PoleOfInaccessibility.find(rings, precision: 16) + origin
                return WorldPoint(pole.x / q, pole.y / q)
            }
        }
    }
}
