import JSON
@testable import StyleSpec
import XCTest

/// Positions × slots: every combination of group (main stack / slot) and position kind, the
/// errors, and what `POST /layers`, `/move` and `/copy` turn into.
final class LayerPositionTests: XCTestCase {
    var style: Style!

    /// Main stack: background, bottom, fill, outline, middle, cities, top; slot `middle` gets
    /// m1, m2; slot `bottom` gets b1.
    override func setUp() {
        let base = parseStyle(baseStyleJSON)!
        style = base.must([
            .addLayer(layer("m1", slot: "middle"), beforeId: nil),
            .addLayer(layer("m2", slot: "middle"), beforeId: nil),
            .addLayer(layer("b1", slot: "bottom"), beforeId: nil),
        ])
    }

    func layer(_ id: String, slot: String? = nil) -> JSONObject {
        var o = JSONObject([("id", .string(id)), ("type", "background")])
        if let slot { o["slot"] = .string(slot) }
        return o
    }

    func add(_ id: String, slot: String? = nil, _ position: LayerPosition, file: StaticString = #filePath,
             line: UInt = #line) -> Style? {
        do {
            let command = try style.addLayerCommand(layer(id, slot: slot), at: position)
            return style.must([command], file: file, line: line)
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    func addError(_ id: String, slot: String? = nil, _ position: LayerPosition) -> StyleError? {
        do {
            let command = try style.addLayerCommand(layer(id, slot: slot), at: position)
            if case .failure(let e) = style.applying([command]) { return e }
            return nil
        } catch {
            return error
        }
    }

    func testFixtureRenderOrder() {
        XCTAssertEqual(style.renderIds, ["background", "bottom", "b1", "fill", "outline", "middle", "m1", "m2", "cities", "top"])
        XCTAssertEqual(style.group("middle").map(\.id), ["m1", "m2"])
        XCTAssertEqual(style.groupIndex(of: "m2"), 1)
        XCTAssertEqual(style.renderIndex(of: "m1"), 6)
        XCTAssertEqual(style.slotIds, ["bottom", "middle", "top"])
    }

    // MARK: main stack

    func testMainStackPositions() {
        XCTAssertEqual(add("x", .top)?.renderIds.last, "x")
        XCTAssertEqual(add("x", .above("fill"))?.renderIds, ["background", "bottom", "b1", "fill", "x", "outline", "middle", "m1", "m2", "cities", "top"])
        XCTAssertEqual(add("x", .below("fill"))?.renderIds, ["background", "bottom", "b1", "x", "fill", "outline", "middle", "m1", "m2", "cities", "top"])
        XCTAssertEqual(add("x", .at(0))?.renderIds.first, "x")
        XCTAssertEqual(add("x", .at(7))?.renderIds.last, "x")
        XCTAssertEqual(add("x", .at(3))?.group(nil).map(\.id), ["background", "bottom", "fill", "x", "outline", "middle", "cities", "top"])
        // Above a slot layer means above everything in that slot.
        XCTAssertEqual(add("x", .above("middle"))?.renderIds, ["background", "bottom", "b1", "fill", "outline", "middle", "m1", "m2", "x", "cities", "top"])
        XCTAssertEqual(add("x", .below("middle"))?.renderIds, ["background", "bottom", "b1", "fill", "outline", "x", "middle", "m1", "m2", "cities", "top"])
        XCTAssertEqual(add("x", .above("top"))?.renderIds.last, "x")
    }

    func testMainStackPositionErrors() {
        XCTAssertEqual(addError("x", .above("m1"))?.code, StyleErrorCode.invalidPosition)
        XCTAssertEqual(addError("x", .below("b1"))?.code, StyleErrorCode.invalidPosition)
        XCTAssertEqual(addError("x", .at(8))?.code, StyleErrorCode.invalidPosition)
        XCTAssertEqual(addError("x", .at(-1))?.code, StyleErrorCode.invalidPosition)
        XCTAssertEqual(addError("x", .above("ghost"))?.code, StyleErrorCode.unknownLayer)
        XCTAssertEqual(addError("x", .below("ghost"))?.code, StyleErrorCode.unknownLayer)
        XCTAssertEqual(addError("x", .above("m1"))?.path, P("/position"))
    }

    // MARK: slots

    func testSlotPositions() {
        XCTAssertEqual(add("x", slot: "middle", .top)?.group("middle").map(\.id), ["m1", "m2", "x"])
        XCTAssertEqual(add("x", slot: "middle", .above("m1"))?.group("middle").map(\.id), ["m1", "x", "m2"])
        XCTAssertEqual(add("x", slot: "middle", .below("m1"))?.group("middle").map(\.id), ["x", "m1", "m2"])
        XCTAssertEqual(add("x", slot: "middle", .at(0))?.group("middle").map(\.id), ["x", "m1", "m2"])
        XCTAssertEqual(add("x", slot: "middle", .at(1))?.group("middle").map(\.id), ["m1", "x", "m2"])
        XCTAssertEqual(add("x", slot: "middle", .at(2))?.group("middle").map(\.id), ["m1", "m2", "x"])
        XCTAssertEqual(add("x", slot: "middle", .above("m2"))?.renderIds,
                       ["background", "bottom", "b1", "fill", "outline", "middle", "m1", "m2", "x", "cities", "top"])
        // An empty slot: top and at 0 are the same place.
        XCTAssertEqual(add("x", slot: "top", .top)?.renderIds.suffix(2), ["top", "x"])
        XCTAssertEqual(add("x", slot: "top", .at(0))?.renderIds.suffix(2), ["top", "x"])
        XCTAssertEqual(add("x", slot: "bottom", .below("b1"))?.renderIds.prefix(4), ["background", "bottom", "x", "b1"])
    }

    func testSlotPositionErrors() {
        XCTAssertEqual(addError("x", slot: "middle", .above("fill"))?.code, StyleErrorCode.invalidPosition)
        XCTAssertEqual(addError("x", slot: "middle", .below("b1"))?.code, StyleErrorCode.invalidPosition)
        XCTAssertEqual(addError("x", slot: "middle", .above("middle"))?.code, StyleErrorCode.invalidPosition,
                       "the slot layer itself is in the main stack")
        XCTAssertEqual(addError("x", slot: "middle", .at(3))?.code, StyleErrorCode.invalidPosition)
        XCTAssertEqual(addError("x", slot: "top", .at(1))?.code, StyleErrorCode.invalidPosition)
        XCTAssertEqual(addError("x", slot: "middle", .above("ghost"))?.code, StyleErrorCode.unknownLayer)
        XCTAssertEqual(addError("x", slot: "nowhere", .top)?.code, StyleErrorCode.unknownSlot)
        XCTAssertEqual(addError("x", slot: "fill", .top)?.code, StyleErrorCode.unknownSlot, "fill is not a slot layer")
        XCTAssertEqual(addError("x", slot: "nowhere", .at(0))?.code, StyleErrorCode.unknownSlot)
    }

    func testRuntimeSlotLayerBecomesAnInsertionPoint() throws {
        let slotJSON = JSONObject([("id", "labels"), ("type", "slot")])
        let withSlot = style.must([try style.addLayerCommand(slotJSON, at: .below("cities"))])
        style = withSlot
        XCTAssertEqual(add("l1", slot: "labels", .top)?.renderIds,
                       ["background", "bottom", "b1", "fill", "outline", "middle", "m1", "m2", "labels", "l1", "cities", "top"])
        style = withSlot.must([try withSlot.addLayerCommand(layer("l1", slot: "labels"), at: .top)])
        XCTAssertEqual(add("l0", slot: "labels", .below("l1"))?.group("labels").map(\.id), ["l0", "l1"])
        XCTAssertEqual(addError("l2", slot: "labels", .above("m1"))?.code, StyleErrorCode.invalidPosition)
    }

    // MARK: move and copy

    func testMove() throws {
        func move(_ id: String, _ p: LayerPosition) throws -> Style {
            style.must([try style.moveLayerCommand(id, to: p)])
        }
        XCTAssertEqual(try move("m1", .top).group("middle").map(\.id), ["m2", "m1"])
        XCTAssertEqual(try move("m2", .at(0)).group("middle").map(\.id), ["m2", "m1"])
        XCTAssertEqual(try move("m1", .at(1)).group("middle").map(\.id), ["m2", "m1"], "indices exclude the moved layer")
        XCTAssertEqual(try move("m1", .above("m2")).group("middle").map(\.id), ["m2", "m1"])
        XCTAssertEqual(try move("m2", .below("m1")).group("middle").map(\.id), ["m2", "m1"])
        XCTAssertEqual(try move("fill", .top).renderIds.last, "fill")
        XCTAssertEqual(try move("fill", .below("background")).renderIds.first, "fill")
        XCTAssertThrowsError(try style.moveLayerCommand("cities", to: .above("cities"))) {
            XCTAssertEqual(($0 as? StyleError)?.code, StyleErrorCode.invalidPosition)
        }
        XCTAssertThrowsError(try style.moveLayerCommand("m1", to: .above("fill"))) {
            XCTAssertEqual(($0 as? StyleError)?.code, StyleErrorCode.invalidPosition)
        }
        XCTAssertThrowsError(try style.moveLayerCommand("m1", to: .at(2))) {
            XCTAssertEqual(($0 as? StyleError)?.code, StyleErrorCode.invalidPosition)
        }
        XCTAssertThrowsError(try style.moveLayerCommand("ghost", to: .top)) {
            XCTAssertEqual(($0 as? StyleError)?.code, StyleErrorCode.unknownLayer)
        }
    }

    func testCopyIsAnAddWithANewId() throws {
        var copy = try XCTUnwrap(style.layer("m1")).json
        copy["id"] = "m1-copy"
        let s = style.must([try style.addLayerCommand(copy, at: .above("m1"))])
        XCTAssertEqual(s.group("middle").map(\.id), ["m1", "m1-copy", "m2"])
        var dup = copy
        dup["id"] = "m1"
        let cmd = try style.addLayerCommand(dup, at: .top)
        XCTAssertEqual(style.mustFail([cmd])?.code, StyleErrorCode.duplicateLayer)
    }

    func testPositionJSON() throws {
        XCTAssertEqual(try LayerPosition(json: J(#"{"above": "a"}"#), at: .root), .above("a"))
        XCTAssertEqual(try LayerPosition(json: J(#"{"below": "a"}"#), at: .root), .below("a"))
        XCTAssertEqual(try LayerPosition(json: J(#"{"at": 2}"#), at: .root), .at(2))
        XCTAssertEqual(try LayerPosition(json: nil, at: .root), .top)
        XCTAssertEqual(try LayerPosition(json: .null, at: .root), .top)
        for bad in [#"{"at": 1.5}"#, #"{"above": 1}"#, #"{"above": "a", "below": "b"}"#, #"{"beside": "a"}"#, "3"] {
            XCTAssertThrowsError(try LayerPosition(json: J(bad), at: P("/position")), bad) {
                XCTAssertEqual(($0 as? StyleError)?.code, StyleErrorCode.invalidPosition)
                XCTAssertTrue(($0 as? StyleError)?.path.description.hasPrefix("/position") ?? false)
            }
        }
        for p in [LayerPosition.above("a"), .below("b"), .at(3), .top] {
            XCTAssertEqual(try LayerPosition(json: p.json, at: .root), p)
        }
    }
}
