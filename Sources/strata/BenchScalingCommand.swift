import SplitMix
import ArgumentParser
import Foundation
import Geo
import JSON
import Renderer
import SourceData
import StyleSpec

/// `strata bench scaling`: synthetic GeoJSON sources of 10k, 100k and 1M features rendered
/// through the real renderer. Per size: JSON parse and index build time, memory per feature,
/// and ms per 256 px tile at the zoom where a tile holds a fixed number of features — which
/// must stay flat (≤ 1.5×) as the source grows. The last line is one JSON object.
struct BenchScaling: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scaling", abstract: "Source-size scaling benchmark through MapRenderer (run with -c release).")

    @Option(help: "Feature counts, comma-separated.") var sizes: String = "10000,100000,1000000"
    @Option(help: "Features a tile should hold (sets the zoom per size).") var perTile: Double = 200
    @Option(help: "Tiles rendered per size (a jittered grid over the data).") var tiles: Int = 64
    @Option(help: "Timed repetitions (median reported), interleaved across sizes.") var reps: Int = 5
    @Option(help: "Random seed of the generator.") var seed: UInt64 = 1
    @Option(help: "Keep the generated data, the style and the tiles' views (views.txt) in this directory.") var keep: String?

    func run() async throws {
        let counts = sizes.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !counts.isEmpty, counts.allSatisfy({ $0 > 0 && $0 <= 20_000_000 }) else {
            throw ValidationError("--sizes takes positive counts up to 20,000,000, e.g. 10000,100000,1000000")
        }
        guard tiles >= 1, reps >= 1, perTile > 0 else { throw ValidationError("--tiles, --reps and --per-tile must be positive") }
        let root = keep.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("strata-scaling-\(getpid())")
        defer { if keep == nil { try? FileManager.default.removeItem(at: root) } }
        print("strata bench scaling: synthetic polygons + lines over lon 5.9…15.0, lat 47.3…55.0; \(perTile) features/tile, \(tiles) tiles of 256 px per size; process CPU")

        var cases: [ScalingCase] = []
        for n in counts {
            let dir = root.appendingPathComponent("\(n)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let c = try ScalingCase.prepare(count: n, seed: seed, perTile: perTile, tiles: tiles, directory: dir)
            print(String(format: "%8d features: %.1f MB GeoJSON, JSON parse %.1f ms, source build (read + index) %.1f ms, %.1f B/feature (source), %.1f B/feature (RSS), zoom %.2f, %.1f features/tile, first pass (load + render) %.1f ms",
                         n, Double(c.geojsonBytes) / 1048576, c.jsonParseMs, c.indexBuildMs, c.sourceBytesPerFeature,
                         c.rssBytesPerFeature, c.zoom, c.featuresPerTile, c.firstPassMs))
            cases.append(c)
            if keep != nil { try c.writeViews(to: dir) }
        }

        var plain = [[TileBenchPass]](repeating: [], count: cases.count), detailed = plain
        for c in cases { _ = try c.runner.pass(collectStats: false) }
        for _ in 0..<reps {
            for (i, c) in cases.enumerated() {
                plain[i].append(try c.runner.pass(collectStats: false))
                detailed[i].append(try c.runner.pass(collectStats: true))
            }
        }
        var rows: [[String: Any]] = []
        for (i, c) in cases.enumerated() {
            let s = TileBenchSummary(plain: plain[i], detailed: detailed[i], threads: 1)
            print(String(format: "%8d features: %.4f ms/tile (prepare %.4f, style %.4f, raster %.4f, encode %.4f), %.2f µs per feature in the tile, p99 tile %.3f ms",
                         c.count, s.totalMs, s.prepareMs, s.styleMs, s.rasterMs, s.encodeMs,
                         s.totalMs * 1000 / max(c.featuresPerTile, 1), s.tileP99))
            var row = s.json
            row["features"] = c.count
            row["zoom"] = BenchStats.round(c.zoom, 3)
            row["features_per_tile_in_source"] = BenchStats.round(c.featuresPerTile, 1)
            row["geojson_mb"] = BenchStats.round(Double(c.geojsonBytes) / 1048576, 1)
            row["json_parse_ms"] = BenchStats.round(c.jsonParseMs, 1)
            row["index_build_ms"] = BenchStats.round(c.indexBuildMs, 1)
            row["source_bytes_per_feature"] = BenchStats.round(c.sourceBytesPerFeature, 1)
            row["rss_bytes_per_feature"] = BenchStats.round(c.rssBytesPerFeature, 1)
            row["first_pass_ms"] = BenchStats.round(c.firstPassMs, 1)
            rows.append(row)
        }
        let first = rows.first?["total_ms_per_tile"] as? Double ?? 0, last = rows.last?["total_ms_per_tile"] as? Double ?? 0
        let ratio = first > 0 ? last / first : 0
        print(String(format: "ms/tile largest / smallest source: %.3f (target ≤ 1.5: %@); peak RSS %.1f MB", ratio,
                     ratio <= 1.5 ? "met" : "NOT met", Double(ProcessMemory.peakResidentBytes) / 1048576))
        try BenchOutput.printJSONLine([
            "bench": "scaling", "sizes": rows, "per_tile_target": perTile, "tiles": tiles, "reps": reps,
            "ratio_largest_to_smallest": BenchStats.round(ratio), "flat": ratio <= 1.5,
            "peak_rss_mb": BenchStats.round(Double(ProcessMemory.peakResidentBytes) / 1048576, 1),
        ])
    }
}

/// One source size: its build measurements and a runner over its tiles.
struct ScalingCase {
    let count: Int
    let geojsonBytes: Int
    let jsonParseMs: Double
    let indexBuildMs: Double
    let sourceBytesPerFeature: Double
    let rssBytesPerFeature: Double
    let zoom: Double
    let featuresPerTile: Double
    let firstPassMs: Double
    let runner: TileBenchRunner

    /// Generates the data, measures parse + index build and memory on a copy, writes the file
    /// the renderer loads (as the server would), and renders the tiles once (load included).
    static func prepare(count: Int, seed: UInt64, perTile: Double, tiles: Int, directory: URL) throws -> ScalingCase {
        var bytes = SyntheticGeoJSON(count: count, seed: seed).bytes()
        let size = bytes.count
        try Data(bytes).write(to: directory.appendingPathComponent("synthetic.geojson"))

        ProcessMemory.trim()
        let rss0 = ProcessMemory.residentBytes
        let t0 = BenchClock.cpu()
        var json: JSONValue? = try bytes.withUnsafeBytes { try JSONParser.parse(bytes: $0) }
        let t1 = BenchClock.cpu()
        let source = try GeoJSONSource.parse(json!)
        let t2 = BenchClock.cpu()
        guard source.features.count == count, source.warnings.isEmpty else {
            throw ValidationError("synthetic source read \(source.features.count) of \(count) features; warnings: \(source.warnings.prefix(3))")
        }
        json = nil
        bytes = []
        ProcessMemory.trim()
        let rss1 = ProcessMemory.residentBytes

        // Density in world units → the MapLibre zoom at which a 256 px view holds `perTile` features.
        let b = source.bounds
        let density = Double(source.features.count) / max((b.maxX - b.minX) * (b.maxY - b.minY), 1e-30)
        let zoom = log2(0.5 * (density / perTile).squareRoot())
        let cameras = grid(tiles, in: b, zoom: zoom)
        var inView = 0
        for c in cameras { inView += source.query(c.visibleWorldBounds()).count }

        let style = try BenchStyle.parse(scalingStyle, name: "scaling style")
        // Budgets above the largest size, so the 1M-feature file is read and stays cached.
        let resources = RenderResources(dataDirectory: try DataDirectory(root: directory.path),
                                        geoJSONCacheBytes: 4 << 30, maxFileBytes: 2 << 30)
        let renderer = MapRenderer(resources: resources, customLayers: BenchStyle.customLayers)
        let runner = TileBenchRunner(renderer: renderer, style: style, cameras: cameras, threads: 1)
        let firstPass = try runner.pass(collectStats: false)
        return ScalingCase(count: count, geojsonBytes: size, jsonParseMs: (t1 - t0) * 1e3, indexBuildMs: (t2 - t1) * 1e3,
                           sourceBytesPerFeature: Double(source.byteSize) / Double(count),
                           rssBytesPerFeature: Double(rss1 - rss0) / Double(count), zoom: zoom,
                           featuresPerTile: Double(inView) / Double(cameras.count),
                           firstPassMs: firstPass.cpuSeconds * 1e3, runner: runner)
    }

    /// The style (style.json) and one `lon,lat,zoom` line per tile (views.txt), for `strata render --view`.
    func writeViews(to dir: URL) throws {
        try Data(Self.scalingStyle.serialized().utf8).write(to: dir.appendingPathComponent("style.json"))
        let lines = runner.cameras.map { c -> String in
            let p = WebMercator.unproject(c.center)
            return String(format: "%.7f,%.7f,%.4f", p.lon, p.lat, c.zoom)
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: dir.appendingPathComponent("views.txt"))
    }

    /// `n` 256 px views on a jittered grid inside the middle 80 % of `rect` (full tiles of data).
    static func grid(_ n: Int, in rect: WorldRect, zoom: Double) -> [Camera] {
        let side = Int(Double(n).squareRoot().rounded(.up))
        var rng = SplitMix64(seed: 7)
        var out: [Camera] = []
        for i in 0..<n {
            let gx = (Double(i % side) + 0.25 + 0.5 * rng.unit()) / Double(side)
            let gy = (Double(i / side) + 0.25 + 0.5 * rng.unit()) / Double(side)
            let x = rect.minX + (rect.maxX - rect.minX) * (0.1 + 0.8 * gx)
            let y = rect.minY + (rect.maxY - rect.minY) * (0.1 + 0.8 * gy)
            out.append(Camera(center: WorldPoint(x, y), zoom: zoom, width: 256, height: 256))
        }
        return out
    }

    /// Background, polygons filled, every feature stroked (roads and area outlines).
    static let scalingStyle: JSONValue = [
        "version": 8,
        "sources": ["synthetic": ["type": "geojson", "data": "synthetic.geojson"]],
        "layers": [
            ["id": "background", "type": "background", "paint": ["background-color": "#f0eee8"]],
            ["id": "areas", "type": "fill", "source": "synthetic",
             "filter": ["==", ["geometry-type"], "Polygon"],
             "paint": ["fill-color": "#3c8c5a", "fill-opacity": 0.5]],
            ["id": "lines", "type": "line", "source": "synthetic",
             "layout": ["line-join": "round", "line-cap": "round"],
             "paint": ["line-color": "#2a4b7c", "line-width": 1.5]],
        ],
    ]
}
