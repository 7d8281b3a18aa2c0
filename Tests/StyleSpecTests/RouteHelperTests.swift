import JSON
@testable import StyleSpec
import XCTest

/// The route-level helpers: commands recorded, error paths inside the request body.
final class RouteHelperTests: XCTestCase {
    var style: Style!
    override func setUp() { style = parseStyle(baseStyleJSON) }

    func ok(_ r: Result<AppliedChange, StyleError>, file: StaticString = #filePath, line: UInt = #line) -> AppliedChange? {
        switch r {
        case .success(let c): return c
        case .failure(let e): XCTFail("\(e)", file: file, line: line); return nil
        }
    }

    func err(_ r: Result<AppliedChange, StyleError>) -> StyleError? {
        if case .failure(let e) = r { return e }
        XCTFail("expected an error")
        return nil
    }

    func testAddLayer() throws {
        let c = try XCTUnwrap(ok(style.addingLayer(body: J(#"{"layer": {"id": "x", "type": "circle", "source": "pts", "slot": "middle"}, "position": {"at": 0}}"#))))
        XCTAssertEqual(c.style.renderIds, ["background", "bottom", "fill", "outline", "middle", "x", "cities", "top"])
        XCTAssertEqual(c.layerIndex, 5)
        XCTAssertEqual(c.commands.map { $0.json.serialized() },
                       [#"["addLayer",{"id":"x","type":"circle","source":"pts","slot":"middle"}]"#])
        XCTAssertEqual(err(style.addingLayer(body: J(#"{"layer": {"id": "x", "type": "fill", "source": "pts", "paint": {"fill-opacity": 7}}}"#)))?.path,
                       P("/layer/paint/fill-opacity"))
        XCTAssertEqual(err(style.addingLayer(body: J(#"{"layer": {"id": "fill", "type": "background"}}"#)))?.code, StyleErrorCode.duplicateLayer)
        XCTAssertEqual(err(style.addingLayer(body: J(#"{"layer": {"id": "x", "type": "background"}, "position": {"above": "ghost"}}"#)))?.path,
                       P("/position"))
        XCTAssertEqual(err(style.addingLayer(body: J(#"{"layer": {"id": "x", "type": "background", "slot": "middle"}, "position": {"above": "fill"}}"#)))?.code,
                       StyleErrorCode.invalidPosition)
        XCTAssertEqual(err(style.addingLayer(body: J(#"{"layer": {"id": "x", "type": "background", "slot": "ghost"}}"#)))?.code,
                       StyleErrorCode.unknownSlot)
        XCTAssertEqual(err(style.addingLayer(body: J(#"{"layr": {}}"#)))?.path, P("/layer"))
    }

    func testPatchLayer() throws {
        let c = try XCTUnwrap(ok(style.patchingLayer("fill", body: J(#"{"paint": {"fill-color": "red", "fill-opacity": null}, "minzoom": 3, "filter": ["has", "name"]}"#))))
        let fill = try XCTUnwrap(c.style.layer("fill"))
        XCTAssertEqual(fill.json["paint"], J(#"{"fill-color": "red"}"#))
        XCTAssertEqual(fill.minzoom, 3)
        XCTAssertNotNil(fill.filter)
        XCTAssertEqual(c.commands.count, 4)
        // An omitted bound is kept (GL JS's setLayerZoomRange with undefined).
        let c2 = try XCTUnwrap(ok(c.style.patchingLayer("fill", body: J(#"{"maxzoom": 9}"#))))
        XCTAssertEqual(c2.style.layer("fill")?.minzoom, 3)
        XCTAssertEqual(c2.style.layer("fill")?.maxzoom, 9)
        let c3 = try XCTUnwrap(ok(c2.style.patchingLayer("fill", body: J(#"{"minzoom": null}"#))))
        XCTAssertNil(c3.style.layer("fill")?.minzoom)
        XCTAssertEqual(c3.style.layer("fill")?.maxzoom, 9)

        XCTAssertEqual(err(style.patchingLayer("fill", body: J(#"{"paint": {"fill-color": 3}}"#)))?.path, P("/paint/fill-color"))
        XCTAssertEqual(err(style.patchingLayer("fill", body: J(#"{"paint": {"fill-colr": "red"}}"#)))?.path, P("/paint/fill-colr"))
        XCTAssertEqual(err(style.patchingLayer("fill", body: J(#"{"layout": {"visibility": "hidden"}}"#)))?.path, P("/layout/visibility"))
        XCTAssertEqual(err(style.patchingLayer("fill", body: J(#"{"filter": ["==", "$type", 3]}"#)))?.path.tokens.first, "filter")
        XCTAssertEqual(err(style.patchingLayer("fill", body: J(#"{"minzoom": 30}"#)))?.path, P("/minzoom"))
        XCTAssertEqual(err(style.patchingLayer("fill", body: J(#"{"slot": "ghost"}"#)))?.path, P("/slot"))
        XCTAssertEqual(err(style.patchingLayer("fill", body: J(#"{"type": "line"}"#)))?.path, P("/type"))
        XCTAssertEqual(err(style.patchingLayer("ghost", body: J(#"{}"#)))?.code, StyleErrorCode.unknownLayer)
        // Nothing changed on failure.
        XCTAssertEqual(style.layer("fill")?.json["paint"]?["fill-color"], "#3c8c5a")
    }

    func testReplaceMoveCopy() throws {
        let r = try XCTUnwrap(ok(style.replacingLayer("fill", body: J(#"{"type": "line", "source": "countries", "paint": {"line-width": 3}}"#))))
        XCTAssertEqual(r.style.layerIds, style.layerIds, "replaced in place")
        XCTAssertEqual(r.style.layer("fill")?.type, .line)
        XCTAssertEqual(err(style.replacingLayer("fill", body: J(#"{"id": "other", "type": "background"}"#)))?.path, P("/id"))
        XCTAssertEqual(err(style.replacingLayer("fill", body: J(#"{"type": "fill", "source": "ghost"}"#)))?.code, StyleErrorCode.unknownSource)

        let m = try XCTUnwrap(ok(style.movingLayer("cities", body: J(#"{"position": {"below": "background"}}"#))))
        XCTAssertEqual(m.style.renderIds.first, "cities")
        XCTAssertEqual(m.layerIndex, 0)
        XCTAssertEqual(err(style.movingLayer("cities", body: J(#"{"position": {"at": 99}}"#)))?.path, P("/position"))

        let c = try XCTUnwrap(ok(style.copyingLayer("fill", body: J(#"{"id": "fill2", "position": {"above": "fill"}}"#))))
        XCTAssertEqual(c.style.layer("fill2")?.json["paint"], style.layer("fill")?.json["paint"])
        XCTAssertEqual(c.style.layerPosition("fill2"), style.layerPosition("fill")! + 1)
        XCTAssertEqual(err(style.copyingLayer("fill", body: J(#"{"id": "outline"}"#)))?.code, StyleErrorCode.duplicateLayer)
        XCTAssertEqual(err(style.copyingLayer("fill", body: J(#"{}"#)))?.path, P("/id"))
    }

    func testAddSourceAndDeclarativeUpdate() throws {
        let s = try XCTUnwrap(ok(style.addingSource(body: J(#"{"id": "n", "source": {"type": "geojson", "data": "n.geojson"}}"#))))
        XCTAssertNotNil(s.style.source("n"))
        XCTAssertEqual(err(style.addingSource(body: J(#"{"id": "n", "source": {"type": "geojson"}}"#)))?.path, P("/source"))
        XCTAssertEqual(err(style.addingSource(body: J(#"{"id": "pts", "source": {"type": "geojson", "data": "x"}}"#)))?.code,
                       StyleErrorCode.duplicateSource)

        var target = J(baseStyleJSON).objectValue!
        var layers = target["layers"]!.arrayValue!
        layers.removeLast(2)
        target["layers"] = .array(layers)
        switch style.updating(to: .object(target)) {
        case .failure(let e): XCTFail("\(e)")
        case .success(let change):
            XCTAssertEqual(change.commands.map { $0.json.serialized() }, [#"["removeLayer","cities"]"#, #"["removeLayer","top"]"#])
            XCTAssertEqual(change.style.toJSON(), .object(target))
        }
        if case .success = style.updating(to: J(#"{"version": 8, "sources": {}, "layers": [{"id": "x"}]}"#)) { XCTFail("invalid style accepted") }
    }

    func testLayerParseForRoutes() {
        if case .failure(let e) = Layer.parse(J(#"{"id": "x", "type": "fill", "source": "pts"}"#), in: style) { XCTFail("\(e)") }
        guard case .failure(let errors) = Layer.parse(J(#"{"id": "x", "type": "fill", "source": "pts", "paint": {"fill-color": 1, "fill-opacity": "a"}}"#),
                                                      in: style, at: P("/layer")) else { return XCTFail("should fail") }
        XCTAssertEqual(Set(errors.map(\.path.description)), ["/layer/paint/fill-color", "/layer/paint/fill-opacity"])
    }

    func testHTTPStatuses() {
        XCTAssertEqual(err(style.patchingLayer("ghost", body: J("{}")))?.httpStatus, 404)
        XCTAssertEqual(err(style.addingLayer(body: J(#"{"layer": {"id": "x", "type": "fill", "source": "ghost"}}"#)))?.httpStatus, 400)
        XCTAssertEqual(err(style.addingLayer(body: J(#"{"layer": {"id": "fill", "type": "background"}}"#)))?.httpStatus, 409)
        XCTAssertEqual(err(style.addingLayer(body: J(#"{"layer": {"id": "x", "type": "background"}, "position": {"at": 50}}"#)))?.httpStatus, 400)
        guard case .failure(let inUse) = style.applying(.removeSource("countries", cascade: false)) else { return XCTFail() }
        XCTAssertEqual(inUse.httpStatus, 409)
    }
}

final class SourceRouteHelperTests: XCTestCase {
    var style: Style!
    override func setUp() { style = parseStyle(baseStyleJSON) }

    func status(_ r: Result<AppliedChange, StyleError>) -> Int {
        switch r {
        case .success: return 200
        case .failure(let e): return e.httpStatus
        }
    }

    func testStatusesOfURLRoutes() {
        XCTAssertEqual(status(style.removingLayer("fill")), 200)
        XCTAssertEqual(status(style.removingLayer("ghost")), 404)
        XCTAssertEqual(status(style.removingSource("countries", cascade: false)), 409)
        XCTAssertEqual(status(style.removingSource("countries", cascade: true)), 200)
        XCTAssertEqual(status(style.removingSource("ghost", cascade: false)), 404)
        XCTAssertEqual(status(style.settingSourceData("pts", body: J(#"{"type": "FeatureCollection", "features": []}"#))), 200)
        XCTAssertEqual(status(style.settingSourceData("ghost", body: J(#"{"type": "FeatureCollection", "features": []}"#))), 404)
        XCTAssertEqual(status(style.settingSourceData("pts", body: J("[1]"))), 400)
        if case .failure(let e) = style.settingSourceData("pts", body: J(#"{"type": "Nope"}"#)) {
            XCTAssertEqual(e.path, P("/type"))
        } else { XCTFail() }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        XCTAssertEqual(status(style.settingImage("i", png: png, pixelRatio: 2)), 200)
        XCTAssertEqual(status(style.settingImage("i", png: png, pixelRatio: 0)), 400)
        XCTAssertEqual(status(style.removingImage("i")), 404)
        XCTAssertEqual(status(style.settingFeatureState(source: "pts", sourceLayer: nil, id: "1", body: J(#"{"a": 1}"#))), 200)
        XCTAssertEqual(status(style.settingFeatureState(source: "ghost", sourceLayer: nil, id: "1", body: J(#"{"a": 1}"#))), 404)
        XCTAssertEqual(status(style.settingFeatureState(source: "pts", sourceLayer: nil, id: "1", body: J("3"))), 400)
        XCTAssertEqual(status(style.removingFeatureState(source: "pts", sourceLayer: nil, id: nil, key: nil)), 200)
        XCTAssertEqual(status(style.removingFeatureState(source: "pts", sourceLayer: nil, id: nil, key: "k")), 400)
        XCTAssertEqual(status(style.settingGlobalState(body: J(#"{"a": 1, "b": null}"#))), 200)
        XCTAssertEqual(status(style.settingGlobalState(body: J("[]"))), 400)
        XCTAssertEqual(status(style.applyingBatch(body: J(#"[["removeLayer", "fill"], ["removeLayer", "ghost"]]"#))), 400)
        if case .failure(let e) = style.applyingBatch(body: J(#"[["removeLayer", "fill"], ["removeLayer", "ghost"]]"#)) {
            XCTAssertEqual(e.path, P("/1/1"))
        }
    }
}
