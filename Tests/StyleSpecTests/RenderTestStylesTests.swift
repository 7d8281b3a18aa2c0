import Foundation
import JSON
@testable import StyleSpec
import StrataTestSupport
import XCTest

/// Every style of the shared MapLibre render tests (valid styles by construction) must load,
/// and their runtime-styling `operations` must apply through our command vocabulary (the
/// shared folder is required under CI).
final class RenderTestStylesTests: XCTestCase {

    /// Cases whose style or operations MapLibre itself rejects, or that need what the server
    /// does not take (name → why).
    static let expectedFailures: [String: String] = [:]

    func testBenchmarkStyleLoads() throws {
        let url = try TestEnvironment.shared("data/osm-neubrandenburg/style.json")
        switch Style.parse(try TestFiles.json(url)) {
        case .failure(let errors): XCTFail("\(errors)")
        case .success(let (style, warnings)):
            XCTAssertGreaterThan(style.layers.count, 10)
            print("osm-neubrandenburg: \(style.layers.count) layers, warnings: \(warnings)")
        }
    }

    func testRenderTestStylesLoadAndOperationsApply() throws {
        let cases = try TestEnvironment.shared("render-tests/cases")
        let files = FileManager.default.enumerator(atPath: cases.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix("style.json") }.sorted()
        var loaded = 0, opsApplied = 0, opsTotal = 0
        var failures: [String] = []
        for file in files {
            let name = String(file.dropLast("/style.json".count))
            var json = try TestFiles.json(cases.appendingPathComponent(file))
            let ops = json["metadata"]?["test"]?["operations"]?.arrayValue ?? []
            if case .object(var o) = json, case .object(var meta)? = o["metadata"] {
                meta["test"] = nil
                o["metadata"] = .object(meta)
                json = .object(o)
            }
            var style: Style
            switch Style.parse(json, supportedLayerTypes: Set(LayerType.allCases).subtracting([.custom])) {
            case .failure(let errors):
                failures.append("\(name): \(errors.prefix(3))")
                continue
            case .success(let (s, _)):
                style = s
                loaded += 1
            }
            for op in ops {
                guard case .array(let items) = op, let opName = items.first?.stringValue,
                      ["addLayer", "removeLayer", "setPaintProperty", "setLayoutProperty", "setFilter", "setLayerZoomRange",
                       "addSource", "removeSource", "setStyle", "setFeatureState", "removeFeatureState",
                       "setGlobalStateProperty"].contains(opName) else { continue }
                if opName == "setStyle", items.count > 1, items[1].stringValue != nil { continue }   // a URL to load
                opsTotal += 1
                do {
                    var command = try StyleCommand(json: op)
                    if case .setLayerZoomRange(let id, let mn, let mx) = command, let l = style.layer(id) {
                        // GL JS keeps a bound given as null/undefined; the server's PATCH does the same.
                        command = .setLayerZoomRange(layer: id, min: mn ?? l.minzoom, max: mx ?? l.maxzoom)
                    }
                    switch style.applying([command], allowingUnsupportedLayerTypes: true) {
                    case .success(let s): style = s; opsApplied += 1
                    case .failure(let e): failures.append("\(name) op \(op.serialized().prefix(120)): \(e)")
                    }
                } catch {
                    failures.append("\(name) op \(op.serialized().prefix(120)): \(error)")
                }
            }
        }
        print("render-test styles: \(loaded)/\(files.count) load; operations: \(opsApplied)/\(opsTotal) apply")
        for f in failures { print("  " + f) }
        let unexpected = failures.filter { f in !Self.expectedFailures.keys.contains { f.hasPrefix($0 + ":") || f.hasPrefix($0 + " op") } }
        XCTAssertTrue(unexpected.isEmpty, unexpected.joined(separator: "\n"))
    }
}
