import XCTest
@testable import Renderer

/// `GLOutline.roundedByte` replaces `Float.rounded()` in the outline blend: it must give the
/// same byte for every float in [0, 255], halves and the float just below a half included.
final class GLOutlineRoundingTests: XCTestCase {
    func testMatchesRoundedOnEveryFloatNearHalves() {
        for whole in 0...255 {
            let half = Float(whole) + 0.5
            var below = half, above = half
            for _ in 0..<64 {
                for v in [below, half, above] where v >= 0 && v <= 255 {
                    XCTAssertEqual(GLOutline.roundedByte(v), UInt32(v.rounded()), "\(v)")
                }
                below = below.nextDown; above = above.nextUp
            }
        }
    }

    func testMatchesRoundedOnAGridOfValues() {
        var v: Float = 0
        while v <= 255 {
            XCTAssertEqual(GLOutline.roundedByte(v), UInt32(v.rounded()), "\(v)")
            v += 0.0037
        }
        XCTAssertEqual(GLOutline.roundedByte(0.49999997), 0)
        XCTAssertEqual(GLOutline.roundedByte(255), 255)
    }
}
