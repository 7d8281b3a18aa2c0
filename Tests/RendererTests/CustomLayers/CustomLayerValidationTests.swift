import JSON
import StyleSpec
import XCTest
@testable import Renderer

/// Custom layers are validated where the registry is known, with JSON-pointer paths to the
/// bad value, at load and on every runtime command — never accepted to render blank.
final class CustomLayerValidationTests: XCTestCase {
    let f = CustomLayerFixture()

    func testUnknownRendererPointsAtRenderer() {
        let bg = #"{"id": "bg", "type": "background"}"#
        let e = f.error(bg + #", {"id": "x", "type": "custom", "renderer": "nope"}"#)
        XCTAssertEqual(e?.path, "/layers/1/renderer")
        XCTAssertEqual(e?.code, StyleErrorCode.unknownRenderer)
        XCTAssertEqual(f.error(#"{"id": "x", "type": "custom"}"#)?.path, "/layers/0")
        XCTAssertEqual(f.error(#"{"id": "x", "type": "custom", "renderer": 3}"#)?.path, "/layers/0/renderer")
        XCTAssertEqual(f.error(#"{"id": "x", "type": "custom", "renderer": "triangles", "options": []}"#)?.path, "/layers/0/options")
    }

    func testBadVerticesPointAtTheElement() {
        let bad = #"[[0, 0, "red"], [1, 0, "red"], [1, 1, "red"], [2, 2, "blue"], [3, 3, "blue"], [4, 4, "not-a-colour"]]"#
        XCTAssertEqual(f.error(CustomLayerFixture.triangles(bad))?.path, "/layers/0/options/vertices/5/2")
        XCTAssertEqual(f.error(CustomLayerFixture.triangles(bad))?.code, StyleErrorCode.invalidOptions)
        XCTAssertEqual(f.error(CustomLayerFixture.triangles(#"[[0, 0, "red"], [1, "x", "red"], [2, 2, "red"]]"#))?.path,
                       "/layers/0/options/vertices/1/1")
        XCTAssertEqual(f.error(CustomLayerFixture.triangles(#"[[0, 0, "red"], [1, 95, "red"], [2, 2, "red"]]"#))?.path,
                       "/layers/0/options/vertices/1/1")
        XCTAssertEqual(f.error(CustomLayerFixture.triangles(#"[[0, 0, "red"], [1, 1], [2, 2, "red"]]"#))?.path,
                       "/layers/0/options/vertices/1")
        XCTAssertEqual(f.error(CustomLayerFixture.triangles(#"[[0, 0, "red"], [1, 1, "red"]]"#))?.path, "/layers/0/options/vertices")
        XCTAssertEqual(f.error(CustomLayerFixture.triangles(#"{}"#))?.path, "/layers/0/options/vertices")
        XCTAssertEqual(f.error(CustomLayerFixture.triangles(extra: #", "opacity": 2"#))?.path, "/layers/0/options/opacity")
        XCTAssertEqual(f.error(CustomLayerFixture.triangles(extra: #", "colour": "red""#))?.path, "/layers/0/options/colour")
        XCTAssertEqual(f.error(#"{"id": "x", "type": "custom", "renderer": "triangles"}"#)?.path, "/layers/0/options")
        XCTAssertNil(f.error(CustomLayerFixture.triangles("[]")), "an empty mesh is valid")
    }

    func testNonFiniteAndHugeInputIsRefusedWithoutWork() throws {
        let r = TrianglesRenderer()
        for v: Double in [.nan, .infinity, -.infinity] {
            let opts = JSONObject([("vertices", .array([.array([.number(v), 0, "red"]), [1, 1, "red"], [2, 0, "red"]]))])
            XCTAssertThrowsError(try r.prepare(options: opts, layerID: "x")) { e in
                XCTAssertEqual((e as? CustomLayerOptionsError)?.path.description, "/vertices/0/0")
            }
        }
        let many = JSONValue.array(Array(repeating: [0, 0, "red"], count: TrianglesRenderer.maxVertices + 3))
        XCTAssertThrowsError(try r.prepare(options: JSONObject([("vertices", many)]), layerID: "x")) { e in
            XCTAssertEqual((e as? CustomLayerOptionsError)?.path.description, "/vertices")
        }
        // The limit itself is fine.
        let limit = JSONValue.array(Array(repeating: [0, 0, "red"], count: TrianglesRenderer.maxVertices - 1))
        XCTAssertNoThrow(try r.prepare(options: JSONObject([("vertices", limit)]), layerID: "x"))
    }

    func testGraticuleOptions() {
        func g(_ options: String) -> String? {
            f.error(#"{"id": "g", "type": "custom", "renderer": "graticule", "options": \#(options)}"#)?.path
        }
        XCTAssertNil(g("{}"))
        XCTAssertNil(g(#"{"step": 90, "color": "hsla(0, 50%, 50%, 0.5)", "width": 0, "opacity": 0.5}"#))
        XCTAssertEqual(g(#"{"step": 0}"#), "/layers/0/options/step")
        XCTAssertEqual(g(#"{"step": 90.5}"#), "/layers/0/options/step")
        XCTAssertEqual(g(#"{"step": -10}"#), "/layers/0/options/step")
        XCTAssertEqual(g(#"{"width": -1}"#), "/layers/0/options/width")
        XCTAssertEqual(g(#"{"color": "nope"}"#), "/layers/0/options/color")
        XCTAssertEqual(g(#"{"opacity": "1"}"#), "/layers/0/options/opacity")
        XCTAssertEqual(g(#"{"steps": 5}"#), "/layers/0/options/steps")
    }

    func testRuntimeCommandsValidateAndKeepThePreparedOptions() throws {
        let style = try f.style(CustomLayerFixture.triangles())
        let bad = JSONObject([("id", "t2"), ("type", "custom"), ("renderer", "triangels")])
        guard case .failure(let e) = style.applying([.addLayer(bad, beforeId: nil)]) else { return XCTFail("accepted") }
        XCTAssertEqual(e.path.description, "/0/1/renderer")
        // A whole-style replace validates too.
        let replaced = try JSONParser.parse(CustomLayerFixture.styleJSON(CustomLayerFixture.triangles(#"[[0, 0, "red"]]"#)))
        guard case .failure(let e2) = style.applying([.setStyle(replaced)]) else { return XCTFail("accepted") }
        XCTAssertEqual(e2.path.description, "/0/1/layers/0/options/vertices")

        // Visibility and zoom changes keep the decoded options (same object, no new decode).
        let before = try XCTUnwrap(style.layer("tri")?.prepared as? TriangleMesh)
        let hidden = try style.applying([.setLayoutProperty(layer: "tri", name: "visibility", value: "none"),
                                         .setLayerZoomRange(layer: "tri", min: 1, max: 10)]).get()
        XCTAssertTrue(try XCTUnwrap(hidden.layer("tri")?.prepared as? TriangleMesh) === before)
        XCTAssertFalse(hidden.layer("tri")!.isVisible())
        // Paint properties do not exist on custom layers.
        guard case .failure(let e3) = style.applying([.setPaintProperty(layer: "tri", name: "fill-color", value: "red")]) else {
            return XCTFail("accepted")
        }
        XCTAssertEqual(e3.path.description, "/0/2")
    }

    /// Slots, diff and the render hash treat a custom layer like any layer.
    func testSlotsDiffAndRenderHash() throws {
        let a = try f.style(#"{"id": "bg", "type": "background"}, {"id": "mid", "type": "slot"}, {"id": "top", "type": "background"}, "# +
                            CustomLayerFixture.triangles().replacingOccurrences(of: #""type": "custom""#, with: #""type": "custom", "slot": "mid""#))
        XCTAssertEqual(a.renderOrder.map(\.id), ["bg", "mid", "tri", "top"])
        let b = try f.style(#"{"id": "bg", "type": "background"}, {"id": "mid", "type": "slot"}, {"id": "top", "type": "background"}, "# +
                            CustomLayerFixture.triangles(extra: #", "opacity": 0.5"#).replacingOccurrences(of: #""type": "custom""#, with: #""type": "custom", "slot": "mid""#))
        XCTAssertNotEqual(a.renderHash, b.renderHash, "options change the tiles' hash")
        let ops = StyleDiff.diff(from: a, to: b).map(\.name)
        XCTAssertEqual(ops, ["removeLayer", "addLayer"], "options have no finer command: the layer is re-added in place")
        let applied = try a.applying(StyleDiff.diff(from: a, to: b), allowingUnsupportedLayerTypes: true).get()
        XCTAssertEqual(applied.toJSON(), b.toJSON())
        XCTAssertEqual(applied.renderOrder.map(\.id), ["bg", "mid", "tri", "top"])
    }

    func testWithoutAHookOnlyTheShapeIsChecked() {
        let json = try! JSONParser.parse(CustomLayerFixture.styleJSON(#"{"id": "x", "type": "custom", "renderer": "anything"}"#))
        guard case .success(let s) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else { return XCTFail() }
        XCTAssertNil(s.0.layer("x")?.prepared)
    }
}
