import Foundation
import JSON
import Renderer
import StyleSpec
import XCTest

/// The in-process replay of `metadata.test.operations`: each operation does what the server's
/// route for `run.py`'s request does, and a rejected one changes nothing.
final class OperationReplayTests: XCTestCase {
    private var assets: URL!

    override func setUpWithError() throws {
        assets = FileManager.default.temporaryDirectory.appendingPathComponent("rtests-replay-\(UUID().uuidString)")
        let fm = FileManager.default
        try fm.createDirectory(at: assets.appendingPathComponent("styles"), withIntermediateDirectories: true)
        try fm.createDirectory(at: assets.appendingPathComponent("image"), withIntermediateDirectories: true)
        try fm.copyItem(at: RenderTestSuite.assetsDirectory.appendingPathComponent("sprites/sprite.png"),
                        to: assets.appendingPathComponent("image/icon.png"))
        try Data("not a png".utf8).write(to: assets.appendingPathComponent("image/broken.png"))
        let next = #"{"version": 8, "center": [10, 20], "zoom": 4, "bearing": 30, "metadata": {"test": {"width": 1}}, "#
            + #""sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#
        try Data(next.utf8).write(to: assets.appendingPathComponent("styles/next.json"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: assets)
    }

    private func replay(_ ops: JSONValue) throws -> OperationReplay {
        let style = try JSONParser.parse("""
        {"version": 8, "state": {"color": {"default": "red"}},
         "sources": {"geojson": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
         "layers": [{"id": "bg", "type": "background"},
                    {"id": "circle", "type": "circle", "source": "geojson", "minzoom": 1, "maxzoom": 3}]}
        """)
        guard case .success(let loaded) = Style.parse(style, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            throw HarnessError("test style does not load")
        }
        var r = OperationReplay(style: loaded.0, view: HarnessView(width: 64, height: 64, minZoom: -2, maxZoom: 22), assets: assets)
        for (i, op) in (ops.arrayValue ?? []).enumerated() { try r.apply(op, index: i) }
        return r
    }

    func testLayerOperations() throws {
        let r = try replay([
            ["addLayer", ["id": "fill", "type": "fill", "source": "geojson"], "circle"],
            ["addLayer", ["id": "text", "type": "symbol", "source": "nowhere"]],
            ["setPaintProperty", "circle", "circle-radius", 7],
            ["setPaintProperty", "missing", "circle-radius", 7],
            ["setLayoutProperty", "circle", "visibility", "none"],
            ["setFilter", "circle", ["==", "a", 1]],
            ["removeLayer", "bg"],
            ["removeLayer", "bg"],
        ])
        XCTAssertEqual(r.style.layers.map(\.id), ["fill", "circle"])
        XCTAssertEqual(r.style.layer("circle")?.propertyJSON("circle-radius", in: .paint), 7)
        XCTAssertEqual(r.style.layer("circle")?.propertyJSON("visibility", in: .layout), "none")
        XCTAssertEqual(r.style.layer("circle")?.json["filter"], ["==", "a", 1])
        XCTAssertEqual(r.notes.count, 3, "\(r.notes)")
        XCTAssertTrue(r.notes[0].hasPrefix("op 1 addLayer -> "), r.notes[0])
        XCTAssertTrue(r.notes[1].hasPrefix("op 3 setPaintProperty -> 404"), r.notes[1])
        XCTAssertTrue(r.notes[2].hasPrefix("op 7 removeLayer -> 404"), r.notes[2])

        let reset = try replay([["setPaintProperty", "circle", "circle-radius", 7], ["setPaintProperty", "circle", "circle-radius", nil]])
        XCTAssertNil(reset.style.layer("circle")?.propertyJSON("circle-radius", in: .paint), "null resets to the default")
    }

    func testZoomRangeKeepsANullBound() throws {
        var r = try replay([["setLayerZoomRange", "circle", nil, 5]])
        XCTAssertEqual(r.style.layer("circle")?.minzoom, 1)
        XCTAssertEqual(r.style.layer("circle")?.maxzoom, 5)
        r = try replay([["setLayerZoomRange", "circle", 0, 2]])
        XCTAssertEqual(r.style.layer("circle")?.minzoom, 0)
        XCTAssertEqual(r.style.layer("circle")?.maxzoom, 2)
        r = try replay([["setLayerZoomRange", "circle", nil, nil]])
        XCTAssertEqual(r.notes, ["op 0 setLayerZoomRange -> 400 nothing to change"])
        XCTAssertEqual(r.style.layer("circle")?.maxzoom, 3)
    }

    func testSourceStateAndImageOperations() throws {
        let r = try replay([
            ["addSource", "extra", ["type": "geojson", "data": "local://data/feature.geojson"]],
            ["removeSource", "geojson"],
            ["setFeatureState", ["source": "geojson", "id": 1], ["hover": true]],
            ["setFeatureState", ["source": "geojson", "id": "2"], ["hover": true, "size": 3]],
            ["removeFeatureState", ["source": "geojson", "id": 2], "hover"],
            ["setFeatureState", ["source": "nowhere", "id": 1], ["hover": true]],
            ["setGlobalStateProperty", "color", "cyan"],
            ["addImage", "icon", "local://image/icon.png", ["pixelRatio": 2, "sdf": true]],
            ["addImage", "bad", "image/broken.png"],
            ["removeImage", "nothing"],
        ])
        XCTAssertEqual(r.style.source("extra")?.json["data"], "data/feature.geojson")
        XCTAssertNotNil(r.style.source("geojson"), "a source in use is not removed")
        XCTAssertEqual(r.style.featureState.state(source: "geojson", id: "1"), JSONObject([("hover", true)]))
        XCTAssertEqual(r.style.featureState.state(source: "geojson", id: "2"), JSONObject([("size", 3)]))
        XCTAssertEqual(r.style.globalState["color"], "cyan")
        XCTAssertEqual(r.style.image("icon")?.pixelRatio, 2)
        XCTAssertEqual(r.style.image("icon")?.sdf, true)
        XCTAssertNil(r.style.image("bad"))
        XCTAssertEqual(r.notes.map { String($0.prefix(while: { $0 != ">" })) },
                       ["op 1 removeSource -", "op 5 setFeatureState -", "op 8 addImage -", "op 9 removeImage -"], "\(r.notes)")
        let cleared = try replay([["setFeatureState", ["source": "geojson", "id": 1], ["hover": true]],
                                  ["removeFeatureState", ["source": "geojson"]]])
        XCTAssertTrue(cleared.style.featureState.isEmpty)
        XCTAssertThrowsError(try replay([["addImage", "x", "image/missing.png"]]), "a missing asset is a harness error")
    }

    func testSetStyleFromAURLAdoptsItsCameraOnlyWhenTheViewNeverMoved() throws {
        var r = try replay([["setStyle", "local://styles/next.json"]])
        XCTAssertEqual(r.style.layers.map(\.id), ["bg"])
        XCTAssertEqual([r.view.lng, r.view.lat, r.view.zoom, r.view.bearing], [10, 20, 4, 30])
        r = try replay([["setZoom", 2], ["setStyle", "local://styles/next.json"]])
        XCTAssertEqual([r.view.lng, r.view.lat, r.view.zoom, r.view.bearing], [0, 0, 2, 0])
        r = try replay([["setStyle", ["version": 8, "center": [10, 20], "sources": [:], "layers": []]]])
        XCTAssertEqual(r.style.layers.count, 0)
        XCTAssertTrue(r.view.unmodified, "an inline style is diffed: the camera stays")
        r = try replay([["setStyle", ["version": 7, "sources": [:], "layers": []]]])
        XCTAssertEqual(r.notes.count, 1)
        XCTAssertEqual(r.style.layers.count, 2, "a rejected setStyle keeps the style")
        XCTAssertThrowsError(try replay([["setStyle", "local://styles/missing.json"]]))
    }

    func testCameraOperationsAndMalformedOnes() throws {
        let r = try replay([["setZoom", 3], ["setCenter", [5, 6]], ["setBearing", 370], ["wait"], ["wait", 500], [], ["idle"]])
        XCTAssertEqual([r.view.lng, r.view.lat, r.view.zoom, r.view.bearing], [5, 6, 3, 10])
        XCTAssertThrowsError(try replay([["setZoom"]])) { XCTAssertTrue($0 is HarnessError) }
        XCTAssertThrowsError(try replay([["setCenter", "north"]])) { XCTAssertTrue($0 is HarnessError) }
        XCTAssertThrowsError(try replay([["pauseTiles", "geojson"]])) { XCTAssertTrue($0 is HarnessSkip) }
    }
}
