import Foundation
import JSON
import Raster
import Renderer
import SourceData
import StyleSpec

/// The result of one case, with `run.py`'s statuses: PASS/FAIL (graded), ERROR (could not be
/// completed; counts as failed), SKIP (needs something the HTTP contract cannot express).
struct RenderTestResult {
    enum Status: String { case pass = "PASS", fail = "FAIL", error = "ERROR", skip = "SKIP" }

    let id: String
    var status: Status = .error
    var reason: String?
    var allowed = RenderTestMetadata.defaults["allowed"]!
    var grade: RenderTestGrade?
    /// Rejected operations (`op <i> <name> -> <why>`).
    var notes: [String] = []
    /// The `/static/...` path `run.py` would request.
    var request: String?
    var renderSeconds = 0.0
    var totalSeconds = 0.0

    /// The one-line summary in `run.py`'s format.
    var line: String {
        guard let g = grade, status == .pass || status == .fail else {
            return "\(status.rawValue) \(id) \(reason ?? "")"
        }
        var s = "\(status.rawValue) \(id) diff=\(String(format: "%.6f", g.difference)) (\(g.mismatched)/\(g.pixels) px, allowed \(String(format: "%g", allowed)))"
        if !notes.isEmpty { s += " [\(notes.count) op(s) rejected: \(String(notes.joined(separator: "; ").prefix(160)))]" }
        return s
    }
}

/// Plays MapLibre render tests in process, as `run.py` plays them against a server: the style
/// (prepared like `run.py` does) is loaded as a session would load it, the operations are
/// replayed as the server applies them, the view follows the same camera rules and request
/// text, and the image goes through the server's PNG encoder before it is graded with
/// pixelmatch and MapLibre's rule. Failed cases leave `actual.png`, `expected.png` and `diff.png`
/// in `failuresDirectory/<id>/`.
final class RenderTestRunner {
    let assets: URL
    let renderer: MapRenderer
    /// For cases with the map option `crossSourceCollisions: false` (the same resources). The
    /// server takes the option from its config, which `run.py` cannot set per case.
    private lazy var ownSourceCollisionsRenderer = MapRenderer(resources: renderer.resources, crossSourceCollisions: false)
    let failuresDirectory: URL?
    private let canvas = Canvas(width: 1, height: 1)

    /// `fontsDirectory`: the fonts labels fall back to when a fontstack has no glyph PBFs, as
    /// `strata serve` with the default config has them (`fontsDir`); nil for none.
    init(assets: URL, failuresDirectory: URL?, fontsDirectory: String? = nil) {
        self.assets = assets
        self.failuresDirectory = failuresDirectory
        let directory = try? DataDirectory(root: assets.path, archives: DataDirectory.discoverArchives(in: assets.path))
        renderer = MapRenderer(resources: RenderResources(dataDirectory: directory, fontsDirectory: fontsDirectory))
    }

    func run(_ testCase: RenderTestCase) -> RenderTestResult {
        let start = DispatchTime.now()
        var result = RenderTestResult(id: testCase.id)
        do {
            try play(testCase, into: &result)
        } catch let e as HarnessSkip {
            result.status = .skip; result.reason = e.description
        } catch let e as HarnessError {
            result.status = .error; result.reason = e.description
        } catch {
            result.status = .error; result.reason = "harness could not run this case: \(error)"
        }
        result.totalSeconds = Self.seconds(since: start)
        return result
    }

    private func play(_ testCase: RenderTestCase, into result: inout RenderTestResult) throws {
        let raw = try JSONParser.parse([UInt8](try Data(contentsOf: testCase.styleURL)))
        let meta = try RenderTestMetadata(style: raw)
        result.allowed = meta.allowed
        try HarnessSupport.check(style: raw, metadata: meta)
        var view = HarnessView(width: meta.width, height: meta.height, minZoom: -2, maxZoom: meta.maxZoom ?? 22)
        try view.jump(center: raw["center"], zoom: raw["zoom"], bearing: raw["bearing"])

        // POST /sessions {"style": ...}
        let style: Style
        switch Style.parse(StylePreparation.prepare(raw), supportedLayerTypes: MapRenderer.supportedLayerTypes) {
        case .success(let loaded): style = loaded.0
        case .failure(let errors):
            throw HarnessError("POST /sessions -> 400 \(errors.first.map { "\($0.code) \($0.path): \($0.message)" } ?? "invalid style")")
        }
        var replay = OperationReplay(style: style, view: view, assets: assets)
        for (i, op) in meta.operations.enumerated() { try replay.apply(op, index: i) }
        result.notes = replay.notes
        view = replay.view

        let request = try StaticRequest(view: view, width: meta.width, height: meta.height, pixelRatio: meta.pixelRatio)
        result.request = request.path
        let camera = Camera.view(lon: request.lon, lat: request.lat, zoom: request.zoom, bearing: request.bearing,
                                 cssWidth: request.width, cssHeight: request.height, pixelRatio: request.pixelRatio)
        let renderStart = DispatchTime.now()
        do {
            let mapRenderer = meta.raw["crossSourceCollisions"] == .bool(false) ? ownSourceCollisionsRenderer : renderer
            try mapRenderer.render(replay.style, camera: camera, into: canvas)
        } catch {
            throw HarnessError("GET \(request.path) -> 500 render failed: \(error)")
        }
        result.renderSeconds = Self.seconds(since: renderStart)

        // The server's answer: PNGEncoder un-premultiplies; run.py decodes the file.
        var served: [UInt8]? = try RGBAImage.encode(canvas.pixmap)
        var actual = try RGBAImage(png: served!)
        if meta.reportWidth != nil || meta.reportHeight != nil {
            let rw = meta.reportWidth ?? actual.width, rh = meta.reportHeight ?? actual.height
            if rw <= actual.width && rh <= actual.height { actual = actual.bottomLeft(width: rw, height: rh); served = nil }
        }
        let expectedW = meta.reportWidth ?? Int((Double(meta.width) * meta.pixelRatio).rounded(.down))
        let expectedH = meta.reportHeight ?? Int((Double(meta.height) * meta.pixelRatio).rounded(.down))
        guard actual.width == expectedW, actual.height == expectedH else {
            throw HarnessError("image is \(actual.width)x\(actual.height), expected \(expectedW)x\(expectedH)")
        }
        var expected: [(name: String, image: RGBAImage)] = []
        for name in try testCase.expectedFiles() {
            // compare.py passes over an unreadable expected image.
            if let img = try? RGBAImage(contentsOf: testCase.folder.appendingPathComponent(name)) { expected.append((name, img)) }
        }
        let grade: RenderTestGrade
        do {
            grade = try RenderTestGrade.grade(actual: actual, expected: expected, allowed: meta.allowed,
                                              threshold: meta.threshold, wantDiff: failuresDirectory != nil)
        } catch {
            throw HarnessError("\(error)")
        }
        result.grade = grade
        result.status = grade.passed ? .pass : .fail
        if !grade.passed { writeFailure(testCase, actual: actual, served: served, grade: grade) }
    }

    /// `Failures/<id>/actual.png`, `diff.png` (red: counted mismatch, yellow: anti-aliasing,
    /// ignored) and the best `expected.png`.
    /// `served`: the PNG as the server would send it (nil when cropped: then re-encoded).
    private func writeFailure(_ testCase: RenderTestCase, actual: RGBAImage, served: [UInt8]?, grade: RenderTestGrade) {
        guard let root = failuresDirectory else { return }
        let dir = root.appendingPathComponent(testCase.id)
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        if let png = served ?? (try? actual.pngBytes()) { try? Data(png).write(to: dir.appendingPathComponent("actual.png")) }
        if let diff = grade.diffImage, let png = try? diff.pngBytes() { try? Data(png).write(to: dir.appendingPathComponent("diff.png")) }
        try? FileManager.default.removeItem(at: dir.appendingPathComponent("expected.png"))
        try? FileManager.default.copyItem(at: testCase.folder.appendingPathComponent(grade.expected),
                                          to: dir.appendingPathComponent("expected.png"))
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
