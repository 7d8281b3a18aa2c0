import ArgumentParser
import Foundation
import JSON
import PNGCodec
import Raster
import Renderer
import SourceData
import StyleSpec

/// `strata bench views`: one static view rendered at several pitches, alternating, warm (the
/// view's data and layouts cached after a first pass). Reports the median process-CPU time of
/// render + PNG per pitch and its ratio to the first pitch: what a pitched view costs against
/// its flat twin. The last line is one JSON object.
struct BenchViews: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "views", abstract: "A static view at several pitches, render + PNG, vs the first (run with -c release).")

    @Option(help: "Style JSON file.") var style: String
    @Option(help: "Data directory for relative source URLs.") var dataDir: String = "config/data"
    @Option(help: "Fonts for labels whose style has no glyph PBFs (\"\" for none).") var fontsDir: String = "/usr/share/fonts/truetype/noto"
    @Option(help: "View lon,lat,zoom[,bearing] (MapLibre zoom).") var view: String
    @Option(help: "Pitches, comma-separated; ratios are against the first.") var pitches: String = "0,60"
    @Option(help: "View size WxH in CSS px.") var size: String = "1024x768"
    @Option(help: "Timed repetitions per pitch (median reported).") var reps: Int = 5

    func run() throws {
        let json = try JSONParser.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: style))))
        guard case .success(let parsed) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            throw ValidationError("\(style) does not parse")
        }
        let v = view.split(separator: ",").compactMap { Double($0) }, s = size.split(separator: "x").compactMap { Int($0) }
        let angles = pitches.split(separator: ",").compactMap { Double($0) }
        guard v.count >= 3, s.count == 2, !angles.isEmpty, reps >= 1 else { throw ValidationError("bad --view, --size, --pitches or --reps") }
        let directory = try? DataDirectory(root: dataDir, archives: DataDirectory.discoverArchives(in: dataDir))
        let fonts = fontsDir.isEmpty ? nil : fontsDir
        let renderer = MapRenderer(resources: RenderResources(dataDirectory: directory, fontsDirectory: fonts))
        let cameras = angles.map {
            Camera.view(lon: v[0], lat: v[1], zoom: v[2], bearing: v.count > 3 ? v[3] : 0, pitch: $0, cssWidth: s[0], cssHeight: s[1])
        }
        func once(_ camera: Camera) throws -> Double {
            let c0 = BenchClock.cpu()
            let pixmap = try renderer.render(parsed.0, camera: camera)
            _ = try PNGEncoder.encode(premultipliedRGBA: pixmap.data, width: pixmap.width, height: pixmap.height)
            return (BenchClock.cpu() - c0) * 1000
        }
        for camera in cameras { _ = try once(camera) }
        var times = [[Double]](repeating: [], count: cameras.count)
        for _ in 0..<reps { for (i, camera) in cameras.enumerated() { times[i].append(try once(camera)) } }
        print("strata bench views: \(style) at \(view), \(size) CSS px, render + PNG, process CPU, median of \(reps)")
        let medians = times.map(BenchClock.median)
        var rows: [[String: Any]] = []
        for (i, pitch) in angles.enumerated() {
            let ratio = medians[i] / medians[0]
            print(String(format: "pitch %5.1f°: %8.1f ms  (%.2f× pitch %.0f°)", pitch, medians[i], ratio, angles[0]))
            rows.append(["pitch": pitch, "cpu_ms": medians[i], "ratio": ratio])
        }
        let data = try JSONSerialization.data(withJSONObject: ["views": rows], options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }
}
