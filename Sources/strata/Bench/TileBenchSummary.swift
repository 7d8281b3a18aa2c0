import Foundation

/// Medians over the repetitions of one variant: totals from the plain passes (no stats
/// overhead), the phase split and per-tile figures from the passes that collected stats.
struct TileBenchSummary {
    let tiles: Int
    let threads: Int
    /// Process CPU per tile (plain passes).
    let totalMs: Double
    let wallMs: Double
    /// Phases per tile (thread CPU summed over threads, stats passes).
    let prepareMs: Double, styleMs: Double, rasterMs: Double, encodeMs: Double
    /// Process CPU per tile of the stats passes minus `totalMs`: what the clocks cost.
    let statsOverheadMs: Double
    let bytesPerTile: Double
    let featuresPerTile: Double
    /// Median over repetitions of each tile's thread CPU (render + encode), ms.
    let tileMs: [Double]
    let pngSizes: [Int]

    init(plain: [TileBenchPass], detailed: [TileBenchPass], threads: Int) {
        let n = Double(max(plain.first?.tiles ?? 1, 1))
        tiles = plain.first?.tiles ?? 0
        self.threads = threads
        totalMs = BenchStats.median(plain.map(\.msPerTile))
        wallMs = BenchStats.median(plain.map { $0.wallSeconds * 1e3 / n })
        prepareMs = BenchStats.median(detailed.map { Double($0.render.prepareNanos) / 1e6 / n })
        styleMs = BenchStats.median(detailed.map { Double($0.render.styleNanos) / 1e6 / n })
        rasterMs = BenchStats.median(detailed.map { Double($0.render.rasterNanos) / 1e6 / n })
        encodeMs = BenchStats.median(detailed.map { $0.encodeSeconds * 1e3 / n })
        statsOverheadMs = BenchStats.median(detailed.map(\.msPerTile)) - totalMs
        bytesPerTile = Double(plain.first?.pngBytes ?? 0) / n
        featuresPerTile = Double(detailed.first?.render.features ?? 0) / n
        // Passes without stats carry no per-tile times.
        let timed = detailed.filter { $0.tileSeconds.count == plain.first?.tiles }
        tileMs = timed.isEmpty ? [] : (0..<tiles).map { i in BenchStats.median(timed.map { $0.tileSeconds[i] * 1e3 }) }
        pngSizes = detailed.first?.pngSizes ?? []
    }

    /// Share of the tile spent evaluating filters and properties (issue 4: < 10 %).
    var styleShare: Double { styleMs / max(prepareMs + styleMs + rasterMs + encodeMs, 1e-12) }
    var tileP50: Double { BenchStats.percentile(tileMs, 0.5) }
    var tileP90: Double { BenchStats.percentile(tileMs, 0.9) }
    var tileP99: Double { BenchStats.percentile(tileMs, 0.99) }
    var tileMax: Double { tileMs.max() ?? 0 }

    /// The `count` slowest tiles as (index, ms), slowest first.
    func slowest(_ count: Int) -> [(Int, Double)] {
        Array(tileMs.enumerated().sorted { $0.element > $1.element }.prefix(max(0, count)).map { ($0.offset, $0.element) })
    }

    var json: [String: Any] {
        let r = { (v: Double) in BenchStats.round(v) }
        return [
            "tiles": tiles,
            "threads": threads,
            "prepare_ms_per_tile": r(prepareMs),
            "style_ms_per_tile": r(styleMs),
            "raster_ms_per_tile": r(rasterMs),
            "encode_ms_per_tile": r(encodeMs),
            "total_ms_per_tile": r(totalMs),
            "wall_ms_per_tile": r(wallMs),
            "bytes_per_tile": BenchStats.round(bytesPerTile, 1),
            "tiles_per_s_per_core": BenchStats.round(1000 / totalMs, 1),
            "tiles_per_s_wall": BenchStats.round(1000 / wallMs, 1),
            "style_share": r(styleShare),
            "stats_overhead_ms_per_tile": r(statsOverheadMs),
            "features_per_tile": BenchStats.round(featuresPerTile, 2),
            "tile_p50_ms": r(tileP50),
            "tile_p99_ms": r(tileP99),
            "tile_max_ms": r(tileMax),
        ]
    }
}
