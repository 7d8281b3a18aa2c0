import SourceData

/// The evaluated style of every feature of one line bucket at one zoom and pixel ratio, kept
/// across renders as MapLibre keeps evaluated paint values in its buckets: a repeated render
/// of the tile (or another output tile drawn from the same source tile at the same zoom)
/// skips per-feature expression evaluation. Entry `n` belongs to the bucket's record `n`;
/// nil where that feature draws nothing.
final class LineStyleTable: @unchecked Sendable {
    let styles: [LineLayerStyle.Feature?]

    init(styles: [LineLayerStyle.Feature?]) { self.styles = styles }

    /// Bytes held; dash patterns and pattern images are shared with the style's atlases.
    var byteSize: Int { 64 + styles.capacity * MemoryLayout<LineLayerStyle.Feature?>.stride }
}

/// Line style tables in a byte budget. Keys carry everything the values depend on: the
/// bucket, the style's render hash (layers, images, feature state, global state), the layer's
/// render hash, the zoom and the pixel ratio; so a style change simply misses.
final class LineStyleTables: Sendable {
    let cache: SourceCache<LineStyleTable>

    init(byteBudget: Int = RenderCacheBudgets.default.lineStyles) {
        cache = SourceCache(byteBudget: byteBudget, cost: { $0.byteSize })
    }

    func table(key: String, build: () throws -> [LineLayerStyle.Feature?]) throws -> LineStyleTable {
        try cache.value(for: key) { LineStyleTable(styles: try build()) }
    }

    static func key(bucket: String, styleHash: String, layerHash: String, zoom: Double, pixelRatio: Float) -> String {
        [bucket, styleHash, layerHash, String(zoom.bitPattern, radix: 16), String(pixelRatio.bitPattern, radix: 16)]
            .joined(separator: "|")
    }
}
