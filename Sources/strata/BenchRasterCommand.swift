import ArgumentParser
import Foundation
import PNGCodec
import Raster

/// `strata bench raster`: the Natural Earth anchor workload (background, countries fill,
/// 1.5 px round outlines, city circles) rasterized for every 256 px tile of the chosen
/// zooms on one thread, then PNG-encoded; medians over repetitions after a warm-up.
/// With `--anchors` the reference renderers run in the same invocation for comparison.
/// Human-readable lines first; the last line is the JSON object of the last zoom.
struct BenchRaster: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "raster", abstract: "Rasterizer + PNG benchmark on the Natural Earth anchor workload (run with -c release).")

    @Option(name: .customLong("zoom"), help: "Zoom level(s) to run (repeatable; default 0, 2, 3).")
    var zooms: [Int] = []

    @Option(help: "Directory with countries.geojson and cities.geojson.")
    var dataDir: String = "/work/shared/data/natural-earth"

    @Option(help: "Timed repetitions per zoom (median reported).")
    var reps: Int = 9

    @Option(help: "Write the rendered tiles as z-x-y.png into this directory.")
    var save: String?

    @Flag(help: "Use the scalar twins of the SIMD kernels.")
    var scalar = false

    @Flag(help: "Also time each phase alone (clear, fill, stroke, circles).")
    var breakdown = false

    @Flag(help: "Also run the reference renderers (Blend2D, Skia, Mapnik) from shared/bench/anchors in this run.")
    var anchors = false

    @Option(help: "Directory of the anchor scripts.")
    var anchorsDir: String = "/work/shared/bench/anchors"

    @Option(help: "Core the anchor processes are pinned to (run this command under `taskset -c` with the same core).")
    var core: Int = 0

    struct ZoomResult {
        let zoom: Int, tiles: Int
        let rasterWall: Double, rasterCPU: Double
        let encodeWall: Double, encodeCPU: Double
        let bytes: Double
        let ringVertices: Int
    }

    func run() async throws {
        guard reps >= 1 else { throw ValidationError("--reps must be at least 1") }
        let zoomList = zooms.isEmpty ? [0, 2, 3] : zooms
        guard zoomList.allSatisfy({ (0...8).contains($0) }) else { throw ValidationError("--zoom must be in 0...8") }
        let workload = try NaturalEarthWorkload(dataDirectory: dataDir)
        print("data: \(workload.polygons.count) polygons, \(workload.cities.count) cities from \(dataDir)")
        print("kernels: \(scalar ? "scalar twins" : "SIMD"); reps: \(reps) after 1 warm-up; one thread")
        var results: [ZoomResult] = []
        for z in zoomList {
            results.append(try runZoom(z, workload))
        }
        if anchors { try compareWithAnchors(results) }
        // ms/tile are process-CPU medians (one thread: the time the work took, steady on a
        // shared machine); the wall-clock medians are reported alongside.
        for r in results {
            print(#"{"workload": "natural-earth", "zoom": \#(r.zoom), "tiles": \#(r.tiles), "raster_ms_per_tile": \#(fmt(r.rasterCPU)), "encode_ms_per_tile": \#(fmt(r.encodeCPU)), "bytes_per_tile": \#(Int(r.bytes.rounded())), "raster_wall_ms_per_tile": \#(fmt(r.rasterWall)), "encode_wall_ms_per_tile": \#(fmt(r.encodeWall)), "kernels": "\#(scalar ? "scalar" : "simd")"}"#)
        }
    }

    private func runZoom(_ z: Int, _ workload: NaturalEarthWorkload) throws -> ZoomResult {
        let tiles = workload.tiles(zoom: z)
        let canvas = Canvas(width: 256, height: 256)
        canvas.kernelMode = scalar ? .scalar : .simd
        // Warm-up, keeping the pixels for the encoder pass.
        var images: [Pixmap] = []
        for t in tiles {
            AnchorStyle.draw(t, on: canvas)
            images.append(canvas.pixmap)
        }
        let raster = BenchClock.measure(reps: reps) {
            for t in tiles { AnchorStyle.draw(t, on: canvas) }
        }
        let options = PNGEncodeOptions()
        var totalBytes = 0
        var files: [[UInt8]] = []
        for img in images {
            let png = try PNGEncoder.encode(premultipliedRGBA: img.data, width: img.width, height: img.height, options: options)
            totalBytes += png.count
            files.append(png)
        }
        let encode = try BenchClock.measure(reps: reps) {
            for img in images { _ = try PNGEncoder.encode(premultipliedRGBA: img.data, width: img.width, height: img.height, options: options) }
        }
        if let save {
            try FileManager.default.createDirectory(atPath: save, withIntermediateDirectories: true)
            for (t, f) in zip(tiles, files) {
                try Data(f).write(to: URL(fileURLWithPath: save).appendingPathComponent("\(t.z)-\(t.x)-\(t.y).png"))
            }
        }
        let n = Double(tiles.count)
        if breakdown {
            let phases: [(String, (NaturalEarthWorkload.Tile) -> Void)] = [
                ("clear", { _ in canvas.clear(AnchorStyle.background) }),
                ("fill", { t in canvas.fill(t.path, rule: .nonZero, paint: .solid(AnchorStyle.fill), opacity: AnchorStyle.fillOpacity) }),
                ("stroke", { t in canvas.stroke(t.path, style: AnchorStyle.outline, paint: .solid(AnchorStyle.line)) }),
                ("stroke with blur 1 (not in the workload)", { t in
                    var style = AnchorStyle.outline
                    style.blur = 1
                    canvas.stroke(t.path, style: style, paint: .solid(AnchorStyle.line))
                }),
                ("circles", { t in
                    for c in t.cities {
                        canvas.drawCircle(center: c, radius: AnchorStyle.circleRadius, strokeWidth: AnchorStyle.circleStrokeWidth,
                                          fill: AnchorStyle.circleFill, stroke: AnchorStyle.circleStroke)
                    }
                }),
            ]
            var parts: [String] = []
            for (name, body) in phases {
                let m = BenchClock.measure(reps: reps) { for t in tiles { body(t) } }
                parts.append("\(name) \(fmt(BenchClock.median(m.map(\.cpu)) * 1000 / n))")
            }
            print("z\(z) phases, cpu ms/tile: " + parts.joined(separator: ", "))
        }
        let r = ZoomResult(zoom: z, tiles: tiles.count,
                           rasterWall: BenchClock.median(raster.map(\.wall)) * 1000 / n,
                           rasterCPU: BenchClock.median(raster.map(\.cpu)) * 1000 / n,
                           encodeWall: BenchClock.median(encode.map(\.wall)) * 1000 / n,
                           encodeCPU: BenchClock.median(encode.map(\.cpu)) * 1000 / n,
                           bytes: Double(totalBytes) / n,
                           ringVertices: tiles.reduce(0) { $0 + $1.ringVertices })
        print("z\(z): \(r.tiles) tiles, \(r.ringVertices / max(1, r.tiles)) ring vertices/tile | raster \(fmt(r.rasterWall)) ms/tile (cpu \(fmt(r.rasterCPU)))"
              + " | encode \(fmt(r.encodeWall)) ms/tile (cpu \(fmt(r.encodeCPU))) | \(Int(r.bytes.rounded())) bytes/tile")
        return r
    }

    private func compareWithAnchors(_ ours: [ZoomResult]) throws {
        guard let runner = AnchorRunner.fromEnvironment(dataDirectory: dataDir, core: core, reps: max(3, min(reps, 7)), directory: anchorsDir) else {
            print("anchors: not found (need \(anchorsDir) and $ANCHORS_WORK/venv; run its setup.sh)")
            return
        }
        print("anchors: running Blend2D, Skia, cairo, Mapnik pinned to core \(core) …")
        var results: [AnchorRunner.Result] = []
        for backend in ["blend2d", "skia", "cairo"] {
            do { results.append(try runner.runRaster2D(backend: backend)) } catch { print("  \(backend): \(error)") }
        }
        do { results.append(try runner.runMapnik()) } catch { print("  mapnik: \(error)") }
        print("")
        print("| zoom | strata raster ms/tile (cpu) | " + results.map { "\($0.renderer) ms/tile (cpu)" }.joined(separator: " | ") + " | strata / blend2d |")
        print("|---|---:|" + results.map { _ in "---:" }.joined(separator: "|") + "|---:|")
        for r in ours {
            let key = "z\(r.zoom)"
            var row = "| z\(r.zoom) | \(fmt(r.rasterWall)) (\(fmt(r.rasterCPU))) |"
            for a in results {
                if let v = a.raster[key] { row += " \(fmt(v.wall)) (\(fmt(v.cpu))) |" } else { row += " – |" }
            }
            if let b = results.first(where: { $0.renderer == "blend2d" })?.raster[key] {
                row += " \(String(format: "%.2f", r.rasterCPU / b.cpu))× |"
            } else {
                row += " – |"
            }
            print(row)
        }
        if let m = results.first(where: { $0.renderer.hasPrefix("mapnik") }) {
            print("")
            print("| zoom | strata encode ms/tile | strata bytes/tile | mapnik render+png32 ms/tile | mapnik png32 bytes/tile |")
            print("|---|---:|---:|---:|---:|")
            for r in ours {
                let key = "z\(r.zoom)"
                let png = m.png[key].map { fmt($0.wall) } ?? "–", bytes = m.pngBytes[key].map { String(Int($0)) } ?? "–"
                print("| z\(r.zoom) | \(fmt(r.encodeWall)) | \(Int(r.bytes.rounded())) | \(png) | \(bytes) |")
            }
        }
        print("")
    }

    private func fmt(_ v: Double) -> String { String(format: "%.3f", v) }
}
