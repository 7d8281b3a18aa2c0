import SplitMix
import StrataTestSupport
import JSON
@testable import StyleSpec
import XCTest

/// Bad input never crashes: random corruptions of a style and random command batches must
/// end in a value or an error with a path, never a trap.
final class StyleRobustnessTests: XCTestCase {
    static let junk: [JSONValue] = [
        .null, true, 0, -1, 1e308, 0.5, "", "x", "#zzz", "$type", "slot", "middle", "fill", "pts", [], [[]], ["get"],
        ["literal"], ["==", "$type", 5], ["all", ["has"]], ["interpolate", ["linear"], ["zoom"]], ["case"], [:],
        ["stops": []], ["stops": [[0]]], ["property": "x", "stops": [[["zoom": 1], 1]]], ["type": "identity"],
        ["id": "fill", "type": "background"], ["type": "geojson"], ["above": "ghost"], ["at": -3],
    ]

    /// Replaces one random node of `value` with junk.
    static func corrupt(_ value: JSONValue, _ rng: inout SplitMix) -> JSONValue {
        JSONCorruption.corrupt(value, junk: junk, keys: ["paint", "layout", "filter", "slot", "ref", "source", "type", "id", "minzoom"], &rng)
    }

    func testCorruptedStylesGiveErrorsWithPaths() {
        var rng = SplitMix(seed: 42)
        let base = J(baseStyleJSON)
        var failures = 0
        for _ in 0..<2000 {
            var json = base
            for _ in 0..<(1 + rng.int(3)) { json = Self.corrupt(json, &rng) }
            if case .failure(let errors) = Style.parse(json) {
                failures += 1
                XCTAssertFalse(errors.isEmpty)
                for e in errors where e.path != .root {
                    XCTAssertNotNil(json.resolve(JSONPointer(Array(e.path.tokens.prefix(2)))), "\(e) points nowhere")
                }
            }
        }
        XCTAssertGreaterThan(failures, 500)
    }

    func testRandomCommandBatchesNeverTrap() {
        var rng = SplitMix(seed: 7)
        let style = parseStyle(baseStyleJSON)!
        let names = ["addLayer", "removeLayer", "moveLayer", "setPaintProperty", "setLayoutProperty", "setFilter",
                     "setLayerZoomRange", "setSlot", "addSource", "removeSource", "setGeoJSONSourceData", "addImage",
                     "removeImage", "setFeatureState", "removeFeatureState", "setGlobalStateProperty", "setStyle",
                     "setCenter", "setLight", "setRootProperty"]
        let ids: [JSONValue] = ["fill", "outline", "cities", "middle", "top", "ghost", "background", "pts", "countries"]
        var applied = 0
        for _ in 0..<3000 {
            var batch: [JSONValue] = []
            for _ in 0..<(1 + rng.int(4)) {
                var c: [JSONValue] = [.string(rng.pick(names))]
                for _ in 0..<rng.int(4) {
                    c.append(rng.int(2) == 0 ? rng.pick(ids) : rng.pick(Self.junk))
                }
                batch.append(.array(c))
            }
            switch StyleCommand.parseBatch(.array(batch)) {
            case .failure(let e):
                XCTAssertNotNil(JSONValue.array(batch).resolve(JSONPointer(Array(e.path.tokens.prefix(1)))))
            case .success(let commands):
                if case .success = style.applying(commands) { applied += 1 }
                _ = style.applying(commands, allowingUnsupportedLayerTypes: true)
            }
        }
        XCTAssertGreaterThan(applied, 10)
    }
}
