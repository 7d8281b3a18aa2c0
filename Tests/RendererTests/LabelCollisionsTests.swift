@testable import Renderer
import XCTest

/// The collision grid lists shapes by 64 px cells; a shape too wide to list (a label of a giant
/// text size) must still block and be blocked, or every such label is drawn over the others.
final class LabelCollisionsTests: XCTestCase {
    func testGiantBoxBlocksLaterLabels() {
        let c = LabelCollisions()
        c.insert(SIMD4(-1e9, -1e9, 1e9, 1e9))
        XCTAssertTrue(c.collides(SIMD4(10, 10, 20, 20)))
        XCTAssertTrue(c.collides(circle: SIMD2(100, 100), radius: 5))
    }

    func testGiantQueryMeetsPlacedLabels() {
        let c = LabelCollisions()
        c.insert(SIMD4(10, 10, 20, 20))
        XCTAssertTrue(c.collides(SIMD4(-1e9, -1e9, 1e9, 1e9)))
        XCTAssertFalse(c.collides(SIMD4(1e7, 1e7, 1e9, 1e9)), "a wide box beyond the label does not meet it")
    }

    func testOrdinaryBoxesStillUseTheGrid() {
        let c = LabelCollisions()
        c.insert(SIMD4(0, 0, 30, 30))
        XCTAssertTrue(c.collides(SIMD4(29, 29, 40, 40)))
        XCTAssertFalse(c.collides(SIMD4(31, 0, 40, 10)))
        XCTAssertFalse(c.collides(SIMD4(2e6, 2e6, 3e6, 3e6)), "a box beyond the grid's reach meets nothing (and does not trap)")
    }
}
