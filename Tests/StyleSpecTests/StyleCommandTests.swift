import JSON
@testable import StyleSpec
import XCTest

final class StyleCommandTests: XCTestCase {
    var style: Style!
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]

    override func setUp() { style = parseStyle(baseStyleJSON) }

    func obj(_ text: String) -> JSONObject { J(text).objectValue! }

    // MARK: JSON form

    func testEveryCommandRoundTripsThroughJSON() throws {
        let commands: [StyleCommand] = [
            .addLayer(obj(#"{"id": "x", "type": "background"}"#), beforeId: "fill"),
            .addLayer(obj(#"{"id": "y", "type": "background"}"#), beforeId: nil),
            .removeLayer("x"), .moveLayer("x", beforeId: "y"), .moveLayer("x", beforeId: nil),
            .setPaintProperty(layer: "fill", name: "fill-color", value: "red"),
            .setLayoutProperty(layer: "outline", name: "line-cap", value: .null),
            .setFilter(layer: "fill", filter: J(#"["has", "a"]"#)),
            .setLayerZoomRange(layer: "fill", min: 2, max: nil),
            .setSlot(layer: "fill", slot: "middle"), .setSlot(layer: "fill", slot: nil),
            .addSource("s", obj(#"{"type": "geojson", "data": "a.geojson"}"#)),
            .removeSource("s", cascade: false), .removeSource("s", cascade: true),
            .setGeoJSONSourceData("pts", J(#"{"type": "FeatureCollection", "features": []}"#)),
            .addImage("img", StyleImage(png: png, pixelRatio: 2, sdf: true)), .removeImage("img"),
            .setFeatureState(FeatureTarget(source: "pts", id: "7"), obj(#"{"hover": true}"#)),
            .setFeatureState(FeatureTarget(source: "v", sourceLayer: "roads", id: "7"), obj(#"{"hover": true}"#)),
            .removeFeatureState(FeatureTarget(source: "pts", id: "7"), key: "hover"),
            .removeFeatureState(FeatureTarget(source: "pts"), key: nil),
            .setGlobalStateProperty("mode", "dark"),
            .setStyle(J(#"{"version": 8, "sources": {}, "layers": []}"#)),
            .setRootProperty("center", J("[1, 2]")), .setRootProperty("light", .null),
        ]
        for c in commands {
            let back = try StyleCommand(json: c.json)
            XCTAssertEqual(back, c, "\(c.json.serialized())")
            XCTAssertEqual(c.json[0]?.stringValue, c.name)
        }
        XCTAssertEqual(StyleCommand.setRootProperty("center", J("[1, 2]")).json, J(#"["setCenter", [1, 2]]"#))
    }

    func testMapLibreStyleArgumentsParse() throws {
        XCTAssertEqual(try StyleCommand(json: J(#"["setPaintProperty", "a", "fill-color", "red", {"validate": false}]"#)),
                       .setPaintProperty(layer: "a", name: "fill-color", value: "red"))
        XCTAssertEqual(try StyleCommand(json: J(#"["setFilter", "a"]"#)), .setFilter(layer: "a", filter: .null))
        XCTAssertEqual(try StyleCommand(json: J(#"["setFeatureState", {"source": "s", "id": 12}, {"a": 1}]"#)),
                       .setFeatureState(FeatureTarget(source: "s", id: "12"), obj(#"{"a": 1}"#)))
        XCTAssertEqual(try StyleCommand(json: J(#"["setLayerZoomRange", "a", 3]"#)), .setLayerZoomRange(layer: "a", min: 3, max: nil))
    }

    func testMalformedCommandsPointIntoTheBatch() {
        let cases: [(String, String, String)] = [
            (#"[["addLayer"]]"#, "/0", StyleErrorCode.invalidCommand),
            (#"[["removeLayer", "a"], ["addLayer", 5]]"#, "/1/1", StyleErrorCode.invalidCommand),
            (#"[["frobnicate", 1]]"#, "/0/0", StyleErrorCode.unknownCommand),
            (#"[[]]"#, "/0", StyleErrorCode.invalidCommand),
            (#"[[3]]"#, "/0/0", StyleErrorCode.invalidCommand),
            (#"[["setFeatureState", {"id": 1}, {}]]"#, "/0/1/source", StyleErrorCode.invalidCommand),
            (#"[["setFeatureState", {"source": "s"}, {}]]"#, "/0/1/id", StyleErrorCode.invalidCommand),
            (#"[["removeFeatureState", {"source": "s"}, "k"]]"#, "/0/2", StyleErrorCode.invalidCommand),
            (#"[["addImage", "i", {"png": "bm90IGEgcG5n"}]]"#, "/0/2/png", StyleErrorCode.invalidCommand),
            (#"[["addImage", "i", {"png": "iVBORw0KGgo=", "pixelRatio": 0}]]"#, "/0/2/pixelRatio", StyleErrorCode.invalidCommand),
            (#"[["removeSource", "s", {"cascade": "yes"}]]"#, "/0/2/cascade", StyleErrorCode.invalidCommand),
            (#"{"not": "a batch"}"#, "", StyleErrorCode.invalidCommand),
        ]
        for (text, path, code) in cases {
            guard case .failure(let e) = StyleCommand.parseBatch(J(text)) else { XCTFail(text); continue }
            XCTAssertEqual(e.path.description, path, text)
            XCTAssertEqual(e.code, code, text)
        }
    }

    // MARK: apply, command by command

    func testAddRemoveMoveLayer() {
        var s = style.must([.addLayer(obj(#"{"id": "x", "type": "background"}"#), beforeId: "fill")])
        XCTAssertEqual(s.layerIds, ["background", "bottom", "x", "fill", "outline", "middle", "cities", "top"])
        s = s.must([.moveLayer("x", beforeId: nil)])
        XCTAssertEqual(s.layerIds.last, "x")
        s = s.must([.moveLayer("x", beforeId: "background")])
        XCTAssertEqual(s.layerIds.first, "x")
        s = s.must([.moveLayer("x", beforeId: "x")])
        XCTAssertEqual(s.layerIds.first, "x")
        s = s.must([.removeLayer("x")])
        XCTAssertEqual(s.layerIds, style.layerIds)
        XCTAssertEqual(s.renderHash, style.renderHash)
    }

    func testLayerErrors() {
        let checks: [(StyleCommand, String, String)] = [
            (.addLayer(obj(#"{"id": "fill", "type": "background"}"#), beforeId: nil), "/0/1/id", StyleErrorCode.duplicateLayer),
            (.addLayer(obj(#"{"id": "n", "type": "fill", "source": "nope"}"#), beforeId: nil), "/0/1", StyleErrorCode.unknownSource),
            (.addLayer(obj(#"{"id": "n", "type": "raster", "source": "pts"}"#), beforeId: nil), "/0/1", StyleErrorCode.sourceTypeMismatch),
            (.addLayer(obj(#"{"id": "n", "type": "fill", "source": "pts", "paint": {"fill-colour": "red"}}"#), beforeId: nil),
             "/0/1/paint/fill-colour", StyleErrorCode.unknownProperty),
            (.addLayer(obj(#"{"id": "n", "type": "background"}"#), beforeId: "ghost"), "/0/2", StyleErrorCode.unknownLayer),
            (.removeLayer("ghost"), "/0/1", StyleErrorCode.unknownLayer),
            (.moveLayer("ghost", beforeId: nil), "/0/1", StyleErrorCode.unknownLayer),
            (.moveLayer("fill", beforeId: "ghost"), "/0/2", StyleErrorCode.unknownLayer),
            (.setPaintProperty(layer: "ghost", name: "fill-color", value: "red"), "/0/1", StyleErrorCode.unknownLayer),
            (.setPaintProperty(layer: "fill", name: "line-color", value: "red"), "/0/2", StyleErrorCode.unknownProperty),
            (.setPaintProperty(layer: "fill", name: "fill-opacity", value: 2), "/0/3", StyleErrorCode.invalidProperty),
            (.setLayoutProperty(layer: "outline", name: "line-join", value: "pointy"), "/0/3", StyleErrorCode.invalidProperty),
            (.setFilter(layer: "fill", filter: J(#"["==", "$type", "Circle"]"#)), "/0/2/2", StyleErrorCode.invalidExpression),
            (.setLayerZoomRange(layer: "fill", min: -1, max: nil), "/0/2", StyleErrorCode.invalidProperty),
            (.setLayerZoomRange(layer: "fill", min: 5, max: 3), "/0/2", StyleErrorCode.invalidProperty),
            (.setSlot(layer: "fill", slot: "nowhere"), "/0/2", StyleErrorCode.unknownSlot),
            (.setSlot(layer: "fill", slot: "fill"), "/0/2", StyleErrorCode.unknownSlot),
            (.setSlot(layer: "middle", slot: "top"), "/0/2", StyleErrorCode.invalidLayer),
        ]
        for (command, path, code) in checks {
            guard let e = style.mustFail([command]) else { continue }
            XCTAssertEqual(e.path.description, path, "\(command.json.serialized()): \(e)")
            XCTAssertEqual(e.code, code, "\(command.json.serialized()): \(e)")
        }
    }

    func testSourceTypeMismatchOnAdd() {
        let e = style.mustFail([.addSource("r", obj(#"{"type": "raster", "tiles": ["t/{z}/{x}/{y}.png"]}"#)),
                                .addLayer(obj(#"{"id": "n", "type": "fill", "source": "r"}"#), beforeId: nil)])
        XCTAssertEqual(e?.path, P("/1/1"))
        XCTAssertEqual(e?.code, StyleErrorCode.sourceTypeMismatch)
    }

    func testPropertyChangesAndResets() throws {
        var s = style.must([.setPaintProperty(layer: "fill", name: "fill-color", value: "#ff0000"),
                            .setLayoutProperty(layer: "outline", name: "line-cap", value: "round"),
                            .setPaintProperty(layer: "fill", name: "fill-opacity-transition", value: J(#"{"duration": 0}"#))])
        XCTAssertEqual(s.layer("fill")?.json["paint"]?["fill-color"], "#ff0000")
        XCTAssertNotNil(s.layer("outline")?.layout["line-cap"])
        XCTAssertNotEqual(s.renderHash, style.renderHash)
        // The unchanged layer is the same instance (caches keyed by identity survive).
        XCTAssertTrue(s.layer("cities") === style.layer("cities"))
        // Unchanged properties keep their compiled form.
        XCTAssertEqual(s.layer("fill")?.paint["fill-opacity"]?.constantValue, .number(0.5))
        s = s.must([.setPaintProperty(layer: "fill", name: "fill-color", value: .null),
                    .setPaintProperty(layer: "fill", name: "fill-opacity", value: .null),
                    .setPaintProperty(layer: "fill", name: "fill-opacity-transition", value: .null),
                    .setLayoutProperty(layer: "outline", name: "line-cap", value: .null)])
        XCTAssertNil(s.layer("fill")?.json["paint"], "an emptied paint object is dropped")
        XCTAssertNil(s.layer("fill")?.paint["fill-color"])
        XCTAssertNil(s.layer("outline")?.layout["line-cap"])
        s = s.must([.setFilter(layer: "fill", filter: J(#"["==", ["get", "continent"], "Asia"]"#)),
                    .setLayerZoomRange(layer: "fill", min: 2, max: 10)])
        XCTAssertNotNil(s.layer("fill")?.filter)
        XCTAssertEqual(s.layer("fill")?.minzoom, 2)
        XCTAssertEqual(s.layer("fill")?.maxzoom, 10)
        s = s.must([.setFilter(layer: "fill", filter: .null), .setLayerZoomRange(layer: "fill", min: nil, max: nil)])
        XCTAssertNil(s.layer("fill")?.filter)
        XCTAssertNil(s.layer("fill")?.json["minzoom"])
        XCTAssertNil(s.layer("fill")?.json["filter"])
    }

    func testSetSlotMovesToTopOfThatGroup() {
        let s = style.must([.setSlot(layer: "fill", slot: "middle")])
        XCTAssertEqual(s.layer("fill")?.slot, "middle")
        XCTAssertEqual(s.renderIds, ["background", "bottom", "outline", "middle", "fill", "cities", "top"])
        let back = s.must([.setSlot(layer: "fill", slot: nil)])
        XCTAssertEqual(back.renderIds.last, "fill")
        XCTAssertNil(back.layer("fill")?.json["slot"])
    }

    func testSources() throws {
        var s = style.must([.addSource("extra", obj(#"{"type": "geojson", "data": {"type": "Point", "coordinates": [1, 2]}}"#))])
        XCTAssertEqual(s.sources.map(\.id), ["pts", "countries", "extra"])
        XCTAssertEqual(s.mustFail([.addSource("extra", obj(#"{"type": "geojson", "data": "a"}"#))])?.code, StyleErrorCode.duplicateSource)
        XCTAssertEqual(s.mustFail([.addSource("bad", obj(#"{"type": "geojson"}"#))])?.path, P("/0/2"))
        XCTAssertEqual(s.mustFail([.addSource("bad", obj(#"{"type": "wms"}"#))])?.path, P("/0/2/type"))
        let inUse = s.mustFail([.removeSource("countries", cascade: false)])
        XCTAssertEqual(inUse?.code, StyleErrorCode.sourceInUse)
        XCTAssertEqual(s.mustFail([.removeSource("ghost", cascade: false)])?.code, StyleErrorCode.unknownSource)
        s = s.must([.removeSource("extra", cascade: false)])
        s = s.must([.removeSource("countries", cascade: true)])
        XCTAssertNil(s.layer("fill")); XCTAssertNil(s.layer("outline")); XCTAssertNil(s.source("countries"))
        XCTAssertNotNil(s.layer("cities"))
    }

    func testGeoJSONDataReplacement() throws {
        let data = J(#"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [0, 0]}}]}"#)
        let s = style.must([.setGeoJSONSourceData("pts", data)])
        XCTAssertEqual(s.source("pts")?.json["data"], data)
        XCTAssertNotEqual(s.sourceHash("pts"), style.sourceHash("pts"))
        XCTAssertEqual(s.sourceHash("countries"), style.sourceHash("countries"))
        XCTAssertEqual(style.mustFail([.setGeoJSONSourceData("pts", 5)])?.path, P("/0/2"))
        XCTAssertEqual(style.mustFail([.setGeoJSONSourceData("pts", J(#"{"type": "Nope"}"#))])?.path, P("/0/2/type"))
        XCTAssertEqual(style.mustFail([.setGeoJSONSourceData("ghost", data)])?.code, StyleErrorCode.unknownSource)
        let raster = style.must([.addSource("r", obj(#"{"type": "raster", "tiles": ["t/{z}/{x}/{y}.png"]}"#))])
        XCTAssertEqual(raster.mustFail([.setGeoJSONSourceData("r", data)])?.code, StyleErrorCode.invalidSource)
    }

    func testImages() {
        let img = StyleImage(png: png, pixelRatio: 2)
        var s = style.must([.addImage("marker", img)])
        XCTAssertEqual(s.image("marker")?.pixelRatio, 2)
        XCTAssertNotEqual(s.renderHash, style.renderHash)
        s = s.must([.addImage("marker", StyleImage(png: png, pixelRatio: 1))])
        XCTAssertEqual(s.image("marker")?.pixelRatio, 1, "adding an existing id replaces it")
        XCTAssertEqual(s.mustFail([.removeImage("ghost")])?.code, StyleErrorCode.unknownImage)
        s = s.must([.removeImage("marker")])
        XCTAssertNil(s.image("marker"))
        XCTAssertEqual(s.renderHash, style.renderHash)
    }

    func testFeatureState() throws {
        var s = style.must([.setFeatureState(FeatureTarget(source: "pts", id: "1"), obj(#"{"hover": true, "n": 1}"#)),
                            .setFeatureState(FeatureTarget(source: "pts", id: "1"), obj(#"{"n": 2}"#)),
                            .setFeatureState(FeatureTarget(source: "pts", id: "2"), obj(#"{"hover": false}"#))])
        XCTAssertEqual(s.featureState.state(source: "pts", id: "1"), obj(#"{"hover": true, "n": 2}"#))
        XCTAssertNotEqual(s.renderHash, style.renderHash)
        s = s.must([.removeFeatureState(FeatureTarget(source: "pts", id: "1"), key: "hover")])
        XCTAssertEqual(s.featureState.state(source: "pts", id: "1"), obj(#"{"n": 2}"#))
        s = s.must([.removeFeatureState(FeatureTarget(source: "pts", id: "2"), key: nil)])
        XCTAssertNil(s.featureState.state(source: "pts", id: "2"))
        s = s.must([.removeFeatureState(FeatureTarget(source: "pts"), key: nil)])
        XCTAssertTrue(s.featureState.isEmpty)
        XCTAssertEqual(s.renderHash, style.renderHash)
        XCTAssertEqual(style.mustFail([.setFeatureState(FeatureTarget(source: "ghost", id: "1"), JSONObject())])?.path,
                       P("/0/1/source"))
        let vector = style.must([.addSource("v", obj(#"{"type": "vector", "tiles": ["t/{z}/{x}/{y}.pbf"]}"#))])
        XCTAssertEqual(vector.mustFail([.setFeatureState(FeatureTarget(source: "v", id: "1"), JSONObject())])?.path,
                       P("/0/1/sourceLayer"))
        // Removing a source drops its feature state.
        let gone = style.must([.setFeatureState(FeatureTarget(source: "pts", id: "1"), obj(#"{"a": 1}"#)),
                               .removeSource("pts", cascade: true)])
        XCTAssertTrue(gone.featureState.isEmpty)
    }

    func testRootPropertiesAndSetStyle() throws {
        var s = style.must([.setRootProperty("center", J("[1, 2]")), .setRootProperty("zoom", .null)])
        XCTAssertEqual(s[rootKey: "center"], J("[1, 2]"))
        XCTAssertNil(s[rootKey: "zoom"])
        XCTAssertEqual(s.renderHash, style.renderHash, "camera keys do not change pixels")
        XCTAssertEqual(style.mustFail([.setRootProperty("center", J("[1]"))])?.path, P("/0/1"))
        XCTAssertEqual(style.mustFail([.setRootProperty("glyphs", "fonts/{fontstack}.pbf")])?.path, P("/0/1"))
        XCTAssertNotEqual(style.must([.setRootProperty("sprite", "sprites/a")]).renderHash, style.renderHash)

        s = style.must([.addImage("keep", StyleImage(png: png)),
                        .setFeatureState(FeatureTarget(source: "pts", id: "1"), obj(#"{"a": 1}"#)),
                        .setStyle(J(#"{"version": 8, "sources": {}, "layers": [{"id": "only", "type": "background"}]}"#))])
        XCTAssertEqual(s.layerIds, ["only"])
        XCTAssertNotNil(s.image("keep"), "images belong to the session")
        XCTAssertTrue(s.featureState.isEmpty)
        let bad = style.mustFail([.setStyle(J(#"{"version": 8, "sources": {}, "layers": [{"id": "x", "type": "fill"}]}"#))])
        XCTAssertEqual(bad?.path, P("/0/1/layers/0"))
    }

    // MARK: atomicity

    func testBatchesAreAllOrNothing() {
        let batch: [StyleCommand] = [
            .addLayer(obj(#"{"id": "new", "type": "background"}"#), beforeId: nil),
            .setPaintProperty(layer: "fill", name: "fill-color", value: "blue"),
            .addImage("i", StyleImage(png: png)),
            .removeLayer("ghost"),
        ]
        guard case .failure(let e) = style.applying(batch) else { return XCTFail("should fail") }
        XCTAssertEqual(e.path, P("/3/1"))
        XCTAssertEqual(e.code, StyleErrorCode.unknownLayer)
        // The original is untouched (values are immutable snapshots).
        XCTAssertNil(style.layer("new"))
        XCTAssertNil(style.image("i"))
        XCTAssertEqual(style.layer("fill")?.json["paint"]?["fill-color"], "#3c8c5a")
        // A later command may rely on an earlier one of the same batch.
        let ok = style.must([.addSource("s2", obj(#"{"type": "geojson", "data": "x.geojson"}"#)),
                             .addLayer(obj(#"{"id": "l2", "type": "line", "source": "s2"}"#), beforeId: "cities"),
                             .setPaintProperty(layer: "l2", name: "line-width", value: 3)])
        XCTAssertEqual(ok.layer("l2")?.json["paint"]?["line-width"], 3)
    }

    func testBatchErrorsPointIntoTheBatchDocument() {
        let batch = J("""
        [["setPaintProperty", "fill", "fill-color", "red"], ["removeLayer", "cities"], ["setZoom", 4],
         ["addLayer", {"id": "l", "type": "line", "source": "pts", "paint": {"line-width": "wide"}}]]
        """)
        guard case .success(let commands) = StyleCommand.parseBatch(batch) else { return XCTFail() }
        XCTAssertEqual(style.mustFail(commands)?.path, P("/3/1/paint/line-width"))
    }

    func testSingleCommandErrorsAreRelativeToTheCommand() {
        guard case .failure(let e) = style.applying(.setPaintProperty(layer: "fill", name: "fill-opacity", value: "x")) else {
            return XCTFail("should fail")
        }
        XCTAssertEqual(e.path, P("/3"))
    }

    func testSlotReferencesAreCheckedAtTheEndOfABatch() {
        // A batch may add members before their slot layer (the diff does so).
        let s = style.must([.addLayer(obj(#"{"id": "m", "type": "background", "slot": "labels"}"#), beforeId: nil),
                            .addLayer(obj(#"{"id": "labels", "type": "slot"}"#), beforeId: "top")])
        XCTAssertEqual(s.renderIds.suffix(3), ["labels", "m", "top"])
        let e = style.mustFail([.addLayer(obj(#"{"id": "m", "type": "background", "slot": "labels"}"#), beforeId: nil)])
        XCTAssertEqual(e?.path, P("/0/1/slot"))
        XCTAssertEqual(e?.code, StyleErrorCode.unknownSlot)
        let withMember = style.must([.setSlot(layer: "fill", slot: "middle")])
        let removeSlot = withMember.mustFail([.removeLayer("middle")])
        XCTAssertEqual(removeSlot?.code, StyleErrorCode.slotInUse)
        XCTAssertEqual(removeSlot?.path, P("/0/1"))
        _ = withMember.must([.removeLayer("fill"), .removeLayer("middle")])
        _ = withMember.must([.removeLayer("middle"), .setSlot(layer: "fill", slot: nil)])
    }
}
