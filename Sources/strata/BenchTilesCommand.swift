import ArgumentParser
import Foundation
import Geo
import Renderer
import SourceData

/// `strata bench tiles`: the Natural Earth benchmark style (`bench/styles/natural-earth.json`:
/// the default style without its city labels, as the anchors draw it) over every tile of
/// z0–z5 (256 px) through the production path (MapRenderer into a reused canvas, PNGEncoder),
/// process CPU per tile split into prepare / style / raster / encode. Human-readable lines
/// first; the last line is one JSON object.
struct BenchTiles: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tiles", abstract: "Render + PNG benchmark over every tile of a zoom range (run with -c release).")

    @Option(help: "Style JSON file.") var style: String = "bench/styles/natural-earth.json"
    @Option(help: "Data directory for relative source URLs.") var dataDir: String = "config/data"
    @Option(help: "Fonts for labels whose style has no glyph PBFs (TTF/OTF, searched recursively; \"\" for none), as `serve` has them.")
    var fontsDir: String = "/usr/share/fonts/truetype/noto"
    @Option(help: "Zoom range A-B (every tile of each zoom).") var zooms: String = "0-5"
    @Option(help: "A single zoom (overrides --zooms); --zoom 3 is the anchors' 64-tile workload.") var zoom: Int?
    @Option(help: "Tile blocks z/x0-x1/y0-y1[,...] instead of whole zooms (e.g. 14/8794-8797/5293-5296).") var tiles: String?
    @Option(help: "Render threads.") var threads: Int = 1
    @Option(help: "Timed repetitions (median reported).") var reps: Int = 7
    @Option(help: "Untimed passes first (source loading, caches, page faults).") var warmup: Int = 1
    @Option(help: "Tile size: 256 (style zoom z-1) or 512.") var tileSize: Int = 256
    @Option(help: "default | data-driven | both (interleaved in each repetition).") var variant: String = "default"
    @Option(help: "List this many of the slowest tiles.") var slowest: Int = 5
    @Option(help: "Write every tile of the first variant as z-x-y.png into this directory.") var saveDir: String?
    @Option(help: "LON,LAT: before the first pass, render (untimed) the tile holding this point at each zoom of the tiles, as the anchors' warm-up view does: style, archive and per-zoom state ready, the timed tiles still cold (e.g. 13.14,53.60).")
    var warmAt: String?
    @Flag(inversion: .prefixedNo, help: "Also run a pass with the phase clock on per repetition (--no-phases: plain passes only, e.g. under a profiler).")
    var phases = true
    @Flag(help: "Stop after the first (cold) pass and print its CPU ms per tile: to profile what a first request costs.")
    var firstOnly = false

    /// The anchors' protocol: one view far from the timed tiles first, not counted (style,
    /// archive and per-zoom state ready, the timed tiles still cold).
    private func warmFar(_ warmAt: String, tiles: [TileID], runners: [TileBenchRunner]) throws {
        let parts = warmAt.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, abs(parts[0]) <= 180, abs(parts[1]) < 85.06 else {
            throw ValidationError("--warm-at is LON,LAT (e.g. 13.14,53.60)")
        }
        let point = WebMercator.project(lon: parts[0], lat: parts[1])
        let far = Set(tiles.map(\.z)).sorted().map { TileID.containing(point, zoom: $0) }
        let warm = TileSet.cameras(far, tileSize: tileSize)
        for runner in runners { _ = try runner.sibling(cameras: warm).pass(collectStats: false) }
    }

    func run() async throws {
        let variants = try checkedVariants()
        let block = try self.tiles.map(TileSet.block)
        let range = try block.map { b in b.map(\.z).min()!...b.map(\.z).max()! }
            ?? zoom.map { try TileSet.zoomRange(String($0)) } ?? TileSet.zoomRange(zooms)
        let tiles = block ?? TileSet.tiles(range)
        let runners = try makeRunners(variants, cameras: TileSet.cameras(tiles, tileSize: tileSize))
        print("tiles: \(tiles.count) (z\(range.lowerBound)–z\(range.upperBound), \(tileSize) px), threads: \(threads), style: \(style), variants: \(variants.map(\.rawValue).joined(separator: ", "))")

        if let warmAt { try warmFar(warmAt, tiles: tiles, runners: runners) }
        // Warm-up: the first pass also parses and indexes the sources (reported on its own).
        let loadStart = BenchClock.cpu()
        for runner in runners { for _ in 0..<max(warmup, 1) { _ = try runner.pass(collectStats: false) } }
        let warmupMs = (BenchClock.cpu() - loadStart) * 1e3
        if firstOnly {
            print(String(format: "first pass: %.4f ms/tile (process CPU)", warmupMs / Double(max(warmup, 1) * tiles.count * runners.count)))
            return
        }

        let summaries = try measure(runners)
        report(summaries, variants: variants, tiles: tiles, warmupMs: warmupMs)
        if let saveDir { try save(runners[0], tiles: tiles, to: saveDir) }

        var json = summaries[0].json
        json["variant"] = variants[0].rawValue
        json["zooms"] = "\(range.lowerBound)-\(range.upperBound)"
        json["tile_size"] = tileSize
        json["reps"] = reps
        json["warmup_cpu_ms"] = BenchStats.round(warmupMs, 1)
        // The first pass renders every tile with cold source caches (archive read, decode,
        // index): per tile, what a first request costs (with --warmup 1 and one variant).
        json["first_ms_per_tile"] = BenchStats.round(warmupMs / Double(max(warmup, 1) * tiles.count * runners.count))
        json["peak_rss_mb"] = BenchStats.round(Double(ProcessMemory.peakResidentBytes) / 1048576, 1)
        if variants.count > 1 {
            json["variants"] = Dictionary(uniqueKeysWithValues: zip(variants, summaries).map { ($0.rawValue, $1.json) })
            json["data_driven_over_default"] = BenchStats.round(summaries[1].totalMs / summaries[0].totalMs)
        }
        try BenchOutput.printJSONLine(json)
    }

    /// The options checked before any work, and the style variants they ask for.
    private func checkedVariants() throws -> [BenchStyleVariant] {
        guard reps >= 1, warmup >= 0, threads >= 1, threads <= 256 else {
            throw ValidationError("--reps ≥ 1, --warmup ≥ 0, --threads in 1...256")
        }
        guard tileSize == 256 || tileSize == 512 else { throw ValidationError("--tile-size is 256 or 512") }
        let variants: [BenchStyleVariant]
        switch variant {
        case "both": variants = [.plain, .dataDriven]
        default:
            guard let v = BenchStyleVariant(rawValue: variant) else {
                throw ValidationError("--variant is default, data-driven or both")
            }
            variants = [v]
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dataDir, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--data-dir \(dataDir) is not a directory (run from the package root or pass --data-dir)")
        }
        return variants
    }

    /// One runner per variant, all sharing one renderer (its data directory and fonts, as
    /// `serve` has them).
    private func makeRunners(_ variants: [BenchStyleVariant], cameras: [Camera]) throws -> [TileBenchRunner] {
        let fonts = fontsDir.isEmpty || !FileManager.default.fileExists(atPath: fontsDir) ? nil : fontsDir
        let renderer = MapRenderer(resources: RenderResources(
            dataDirectory: try? DataDirectory(root: dataDir, archives: DataDirectory.discoverArchives(in: dataDir)), fontsDirectory: fonts), customLayers: BenchStyle.customLayers)
        return try variants.map {
            TileBenchRunner(renderer: renderer, style: try BenchStyle.load(path: style, variant: $0), cameras: cameras, threads: threads)
        }
    }

    /// `reps` rounds, variants interleaved in each so that outside load hits them alike; each
    /// round a plain pass and (with phases) one with the phase clock on.
    private func measure(_ runners: [TileBenchRunner]) throws -> [TileBenchSummary] {
        var plain = [[TileBenchPass]](repeating: [], count: runners.count), detailed = plain
        for _ in 0..<reps {
            for (v, runner) in runners.enumerated() {
                plain[v].append(try runner.pass(collectStats: false))
                detailed[v].append(phases ? try runner.pass(collectStats: true) : plain[v].last!)
            }
        }
        return runners.indices.map { TileBenchSummary(plain: plain[$0], detailed: detailed[$0], threads: threads) }
    }

    /// The human-readable lines: per variant the phase split, the per-tile spread and the
    /// slowest tiles; a warning when nothing was drawn (sources not found is no benchmark).
    private func report(_ summaries: [TileBenchSummary], variants: [BenchStyleVariant], tiles: [TileID], warmupMs: Double) {
        if summaries.contains(where: { $0.featuresPerTile == 0 }) {
            FileHandle.standardError.write(Data("warning: no features were drawn; do the style's sources resolve in \(dataDir)?\n".utf8))
        }
        print("ms/tile: process CPU, median over \(reps) repetitions (phases from a separate pass with stats on)")
        for (v, s) in zip(variants, summaries) {
            print(String(format: "%-12@ total %.4f (wall %.4f)  prepare %.4f  style %.4f  raster %.4f  encode %.4f  | style share %.1f %%  | %.0f tiles/s per core  %.0f B/tile  stats overhead %.4f",
                         v.rawValue as NSString, s.totalMs, s.wallMs, s.prepareMs, s.styleMs, s.rasterMs, s.encodeMs,
                         s.styleShare * 100, 1000 / s.totalMs, s.bytesPerTile, s.statsOverheadMs))
            print(String(format: "%-12@ per tile (thread CPU, render+encode): p50 %.4f  p90 %.4f  p99 %.4f  max %.4f ms; features/tile %.1f",
                         v.rawValue as NSString, s.tileP50, s.tileP90, s.tileP99, s.tileMax, s.featuresPerTile))
            for (i, ms) in s.slowest(slowest) {
                print("  slow: \(tiles[i])  \(String(format: "%.3f", ms)) ms  \(s.pngSizes[i]) B")
            }
        }
        print(String(format: "warm-up (source parse + index + %d pass(es) per variant): %.1f ms CPU; peak RSS %.1f MB",
                     max(warmup, 1), warmupMs, Double(ProcessMemory.peakResidentBytes) / 1048576))
    }

    private func save(_ runner: TileBenchRunner, tiles: [TileID], to dir: String) throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (tile, png) in zip(tiles, try runner.encodedTiles()) {
            try Data(png).write(to: URL(fileURLWithPath: "\(dir)/\(tile.z)-\(tile.x)-\(tile.y).png"))
        }
        print("saved \(tiles.count) tiles to \(dir)")
    }
}
