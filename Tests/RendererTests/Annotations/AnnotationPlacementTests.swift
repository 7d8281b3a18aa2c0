import JSON
import SourceData
import StyleSpec
import XCTest
@testable import Renderer

/// The overlap decision and the box layout, as pure functions.
final class AnnotationPlacementTests: XCTestCase {
    func box(_ x: Double, _ y: Double, _ w: Double = 100, _ h: Double = 20) -> SIMD4<Double> { SIMD4(x, y, x + w, y + h) }

    func testEarlierBoxesWinAndSelectedGoFirst() {
        let c: [AnnotationPlacement.Candidate] = [
            .init(order: 0, selected: false, allowOverlap: false, box: box(0, 0)),
            .init(order: 1, selected: false, allowOverlap: false, box: box(50, 10)),   // overlaps 0: hidden
            .init(order: 2, selected: false, allowOverlap: false, box: box(100, 0)),   // touches 0 only: shown
            .init(order: 3, selected: true, allowOverlap: false, box: box(120, 5)),    // selected: placed before 2
        ]
        let placed = AnnotationPlacement.place(c)
        XCTAssertEqual(placed.map(\.order), [0, 3], "2 loses to the selected 3; drawing order puts selected last (on top)")
    }

    func testAllowOverlapShowsButStillBlocksLaterBoxes() {
        let c: [AnnotationPlacement.Candidate] = [
            .init(order: 0, selected: false, allowOverlap: false, box: box(0, 0)),
            .init(order: 1, selected: false, allowOverlap: true, box: box(50, 10)),
            .init(order: 2, selected: false, allowOverlap: false, box: box(140, 25)),  // overlaps only 1
        ]
        XCTAssertEqual(AnnotationPlacement.place(c).map(\.order), [0, 1])
    }

    func testPlacementDoesNotDependOnInputOrder() {
        var rng = SystemRandomNumberGenerator()
        let c = (0..<300).map { i in
            AnnotationPlacement.Candidate(order: i, selected: i % 17 == 0, allowOverlap: i % 11 == 0,
                                          box: box(Double(i * 37 % 2000), Double(i * 91 % 1500), 80, 24))
        }
        let expected = AnnotationPlacement.place(c).map(\.order)
        XCTAssertEqual(AnnotationPlacement.place(c.shuffled(using: &rng)).map(\.order), expected)
        // The grid agrees with the all-pairs definition.
        var kept: [AnnotationPlacement.Candidate] = []
        for x in c.sorted(by: { $0.selected != $1.selected ? $0.selected : $0.order < $1.order }) {
            if !x.allowOverlap, kept.contains(where: { AnnotationPlacement.overlaps($0.box, x.box) }) { continue }
            kept.append(x)
        }
        XCTAssertEqual(Set(expected), Set(kept.map(\.order)))
    }

    /// Glyphs 10 px wide with a 12 px advance at the 24 px em.
    func glyph(_ cp: UInt32) -> SDFGlyph? {
        SDFGlyph(id: cp, width: 10, height: 14, left: 1, top: -4, advance: 12, bitmap: [UInt8](repeating: 200, count: 16 * 20))
    }

    func annotation(_ json: String) throws -> Annotation {
        try Annotation.parse(JSONParser.parse(json), at: .root, defaultID: "a")
    }

    func testBoxFitsTheTextAndSitsOnItsAnchor() throws {
        // "abcd" at 24 px: 48 px of advances; padding 6 + border 1 each side → 62 × (28.8 + 14 → 43).
        let fit = AnnotationLayout(try annotation(#"{"coordinate": [0, 0], "text": "abcd", "style": {"text-size": 24}}"#), glyph: glyph)
        XCTAssertEqual(fit.box, SIMD4(-31, -22, 31, 21), "62 × 43, centred (−21.5 rounds away from zero)")
        XCTAssertEqual(fit.quads.count, 4)
        let above = AnnotationLayout(try annotation(#"{"coordinate": [0, 0], "text": "abcd", "anchor": "bottom", "offsetX": 5, "style": {"text-size": 24}}"#), glyph: glyph)
        XCTAssertEqual(above.box, SIMD4(-26, -43, 36, 0), "bottom: the box is above its point; offsets move it")
        let sized = AnnotationLayout(try annotation(#"{"coordinate": [0, 0], "text": "abcd", "anchor": "top-left", "width": 200, "height": 50}"#),
                                     glyph: glyph)
        XCTAssertEqual(sized.box, SIMD4(0, 0, 200, 50))
        // The text block is centred in the box.
        let xs = sized.quads.map { ($0.rect.x + $0.rect.z) / 2 }
        XCTAssertEqual((xs.min()! + xs.max()!) / 2, 100, accuracy: 0.5)
        let empty = AnnotationLayout(try annotation(#"{"coordinate": [0, 0], "text": ""}"#), glyph: glyph)
        XCTAssertTrue(empty.quads.isEmpty)
        XCTAssertGreaterThan(empty.box.z - empty.box.x, 0)
    }
}
