import JSON
@testable import StyleSpec
import XCTest

/// View annotations as data: validation with JSON pointers, patches, the commands, and what a
/// revision keeps (session state, render hash, `setStyle`).
final class AnnotationModelTests: XCTestCase {
    func parseError(_ text: String) -> StyleError? {
        do { _ = try Annotation.parse(J(text), at: .root); return nil } catch { return error }
    }

    func testDefaultsAndFullForm() throws {
        let a = try Annotation.parse(J(#"{"coordinate": [13.4, 52.5], "text": "Berlin"}"#), at: .root, defaultID: "annotation-1")
        XCTAssertEqual(a.id, "annotation-1")
        XCTAssertEqual(a.anchor, .center)
        XCTAssertEqual([a.offsetX, a.offsetY], [0, 0])
        XCTAssertFalse(a.allowOverlap); XCTAssertFalse(a.selected); XCTAssertTrue(a.visible)
        XCTAssertNil(a.width); XCTAssertNil(a.layer)
        XCTAssertEqual(a.json["style"]?["text-size"], .number(14))
        XCTAssertEqual(try Annotation.parse(a.json, at: .root), a, "the full form reads back to the same annotation")
    }

    func testErrorsPointAtTheBadValue() {
        let cases: [(String, String)] = [
            (#"{"text": "x"}"#, "/coordinate"),
            (#"{"coordinate": [0, 0]}"#, "/text"),
            (#"{"coordinate": [0, 85.1], "text": "x"}"#, "/coordinate/1"),
            (#"{"coordinate": [0, -90], "text": "x"}"#, "/coordinate/1"),
            (#"{"coordinate": [181, 0], "text": "x"}"#, "/coordinate/0"),
            (#"{"coordinate": ["a", 0], "text": "x"}"#, "/coordinate/0"),
            (#"{"coordinate": [0], "text": "x"}"#, "/coordinate"),
            (#"{"coordinate": [0, 0], "text": 4}"#, "/text"),
            (#"{"coordinate": [0, 0], "text": "x", "anchor": "middle"}"#, "/anchor"),
            (#"{"coordinate": [0, 0], "text": "x", "offsetX": "3"}"#, "/offsetX"),
            (#"{"coordinate": [0, 0], "text": "x", "width": 0}"#, "/width"),
            (#"{"coordinate": [0, 0], "text": "x", "selected": 1}"#, "/selected"),
            (#"{"coordinate": [0, 0], "text": "x", "colour": "red"}"#, "/colour"),
            (#"{"coordinate": [0, 0], "text": "x", "associatedFeatureId": 7}"#, "/layer"),
            (#"{"coordinate": [0, 0], "text": "x", "associatedFeatureId": true, "layer": "l"}"#, "/associatedFeatureId"),
            (#"{"coordinate": [0, 0], "text": "x", "style": {"text-color": "nope"}}"#, "/style/text-color"),
            (#"{"coordinate": [0, 0], "text": "x", "style": {"text-size": -1}}"#, "/style/text-size"),
            (#"{"coordinate": [0, 0], "text": "x", "style": {"shadow": 1}}"#, "/style/shadow"),
            (#"{"coordinate": [0, 0], "text": "x", "id": ""}"#, "/id"),
        ]
        for (body, path) in cases {
            let e = parseError(body)
            XCTAssertEqual(e?.path.description, path, body)
            XCTAssertEqual(e?.code, StyleErrorCode.invalidAnnotation, body)
        }
    }

    func testNonFiniteNumbersAreRefused() {
        let o: JSONValue = ["coordinate": [.number(.infinity), 0], "text": "x"]
        XCTAssertThrowsError(try Annotation.parse(o, at: JSONPointer(["0", "1"]))) { e in
            XCTAssertEqual((e as? StyleError)?.path.description, "/0/1/coordinate/0")
        }
        let nan: JSONValue = ["coordinate": [0, 0], "text": "x", "offsetY": .number(.nan)]
        XCTAssertThrowsError(try Annotation.parse(nan, at: .root))
    }

    func testPatchMergesResetsAndKeepsTheId() throws {
        var a = try Annotation.parse(J(#"{"id": "a", "coordinate": [0, 0], "text": "x", "anchor": "bottom", "style": {"text-size": 20, "text-color": "red"}}"#), at: .root)
        a = try a.merging(J(#"{"text": "y", "anchor": null, "style": {"text-size": null}}"#).objectValue!, at: .root)
        XCTAssertEqual(a.text, "y")
        XCTAssertEqual(a.anchor, .center, "null resets to the default")
        XCTAssertEqual(a.appearance.textSize, 14)
        XCTAssertEqual(a.appearance.textColor.text, "red", "style merges member by member")
        XCTAssertThrowsError(try a.merging(J(#"{"id": "b"}"#).objectValue!, at: .root)) { e in
            XCTAssertEqual((e as? StyleError)?.path.description, "/id")
        }
        XCTAssertThrowsError(try a.merging(J(#"{"coordinate": [0, 99]}"#).objectValue!, at: .root)) { e in
            XCTAssertEqual((e as? StyleError)?.path.description, "/coordinate/1")
        }
    }

    func testCommandsAddUpdateRemoveAtomically() throws {
        let base = try XCTUnwrap(parseStyle(baseStyleJSON))
        let added = base.must([.addAnnotation(J(#"{"coordinate": [1, 2], "text": "one"}"#).objectValue!),
                               .addAnnotation(J(#"{"id": "two", "coordinate": [3, 4], "text": "two", "layer": "cities"}"#).objectValue!)])
        XCTAssertEqual(added.annotations.items.map(\.id), ["annotation-1", "two"])
        XCTAssertNotEqual(added.renderHash, base.renderHash, "annotations change pixels")
        let updated = added.must([.updateAnnotation("annotation-1", J(#"{"selected": true}"#).objectValue!)])
        XCTAssertEqual(updated.annotations.items.map(\.id), ["annotation-1", "two"], "an update keeps the insertion order")
        XCTAssertTrue(updated.annotations["annotation-1"]!.selected)
        XCTAssertEqual(updated.must([.removeAnnotation("two")]).annotations.count, 1)

        // A batch with one bad command changes nothing, and the error points into it.
        guard case .failure(let e) = added.applying([.removeAnnotation("two"),
                                                     .addAnnotation(J(#"{"id": "annotation-1", "coordinate": [0, 0], "text": ""}"#).objectValue!)])
        else { return XCTFail("duplicate id accepted") }
        XCTAssertEqual(e.code, StyleErrorCode.duplicateAnnotation)
        XCTAssertEqual(e.path.description, "/1/1/id")
        XCTAssertEqual(e.httpStatus, 409)
        guard case .failure(let u) = base.applying([.addAnnotation(J(#"{"coordinate": [0, 0], "text": "", "layer": "nope"}"#).objectValue!)])
        else { return XCTFail("unknown layer accepted") }
        XCTAssertEqual(u.path.description, "/0/1/layer")
        guard case .failure(let m) = base.applying([.updateAnnotation("missing", JSONObject())]) else { return XCTFail() }
        XCTAssertEqual(m.code, StyleErrorCode.unknownAnnotation)
    }

    func testCommandJSONRoundTrips() throws {
        let commands: [StyleCommand] = [
            .addAnnotation(J(#"{"coordinate": [1, 2], "text": "one"}"#).objectValue!),
            .updateAnnotation("a", J(#"{"text": null}"#).objectValue!),
            .removeAnnotation("a"),
        ]
        for c in commands { XCTAssertEqual(try StyleCommand(json: c.json), c) }
        XCTAssertThrowsError(try StyleCommand(json: J(#"["removeAnnotation"]"#)))
    }

    func testSessionStateKeepsAnnotationsAndSetStyleDoesToo() throws {
        let base = try XCTUnwrap(parseStyle(baseStyleJSON))
        let s = base.must([.addAnnotation(J(#"{"id": "k", "coordinate": [1, 2], "text": "kept", "selected": true}"#).objectValue!)])
        let restored = try base.restoringSessionState(s.sessionStateJSON()).get()
        XCTAssertEqual(restored.annotations, s.annotations)
        XCTAssertEqual(restored.renderHash, s.renderHash)
        XCTAssertNil(base.sessionStateJSON()["annotations"], "no annotations, no key: earlier stores and hashes stay as they were")
        let replaced = s.must([.setStyle(base.toJSON())])
        XCTAssertEqual(replaced.annotations.items.map(\.id), ["k"], "annotations belong to the session, like images")
    }

    func testFreeIDsSkipTakenOnes() {
        var list = AnnotationList()
        XCTAssertEqual(list.freeID(), "annotation-1")
        list.append(Annotation(id: "annotation-2", longitude: 0, latitude: 0, text: ""))
        XCTAssertEqual(list.freeID(), "annotation-3")
    }
}
