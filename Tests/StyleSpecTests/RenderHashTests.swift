import JSON
@testable import StyleSpec
import XCTest

final class RenderHashTests: XCTestCase {
    var style: Style!
    override func setUp() { style = parseStyle(baseStyleJSON) }

    func testEqualStylesHashEqualRegardlessOfKeyOrderAndSession() throws {
        // The same style written differently (key order, default values spelled out, a
        // transition, metadata) in "another session".
        let other = try XCTUnwrap(parseStyle("""
        {"layers": [
           {"paint": {"background-color": "#ffffff", "background-opacity": 1}, "type": "background", "id": "background"},
           {"type": "slot", "id": "bottom"},
           {"source": "countries", "type": "fill", "id": "fill", "metadata": {"x": 1},
            "paint": {"fill-opacity": 0.5, "fill-color": "#3c8c5a", "fill-color-transition": {"duration": 1}}},
           {"id": "outline", "type": "line", "source": "countries", "layout": {"line-join": "round"},
            "paint": {"line-width": 1.5, "line-color": "#2a4b7c"}},
           {"id": "middle", "type": "slot"},
           {"id": "cities", "type": "circle", "source": "pts", "paint": {"circle-radius": 4}},
           {"id": "top", "type": "slot"}],
         "sources": {"countries": {"data": "countries.geojson", "type": "geojson"},
                     "pts": {"data": {"features": [], "type": "FeatureCollection"}, "type": "geojson"}},
         "name": "another name", "version": 8, "center": [0, 0], "transition": {"duration": 5}}
        """))
        XCTAssertEqual(other.renderHash, style.renderHash)
        XCTAssertEqual(style.renderHash.count, 32)
        XCTAssertTrue(style.renderHash.allSatisfy { $0.isHexDigit })
    }

    func testNonRenderChangesKeepTheHash() {
        for c: StyleCommand in [.setRootProperty("metadata", ["a": 2]), .setRootProperty("name", "x"),
                                .setRootProperty("center", [3, 4]), .setRootProperty("zoom", 9),
                                .setRootProperty("bearing", 30), .setRootProperty("transition", ["duration": 0]),
                                .setPaintProperty(layer: "fill", name: "fill-color-transition", value: ["duration": 9]),
                                .setPaintProperty(layer: "fill", name: "fill-antialias", value: true),
                                .addLayer(O(["id": "s2", "type": "slot"]), beforeId: nil)] {
            XCTAssertEqual(style.must([c]).renderHash, style.renderHash, c.json.serialized())
        }
    }

    func testEveryRenderRelevantChangeChangesTheHash() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 9]
        let changes: [[StyleCommand]] = [
            [.setPaintProperty(layer: "fill", name: "fill-color", value: "red")],
            [.setPaintProperty(layer: "fill", name: "fill-opacity", value: 0.6)],
            [.setLayoutProperty(layer: "outline", name: "line-cap", value: "round")],
            [.setLayoutProperty(layer: "fill", name: "visibility", value: "none")],
            [.setFilter(layer: "fill", filter: ["has", "name"])],
            [.setLayerZoomRange(layer: "fill", min: 3, max: nil)],
            [.moveLayer("fill", beforeId: "background")],
            [.setSlot(layer: "cities", slot: "bottom")],
            [.removeLayer("cities")],
            [.addLayer(O(["id": "x", "type": "background"]), beforeId: nil)],
            [.setGeoJSONSourceData("pts", ["type": "FeatureCollection", "features": [["type": "Feature", "properties": [:], "geometry": ["type": "Point", "coordinates": [1, 1]]]]])],
            [.addSource("unused", O(["type": "geojson", "data": "u.geojson"]))],
            [.addImage("i", StyleImage(png: png))],
            [.setFeatureState(FeatureTarget(source: "pts", id: "1"), O(["hover": true]))],
            [.setGlobalStateProperty("mode", "dark")],
            [.setRootProperty("sprite", "sprites/x")],
            [.setRootProperty("light", ["intensity": 0.9])],
        ]
        var seen: Set<String> = [style.renderHash]
        for c in changes {
            let h = style.must(c).renderHash
            XCTAssertNotEqual(h, style.renderHash, c.map { $0.json.serialized() }.joined())
            seen.insert(h)
        }
        XCTAssertEqual(seen.count, changes.count + 1, "all hashes differ")
    }

    func testMovingAroundAnEmptySlotDrawsTheSame() {
        XCTAssertEqual(style.must([.moveLayer("fill", beforeId: "bottom")]).renderHash, style.renderHash)
    }

    func testSlotMembershipOrderMatters() {
        // Moving a layer into a slot changes where it draws, even if the declared list stays.
        let a = style.must([.addLayer(O(["id": "x", "type": "background", "slot": "middle"]), beforeId: nil)])
        let b = style.must([.addLayer(O(["id": "x", "type": "background", "slot": "bottom"]), beforeId: nil)])
        XCTAssertNotEqual(a.renderHash, b.renderHash)
    }

    func testSourceHashes() {
        XCTAssertEqual(style.sourceHash("pts"), parseStyle(baseStyleJSON)!.sourceHash("pts"))
        XCTAssertNotEqual(style.sourceHash("pts"), style.sourceHash("countries"))
        XCTAssertNil(style.sourceHash("ghost"))
        XCTAssertEqual(style.source("pts")?.dataHash, ContentHash.of(json: ["type": "FeatureCollection", "features": []]))
        XCTAssertEqual(style.source("countries")?.dataHash, ContentHash.of(json: "countries.geojson"))
    }

    /// A fixed digest: if this changes, every cached ETag changes with it (bump deliberately).
    func testHashIsStableAcrossRuns() throws {
        let tiny = try XCTUnwrap(parseStyle(#"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "red"}}]}"#))
        XCTAssertEqual(tiny.renderHash, RenderHashTests.tinyHash)
    }

    static let tinyHash = "b13bc0eb929b00b6fffccee3efda346f"

    func testSessionStateRoundTrip() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 7]
        let s = style.must([.addImage("i", StyleImage(png: png, pixelRatio: 2, sdf: true)),
                            .setFeatureState(FeatureTarget(source: "pts", id: "3"), O(["a": 1])),
                            .setGlobalStateProperty("g", "v")])
        let restored = try XCTUnwrap(parseStyle(s.toJSON().serialized())).restoringSessionState(s.sessionStateJSON())
        guard case .success(let r) = restored else { return XCTFail("\(restored)") }
        XCTAssertEqual(r.renderHash, s.renderHash)
        XCTAssertEqual(r.image("i"), s.image("i"))
        XCTAssertEqual(r.featureState, s.featureState)
        XCTAssertEqual(r.globalStateOverrides, s.globalStateOverrides)
    }
}
