import Foundation
import Geo
import SourceData
import StyleSpec

/// One source tile's line labels laid out, before placement: each feature's text and icon
/// shaped, lines of one text joined, and each label's anchors along its pieces of line in
/// tile units (MapLibre's symbol bucket for line placement). Nothing in it depends on the
/// view, so tiles and blocks keep it per style, zoom and ratio (`SymbolTileLayouts`) and
/// a repeated render only projects, places and draws.
final class SymbolLineTileLayout: @unchecked Sendable {
    struct Piece {
        /// The piece of line in tile units, and the anchors on it (repeats dropped).
        var line: [SIMD2<Double>]
        var anchors: [LineAnchor]
    }
    struct Label {
        var feature: Int
        /// The longer of the text and the icon, in shaping units.
        var labelLength: Double
        var pieces: [Piece]
    }
    let features: [SymbolFeatureLayout]
    let labels: [Label]

    init(features: [SymbolFeatureLayout], labels: [Label]) { self.features = features; self.labels = labels }

    /// Bytes held, for the cache's budget (array capacities, not counts: arrays grown by
    /// appending keep up to twice what they hold).
    var byteSize: Int {
        var n = 64 + features.capacity * MemoryLayout<SymbolFeatureLayout>.stride
        for f in features { n += f.heapBytes }
        n += labels.capacity * MemoryLayout<Label>.stride
        for l in labels {
            n += 32 + l.pieces.capacity * MemoryLayout<Piece>.stride
            for p in l.pieces {
                n += 64 + p.line.capacity * MemoryLayout<SIMD2<Double>>.stride + p.anchors.capacity * MemoryLayout<LineAnchor>.stride
            }
        }
        return n
    }

    /// Lays out `pass`'s features of `layer` within `marginPixels` of the view
    /// (`SymbolTileLayouts.layout`'s choice). Tiles and blocks take every line of the source
    /// tile, whatever the view: lines of one text are joined and their anchors spaced from
    /// where the joined line starts, so a line left out because it is off the view would move
    /// the anchors of the others. Views take the lines near the view, as before.
    static func build(_ layer: Layer, _ frame: RenderFrame, _ layout: SymbolLayerLayout, _ options: SymbolLineLabels.Options,
                      _ pass: SourceTilePass, marginPixels margin: Double) throws -> SymbolLineTileLayout {
        let extent = SymbolLineLabels.extent
        let square = pass.square
        let overscaling = pow(2, Double(max(0, Int(frame.zoom.rounded(.down)) - pass.tileZoom)))
        let tilePixelRatio = extent / (512 * overscaling)
        func toTile(_ p: WorldPoint) -> SIMD2<Double> {
            SIMD2(((p.x - square.minX) / square.width * extent).rounded(), ((p.y - square.minY) / square.height * extent).rounded())
        }
        // The tile's features laid out, their lines in tile units; then lines of one text
        // that meet end to end are joined (line placement), as MapLibre's bucket does.
        var features: [SymbolFeatureLayout] = []
        var lines: [[[SIMD2<Double>]]] = []
        try FeatureStream.forEach(layer, in: frame, tile: pass, marginPixels: margin) { fctx, geometry, _ in
            guard geometry.type != .point, let f = layout.layout(fctx, alongLine: options.textAlong) else { return }
            var parts: [[SIMD2<Double>]] = []
            for part in 0..<geometry.partCount {
                var line: [SIMD2<Double>] = []
                for i in geometry.partRange(part) {
                    let p = toTile(geometry.points[i])
                    if line.last != p { line.append(p) }
                }
                if line.count > 1 { parts.append(line) }
            }
            guard !parts.isEmpty else { return }
            features.append(f)
            lines.append(parts)
        }
        let items = options.center ? lines.indices.map { SymbolLineMerge.Item(feature: $0, lines: lines[$0]) }
            : SymbolLineMerge.merge(texts: features.map { $0.shaping == nil ? nil : $0.text }, lines: lines)
        var seen = RepeatedAnchors()
        var labels: [Label] = []
        for item in items {
            let f = features[item.feature]
            // Anchors are spaced by the vertical shaping's length when there is one, as MapLibre's are.
            let labelLength = max((f.verticalShaping ?? f.shaping).map { $0.right - $0.left } ?? 0,
                                  f.icon.map { Double($0.box.z - $0.box.x) } ?? 0)
            let params = SymbolLineAnchors.Parameters(spacing: options.spacing * tilePixelRatio, maxAngle: options.maxAngle,
                                                      labelLength: labelLength, boxScale: tilePixelRatio * Double(f.maxFontSize) / 24,
                                                      overscaling: overscaling, extent: extent, hasText: f.shaping != nil)
            var label = Label(feature: item.feature, labelLength: labelLength, pieces: [])
            for line in item.lines {
                let pieces: [[SIMD2<Double>]] = options.center ? [line]
                    : SymbolLineAnchors.clip(line, x0: 0, y0: 0, x1: extent, y1: extent)
                for piece in pieces {
                    let anchors = options.center ? SymbolLineAnchors.centerAnchor(piece, params).map { [$0] } ?? []
                        : SymbolLineAnchors.anchors(piece, params)
                    var kept: [LineAnchor] = []
                    for anchor in anchors {
                        guard anchor.x >= 0, anchor.x < extent, anchor.y >= 0, anchor.y < extent else { continue }
                        let a = SIMD2(anchor.x, anchor.y)
                        if !options.center, f.shaping != nil, seen.isTooClose(a, text: f.text, distance: params.spacing / 2) { continue }
                        kept.append(anchor)
                    }
                    if !kept.isEmpty { label.pieces.append(Piece(line: piece, anchors: kept)) }
                }
            }
            if !label.pieces.isEmpty { labels.append(label) }
        }
        return SymbolLineTileLayout(features: features, labels: labels)
    }
}
