import Foundation
import JSON
@testable import StyleSpec
import XCTest

/// Measurements, not assertions: run in release mode with
///   STRATA_BENCH=1 swift test -c release --filter StyleSpecBenchmarks
/// Prints medians of the style engine's hot paths on a 1000-layer style and a 4 MB inline
/// GeoJSON source.
final class StyleSpecBenchmarks: XCTestCase {
    override func setUpWithError() throws {
        guard ProcessInfo.processInfo.environment["STRATA_BENCH"] != nil else { throw XCTSkip("set STRATA_BENCH=1") }
    }

    func median(_ runs: Int = 15, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let t0 = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        }
        return times.sorted()[runs / 2]
    }

    static func bigStyle(layers n: Int) -> JSONValue {
        var layers: [JSONValue] = [["id": "bg", "type": "background", "paint": ["background-color": "#eee"]], ["id": "middle", "type": "slot"]]
        for i in 0..<n {
            switch i % 3 {
            case 0:
                layers.append(["id": .string("fill\(i)"), "type": "fill", "source": "s", "filter": ["==", ["get", "kind"], .number(Double(i % 7))],
                               "paint": ["fill-color": ["match", ["get", "continent"], "Asia", "#f00", "Europe", "#0f0", "#00f"],
                                         "fill-opacity": ["interpolate", ["linear"], ["zoom"], 0, 0.2, 10, 0.8]]])
            case 1:
                layers.append(["id": .string("line\(i)"), "type": "line", "source": "s", "slot": "middle",
                               "layout": ["line-join": "round", "line-cap": "round"],
                               "paint": ["line-width": ["interpolate", ["exponential", 1.5], ["zoom"], 5, 0.5, 18, 12],
                                         "line-color": .string("hsl(\(i % 360), 50%, 50%)")]])
            default:
                layers.append(["id": .string("circle\(i)"), "type": "circle", "source": "s",
                               "paint": ["circle-radius": ["step", ["zoom"], 2, 8, 4, 12, 6], "circle-color": "rgba(10,20,30,0.5)"]])
            }
        }
        return ["version": 8, "sources": ["s": ["type": "geojson", "data": "s.geojson"]], "layers": .array(layers)]
    }

    func testStyleEngineTimings() throws {
        let json = Self.bigStyle(layers: 1000)
        let text = json.serialized()
        var style: Style!
        let parse = median(9) {
            guard case .success(let (s, _)) = Style.parse(try! JSONParser.parse(text)) else { fatalError() }
            style = s
        }
        let oneSet = median {
            _ = style.applying([.setPaintProperty(layer: "fill501", name: "fill-color", value: "#123456")])
        }
        let addTop = median {
            _ = style.applying([.addLayer(O(["id": "new", "type": "line", "source": "s", "paint": ["line-width": 2]]), beforeId: nil)])
        }
        guard case .success(let changed) = style.applying([
            .setPaintProperty(layer: "fill501", name: "fill-color", value: "#123456"),
            .moveLayer("circle2", beforeId: "fill0"), .removeLayer("line10"),
        ]) else { return XCTFail() }
        var commands: [StyleCommand] = []
        let diff = median { commands = StyleDiff.diff(from: style, to: changed) }
        var copy = style!
        let hash = median { copy.refreshRenderHash() }
        let render = median { _ = style.renderOrder }
        print("""
        style engine, 1000-layer style (\(text.utf8.count / 1024) KiB JSON):
          parse + validate + compile: \(String(format: "%.2f", parse)) ms
          setPaintProperty (one command, new revision + hash): \(String(format: "%.3f", oneSet)) ms
          addLayer on top: \(String(format: "%.3f", addTop)) ms
          diff of 3 changes (\(commands.count) commands): \(String(format: "%.3f", diff)) ms
          renderHash recompute: \(String(format: "%.3f", hash)) ms; renderOrder: \(String(format: "%.3f", render)) ms
        """)

        let geojsonURL = URL(fileURLWithPath: "/work/shared/data/osm-neubrandenburg/geojson/building.geojson")
        if FileManager.default.fileExists(atPath: geojsonURL.path) {
            let data = try TestFiles.json(geojsonURL)
            let bytes = try Data(contentsOf: geojsonURL).count
            let sourceHash = median(5) { _ = SourceSpec(id: "b", type: .geojson, json: O(["type": "geojson", "data": data])) }
            let setData = median(5) { _ = style.applying([.setGeoJSONSourceData("s", data)]) }
            print("""
              inline GeoJSON \(bytes / 1024) KiB: source content hash \(String(format: "%.1f", sourceHash)) ms \
            (\(String(format: "%.0f", Double(bytes) / 1e6 / (sourceHash / 1000))) MB/s); setGeoJSONSourceData \(String(format: "%.1f", setData)) ms
            """)
        }
    }
}
