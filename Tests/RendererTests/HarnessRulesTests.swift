import JSON
import XCTest

/// The ported parts of `run.py` that decide what is requested: camera rules, number text,
/// style preparation and which cases are skipped. Expected values were printed by `run.py`'s
/// own `View` and `fmt_num`.
final class HarnessRulesTests: XCTestCase {
    private func view(_ w: Int, _ h: Int, maxZoom: Double = 22,
                      _ steps: [(center: JSONValue?, zoom: JSONValue?, bearing: JSONValue?)]) throws -> HarnessView {
        var v = HarnessView(width: w, height: h, minZoom: -2, maxZoom: maxZoom)
        for s in steps { try v.jump(center: s.center, zoom: s.zoom, bearing: s.bearing) }
        return v
    }

    func testCameraRulesMatchRunPy() throws {
        var v = try view(512, 512, [([13.4, 52.5], 10, 0)])
        XCTAssertEqual([v.lng, v.lat, v.zoom, v.bearing], [13.4, 52.5, 10, 0])
        XCTAssertFalse(v.unmodified)

        // The view may not reach past 85.05°: the centre moves south.
        v = try view(512, 512, [([10, 84], 2, nil)])
        XCTAssertEqual(v.lng, 10)
        XCTAssertEqual(v.lat, 79.17133512035932)
        XCTAssertEqual(v.zoom, 2)

        // Moved north, and the longitude wrapped.
        v = try view(256, 256, [([190, -89], 1, nil)])
        XCTAssertEqual(v.lng, -170.00000000000006)
        XCTAssertEqual(v.lat, -79.17133512035927)

        // The world (512 px at zoom 0) is shorter than a 1024 px view: zoom grows.
        v = try view(512, 1024, [([-200, 10], 0, nil)])
        XCTAssertEqual(v.lng, 160.0)
        XCTAssertEqual(v.lat, 2.842170943040401e-14)
        XCTAssertEqual(v.zoom, 0.999999979542009)

        // Zoom clamped to maxZoom, bearing wrapped into (-180, 180].
        v = try view(64, 64, [(nil, 25, nil), (nil, nil, 190)])
        XCTAssertEqual([v.zoom, v.bearing], [22, -170])
        v = try view(64, 64, maxZoom: 14, [(["lng": 1, "lat": 2], 16.5, nil)])
        XCTAssertEqual([v.lng, v.lat, v.zoom], [1, 2, 14])
        v = try view(64, 64, [(nil, -5, nil)])
        XCTAssertEqual(v.zoom, -2)

        // Nothing given: nothing changes.
        v = try view(64, 64, [(.null, .null, nil)])
        XCTAssertTrue(v.unmodified)
        XCTAssertThrowsError(try view(64, 64, [(["lat": 1], nil, nil)]))
        XCTAssertThrowsError(try view(64, 64, [(nil, "far", nil)]))
    }

    func testNumbersAreWrittenAsRunPyWritesThem() throws {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (3, "3"), (-109.6, "-109.6"), (57.273, "57.273"), (1.5e-5, "0.000015"),
            (-3.14159265358979e-07, "-0.00000031415926536"), (12345678.9, "12345678.9"),
            (4.571428571428571, "4.571428571428571"), (2.0000000000000004, "2.0000000000000004"),
            (1e-4, "0.0001"), (0.00012345, "0.00012345"),
        ]
        for (x, text) in cases { XCTAssertEqual(try StaticRequest.fmtNum(x), text, "\(x)") }
        XCTAssertThrowsError(try StaticRequest.fmtNum(.nan))
    }

    func testStaticRequestCapsTheCanvasAndAppliesServerLimits() throws {
        var v = HarnessView(width: 1792, height: 256, minZoom: -2, maxZoom: 22)
        try v.jump(center: [-109.6, 57.273], zoom: 3)
        let r = try StaticRequest(view: v, width: 1792, height: 256, pixelRatio: 5)
        XCTAssertEqual(r.path, "/static/-109.6,57.273,3,0/1792x256@4.571428571428571x.png")
        XCTAssertEqual(Int((1792 * r.pixelRatio).rounded(.down)), 8192)
        XCTAssertThrowsError(try StaticRequest(view: v, width: 64, height: 64, pixelRatio: 11))
        var far = HarnessView(width: 64, height: 64, minZoom: -2, maxZoom: 22)
        try far.jump(center: [200, 0])   // not wrapped by the camera rules: the world repeats, the server draws it
        XCTAssertNoThrow(try StaticRequest(view: far, width: 64, height: 64, pixelRatio: 1))
    }

    func testStylePreparationStripsTestMetadataAndLocalizesURLs() throws {
        let style = try JSONParser.parse("""
        {"version": 8, "metadata": {"test": {"width": 64}, "keep": 1},
         "sprite": "local://sprites/sprite", "glyphs": "local://glyphs/{fontstack}/{range}.pbf",
         "sources": {"a": {"type": "geojson", "data": "local://data/feature.geojson"},
                     "b": {"type": "vector", "tiles": ["local://tiles/{z}.mvt", "http://x/{z}"], "url": "local://tilesets/v.json"}},
         "layers": []}
        """)
        let out = StylePreparation.prepare(style)
        XCTAssertEqual(out["metadata"], ["keep": 1])
        XCTAssertEqual(out["sprite"], "sprites/sprite")
        XCTAssertEqual(out["glyphs"], "glyphs/{fontstack}/{range}.pbf")
        XCTAssertEqual(out["sources"]?["a"]?["data"], "data/feature.geojson")
        XCTAssertEqual(out["sources"]?["b"]?["tiles"], ["tiles/{z}.mvt", "http://x/{z}"])
        XCTAssertEqual(out["sources"]?["b"]?["url"], "tilesets/v.json")
        let onlyTest = StylePreparation.stripTestMetadata(["version": 8, "metadata": ["test": ["width": 1]]])
        XCTAssertNil(onlyTest["metadata"], "an emptied metadata object is removed")
        let sprites = StylePreparation.localizeStyle(["sprite": [["id": "x", "url": "local://sprites/a"]]])
        XCTAssertEqual(sprites["sprite"], [["id": "x", "url": "sprites/a"]])
    }

    func testUnsupportedCasesAreSkippedWithRunPyReasons() throws {
        func reason(_ style: JSONValue) -> String? {
            do {
                try HarnessSupport.check(style: style, metadata: try RenderTestMetadata(style: style))
                return nil
            } catch let s as HarnessSkip { return s.description } catch { return "error: \(error)" }
        }
        func withTest(_ test: JSONValue, root: [(String, JSONValue)] = []) -> JSONValue {
            var o = JSONObject([("version", 8), ("metadata", ["test": test])])
            for (k, v) in root { o[k] = v }
            return .object(o)
        }
        XCTAssertNil(reason(withTest(["operations": [["wait"], ["setZoom", 3], ["setPitch", 0], ["addLayer", ["id": "x"]]]])))
        XCTAssertEqual(reason(withTest(["operations": [["pauseTiles", "geojson"]]])), "operation pauseTiles")
        XCTAssertEqual(reason(withTest(["operations": [["setPitch", 30]]])), "setPitch 30 (the static endpoint has no pitch)")
        XCTAssertEqual(reason(withTest(["collisionDebug": true])), "debug overlay (collisionDebug)")
        XCTAssertEqual(reason(withTest(["addFakeCanvas": ["id": "c"]])), "canvas source (addFakeCanvas)")
        XCTAssertEqual(reason(withTest([:], root: [("pitch", 45)])), "pitch/roll in the style (the static endpoint has no pitch)")
        XCTAssertEqual(reason(withTest([:], root: [("projection", ["type": "globe"])])), "projection globe")
        XCTAssertEqual(reason(withTest([:], root: [("terrain", ["source": "dem"])])), "terrain")
        XCTAssertEqual(reason(withTest(["operations": [["addImage", "x", "image/0.png", ["stretchX": []]]]])),
                       "addImage option(s) stretchX not in the contract")
        XCTAssertNil(reason(withTest(["operations": [["addImage", "x", "image/0.png", ["pixelRatio": 2, "sdf": true]]]])))
    }

    func testSelectionTakesPrefixesAndGlobs() {
        let cases = ["circle-radius/literal", "circle-color/function", "line-join/round", "line-cap/round"]
            .map { RenderTestCase(id: $0, folder: URL(fileURLWithPath: "/nonexistent/\($0)")) }
        XCTAssertEqual(RenderTestSuite.select(cases, filters: ["circle-radius"]).map(\.id), ["circle-radius/literal"])
        XCTAssertEqual(RenderTestSuite.select(cases, filters: ["line-*/round"]).map(\.id), ["line-join/round", "line-cap/round"])
        XCTAssertEqual(RenderTestSuite.select(cases, filters: []).count, 4)
    }
}
