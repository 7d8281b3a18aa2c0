import ArgumentParser
import Foundation
import Raster
import Renderer

/// `strata bench raster`: the product's raster phase on the anchors' Natural Earth workload.
/// `bench/styles/natural-earth.json` is that workload (the default style without its city
/// labels: background, countries fill, 1.5 px round outlines, city circles); every 256 px tile of each zoom goes through `MapRenderer` exactly as the
/// server renders it, and the phase clock splits the time: `prepare` (projection, line
/// tessellation) and `raster` (coverage + compositing) are what the anchors' "raster" time
/// covers (they prepare their paths before timing, so both columns are shown).
/// With `--anchors` the reference renderers run in the same invocation for comparison.
/// Human-readable lines first; the last line is the JSON object of the last zoom.
struct BenchRaster: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "raster", abstract: "The product's raster phase on the Natural Earth anchor workload, vs the anchors (run with -c release).")

    @Option(name: .customLong("zoom"), help: "Zoom level(s) to run (repeatable; default 0, 2, 3).")
    var zooms: [Int] = []

    @Option(help: "Style JSON file (bench/styles/natural-earth.json is the anchor workload: the default style without labels).")
    var style: String = "bench/styles/natural-earth.json"

    @Option(help: "Data directory with countries.geojson and cities.geojson.")
    var dataDir: String = "config/data"

    @Option(help: "Timed repetitions per zoom (median reported).")
    var reps: Int = 9

    @Flag(help: "Use the scalar twins of the SIMD kernels.")
    var scalar = false

    @Flag(help: "Also run the reference renderers (Blend2D, Skia, cairo, Mapnik) from shared/bench/anchors in this run.")
    var anchors = false

    @Option(help: "Directory of the anchor scripts.")
    var anchorsDir: String = "/work/shared/bench/anchors"

    @Option(help: "Core the anchor processes are pinned to (run this command under `taskset -c` with the same core).")
    var core: Int = 0

    struct ZoomResult {
        let zoom: Int
        let summary: TileBenchSummary
        var drawMs: Double { summary.prepareMs + summary.rasterMs }
    }

    func run() async throws {
        guard reps >= 1 else { throw ValidationError("--reps must be at least 1") }
        let zoomList = zooms.isEmpty ? [0, 2, 3] : zooms
        guard zoomList.allSatisfy({ (0...8).contains($0) }) else { throw ValidationError("--zoom must be in 0...8") }
        let renderer = MapRenderer(resources: RenderResources(dataDirectory: dataDir))
        let parsed = try BenchStyle.load(path: style, variant: .plain)
        print("style: \(style), data: \(dataDir); kernels: \(scalar ? "scalar twins" : "SIMD"); reps: \(reps) after 1 warm-up; one thread")
        var results: [ZoomResult] = []
        for z in zoomList {
            let cameras = TileSet.cameras(TileSet.tiles(z...z), tileSize: 256)
            let runner = TileBenchRunner(renderer: renderer, style: parsed, cameras: cameras, threads: 1,
                                         kernelMode: scalar ? .scalar : .simd)
            _ = try runner.pass(collectStats: false)
            var plain: [TileBenchPass] = [], detailed: [TileBenchPass] = []
            for _ in 0..<reps {
                plain.append(try runner.pass(collectStats: false))
                detailed.append(try runner.pass(collectStats: true))
            }
            let r = ZoomResult(zoom: z, summary: TileBenchSummary(plain: plain, detailed: detailed, threads: 1))
            guard r.summary.featuresPerTile > 0 else {
                throw ValidationError("no features were drawn; do the style's sources resolve in \(dataDir)?")
            }
            let s = r.summary
            print("z\(z): \(s.tiles) tiles, \(fmt(s.featuresPerTile)) features/tile | raster \(fmt(s.rasterMs)) ms/tile"
                  + " | prepare \(fmt(s.prepareMs)) | style \(fmt(s.styleMs)) | encode \(fmt(s.encodeMs)) | total \(fmt(s.totalMs))")
            results.append(r)
        }
        if anchors { try compareWithAnchors(results) }
        // Phases are thread-CPU medians (one thread: steady on a shared machine).
        for r in results {
            let s = r.summary
            print(#"{"workload": "natural-earth", "zoom": \#(r.zoom), "tiles": \#(s.tiles), "raster_ms_per_tile": \#(fmt(s.rasterMs)), "prepare_ms_per_tile": \#(fmt(s.prepareMs)), "style_ms_per_tile": \#(fmt(s.styleMs)), "encode_ms_per_tile": \#(fmt(s.encodeMs)), "total_ms_per_tile": \#(fmt(s.totalMs)), "bytes_per_tile": \#(Int(s.bytesPerTile.rounded())), "kernels": "\#(scalar ? "scalar" : "simd")"}"#)
        }
    }

    private func compareWithAnchors(_ ours: [ZoomResult]) throws {
        guard let runner = AnchorRunner.fromEnvironment(dataDirectory: dataDir, core: core, reps: max(3, min(reps, 7)), directory: anchorsDir) else {
            throw ValidationError("anchors not found (need \(anchorsDir) and $ANCHORS_WORK/venv; run its setup.sh)")
        }
        print("anchors: running Blend2D, Skia, cairo, Mapnik pinned to core \(core) …")
        var results: [AnchorRunner.Result] = []
        for backend in ["blend2d", "skia", "cairo"] {
            do { results.append(try runner.runRaster2D(backend: backend)) } catch { print("  \(backend): \(error)") }
        }
        do { results.append(try runner.runMapnik()) } catch { print("  mapnik: \(error)") }
        print("")
        print("| zoom | strata raster (prepare + raster) ms/tile | " + results.map { "\($0.renderer) ms/tile (cpu)" }.joined(separator: " | ") + " | strata / blend2d |")
        print("|---|---:|" + results.map { _ in "---:" }.joined(separator: "|") + "|---:|")
        for r in ours {
            let key = "z\(r.zoom)"
            var row = "| z\(r.zoom) | \(fmt(r.summary.rasterMs)) (\(fmt(r.drawMs))) |"
            for a in results {
                if let v = a.raster[key] { row += " \(fmt(v.cpu)) |" } else { row += " – |" }
            }
            if let b = results.first(where: { $0.renderer == "blend2d" })?.raster[key] {
                row += " \(String(format: "%.2f", r.drawMs / b.cpu))× |"
            } else {
                row += " – |"
            }
            print(row)
        }
        print("")
    }

    private func fmt(_ v: Double) -> String { String(format: "%.3f", v) }
}
