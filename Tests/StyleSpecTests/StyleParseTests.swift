import JSON
@testable import StyleSpec
import XCTest

final class StyleParseTests: XCTestCase {
    func testBaseStyleParsesWithCompiledLayers() throws {
        let style = try XCTUnwrap(parseStyle(baseStyleJSON))
        XCTAssertEqual(style.layerIds, ["background", "bottom", "fill", "outline", "middle", "cities", "top"])
        XCTAssertEqual(style.sources.map(\.id), ["pts", "countries"])
        let fill = try XCTUnwrap(style.layer("fill"))
        XCTAssertEqual(fill.type, .fill)
        XCTAssertEqual(fill.source, "countries")
        XCTAssertEqual(fill.paint["fill-opacity"]?.constantValue, .number(0.5))
        XCTAssertNil(fill.paint["fill-antialias"], "unset properties are not materialised")
        XCTAssertEqual(style.source("countries")?.geojsonData, .url("countries.geojson"))
        if case .inline? = style.source("pts")?.geojsonData {} else { XCTFail("inline data expected") }
        XCTAssertEqual(style[rootKey: "zoom"], .number(3))
        XCTAssertTrue(style.loadWarnings.isEmpty, "\(style.loadWarnings)")
    }

    func testToJSONRoundTrips() throws {
        let style = try XCTUnwrap(parseStyle(baseStyleJSON))
        let again = try XCTUnwrap(parseStyle(style.toJSON().serialized()))
        XCTAssertEqual(again.toJSON(), style.toJSON())
        XCTAssertEqual(style.toJSON(), J(baseStyleJSON))
        XCTAssertEqual(again.renderHash, style.renderHash)
    }

    func testErrorsCarryPointersAndCodes() {
        let errors = parseErrors("""
        {"version": 8, "sources": {"s": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
         "layers": [
           {"id": "a", "type": "fill", "source": "s", "paint": {"fill-color": 5}},
           {"id": "b", "type": "line", "source": "nope"},
           {"id": "a", "type": "background"},
           {"id": "c", "type": "circle", "source": "s", "paint": {"circle-radius": -1, "circle-bogus": 1}},
           {"id": "d", "type": "line", "source": "s", "layout": {"line-join": "pointy"}},
           {"id": "e", "type": "fill", "source": "s", "filter": ["==", "$type", "Circle"]},
           {"id": "f", "type": "fill", "source": "s", "slot": "nowhere"},
           {"type": "fill", "source": "s"}
         ]}
        """)
        let byPath = Dictionary(grouping: errors, by: { $0.path.description })
        XCTAssertNotNil(byPath["/layers/0/paint/fill-color"])
        XCTAssertEqual(byPath["/layers/1"]?.first?.code, StyleErrorCode.unknownSource)
        XCTAssertEqual(byPath["/layers/2"]?.first?.code, StyleErrorCode.duplicateLayer)
        XCTAssertNotNil(byPath["/layers/3/paint/circle-radius"])
        XCTAssertEqual(byPath["/layers/3/paint/circle-bogus"]?.first?.code, StyleErrorCode.unknownProperty)
        XCTAssertNotNil(byPath["/layers/4/layout/line-join"])
        XCTAssertNotNil(byPath["/layers/5/filter/2"])
        XCTAssertEqual(byPath["/layers/6/slot"]?.first?.code, StyleErrorCode.unknownSlot)
        XCTAssertEqual(byPath["/layers/7"]?.first?.message, "missing required property \"id\"")
        XCTAssertEqual(errors.count, 9, "\(errors)")
    }

    func testRootErrors() {
        let errors = parseErrors(#"{"version": 7, "sources": [], "layers": {}, "glyphs": "x", "center": [1]}"#)
        let paths = Set(errors.map(\.path.description))
        XCTAssertEqual(paths, ["/version", "/sources", "/layers", "/glyphs", "/center"])
        XCTAssertEqual(parseErrors("[]").first?.path, .root)
        XCTAssertEqual(Set(parseErrors("{}").map(\.message)),
                       ["missing required property \"version\"", "missing required property \"sources\"",
                        "missing required property \"layers\""])
    }

    func testALayerOfAnInvalidSourceIsNotReportedTwice() {
        let errors = parseErrors(#"{"version": 8, "sources": {"s": {"type": "geojson"}}, "layers": [{"id": "a", "type": "fill", "source": "s"}]}"#)
        XCTAssertEqual(errors.map(\.path.description), ["/sources/s"])
    }

    func testSourceTypeMismatchAndSourceLayer() {
        let errors = parseErrors("""
        {"version": 8, "sources": {"v": {"type": "vector", "tiles": ["a/{z}/{x}/{y}.pbf"]},
                                   "r": {"type": "raster", "tiles": ["a/{z}/{x}/{y}.png"]}},
         "layers": [{"id": "a", "type": "fill", "source": "r"}, {"id": "b", "type": "line", "source": "v"},
                    {"id": "c", "type": "raster", "source": "v", "source-layer": "x"}]}
        """)
        XCTAssertEqual(errors.map(\.path.description), ["/layers/0", "/layers/1", "/layers/2"])
        XCTAssertEqual(errors.map(\.code), [StyleErrorCode.sourceTypeMismatch, StyleErrorCode.invalidLayer,
                                            StyleErrorCode.sourceTypeMismatch])
    }

    func testUnsupportedLayerTypesAreWarningsAtLoad() throws {
        let json = J("""
        {"version": 8, "sources": {"s": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
         "layers": [{"id": "labels", "type": "symbol", "source": "s", "layout": {"text-field": "x"}},
                    {"id": "bg", "type": "background", "interactive": true}]}
        """)
        guard case .success(let (style, warnings)) = Style.parse(json, supportedLayerTypes: fourLayerTypes)
        else { return XCTFail("should load") }
        XCTAssertEqual(style.layerIds, ["labels", "bg"])
        XCTAssertEqual(warnings.map(\.path.description), ["/layers/0/type", "/layers/1/interactive"])
        XCTAssertEqual(warnings.first?.code, StyleErrorCode.unsupportedLayerType)
        // ... but an error when added at runtime.
        let add = style.mustFail([.addLayer(J(#"{"id": "l2", "type": "symbol", "source": "s"}"#).objectValue!, beforeId: nil)])
        XCTAssertEqual(add?.code, StyleErrorCode.unsupportedLayerType)
        XCTAssertEqual(add?.path, P("/0/1/type"))
        // `custom` is only a type when the renderer registers custom layers.
        let custom = #"{"version": 8, "sources": {}, "layers": [{"id": "c", "type": "custom", "renderer": "grid"}]}"#
        XCTAssertEqual(parseErrors(custom).first?.path, P("/layers/0/type"))
        XCTAssertNotNil(parseStyle(custom, supported: [.custom]))
    }

    func testRefLayersAreDereferenced() throws {
        let style = try XCTUnwrap(parseStyle("""
        {"version": 8, "sources": {"s": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
         "layers": [{"id": "a", "type": "line", "source": "s", "filter": ["has", "x"], "layout": {"line-cap": "round"}},
                    {"id": "b", "ref": "a", "paint": {"line-width": 3}}]}
        """))
        let b = try XCTUnwrap(style.layer("b"))
        XCTAssertEqual(b.type, .line)
        XCTAssertEqual(b.source, "s")
        XCTAssertNotNil(b.filter)
        XCTAssertNil(b.json["ref"])
        XCTAssertEqual(b.json["layout"], J(#"{"line-cap": "round"}"#))
    }

    func testTransitionsAreAcceptedAndIgnored() throws {
        let style = try XCTUnwrap(parseStyle("""
        {"version": 8, "transition": {"duration": 0}, "sources": {},
         "layers": [{"id": "bg", "type": "background",
                     "paint": {"background-color": "red", "background-color-transition": {"duration": 300}}}]}
        """))
        XCTAssertNil(style.layer("bg")?.paint["background-color-transition"])
        XCTAssertNotNil(style.layer("bg")?.paint["background-color"])
    }

    func testGlobalStateDefaultsAndOverrides() throws {
        let style = try XCTUnwrap(parseStyle(#"{"version": 8, "state": {"a": {"default": 1}, "b": {"default": "x"}}, "sources": {}, "layers": []}"#))
        XCTAssertEqual(style.globalState, J(#"{"a": 1, "b": "x"}"#).objectValue)
        let s2 = style.must([.setGlobalStateProperty("a", 5), .setGlobalStateProperty("c", true)])
        XCTAssertEqual(s2.globalState, J(#"{"a": 5, "b": "x", "c": true}"#).objectValue)
        let s3 = s2.must([.setGlobalStateProperty("a", .null)])
        XCTAssertEqual(s3.globalState["a"], 1, "\(s3.globalState) \(s3.globalStateOverrides)")
    }

    func testLayerVisibilityAndZoomRange() throws {
        let style = try XCTUnwrap(parseStyle("""
        {"version": 8, "state": {"show": {"default": false}}, "sources": {},
         "layers": [{"id": "a", "type": "background", "minzoom": 2, "maxzoom": 5},
                    {"id": "b", "type": "background", "layout": {"visibility": "none"}},
                    {"id": "c", "type": "background",
                     "layout": {"visibility": ["case", ["global-state", "show"], "visible", "none"]}}]}
        """))
        let a = try XCTUnwrap(style.layer("a"))
        XCTAssertFalse(a.isInZoomRange(1.9)); XCTAssertTrue(a.isInZoomRange(2)); XCTAssertFalse(a.isInZoomRange(5))
        XCTAssertTrue(a.isVisible())
        XCTAssertFalse(try XCTUnwrap(style.layer("b")).isVisible())
        let c = try XCTUnwrap(style.layer("c"))
        XCTAssertFalse(c.isVisible(globalState: style.globalState))
        XCTAssertTrue(c.isVisible(globalState: style.must([.setGlobalStateProperty("show", true)]).globalState))
    }

    func testUnsetPropertiesFallBackToSpecDefaults() throws {
        let style = try XCTUnwrap(parseStyle(baseStyleJSON))
        let fill = try XCTUnwrap(style.layer("fill"))
        XCTAssertEqual(fill.paintProperty("fill-opacity")?.constantValue, .number(0.5))
        XCTAssertEqual(fill.paintProperty("fill-antialias")?.constantValue, .boolean(true))
        XCTAssertEqual(fill.paintProperty("fill-color")?.evaluate(EvaluationContext(zoom: 3)).colorValue,
                       StyleColor.parse("#3c8c5a"))
        let outline = try XCTUnwrap(style.layer("outline"))
        XCTAssertEqual(outline.layoutProperty("line-cap")?.constantValue, .string("butt"))
        XCTAssertEqual(outline.layoutProperty("line-join")?.constantValue, .string("round"))
        XCTAssertEqual(outline.paintProperty("line-translate")?.constantValue, .array([.number(0), .number(0)]))
        XCTAssertEqual(outline.layoutProperty("visibility")?.constantValue, .string("visible"))
        XCTAssertNil(outline.paintProperty("fill-color"))
        XCTAssertEqual(style.layer("cities")?.paintProperty("circle-color")?.constantValue, .color(StyleColor.parse("#000000")!))
    }
}
