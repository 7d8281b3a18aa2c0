import XCTest
@testable import TileServer

/// One `@Nx` parser for tile URLs and tileserver-gl's static URLs: the same values accepted
/// and refused by both, each route answering with its own error code.
final class PixelRatioSuffixTests: XCTestCase {
    func code(_ body: () throws -> Any) -> String? {
        do { _ = try body(); return nil } catch { return (error as? InvalidRequest)?.code }
    }

    func testBothRoutesAcceptAndRefuseTheSameSuffixes() throws {
        for n in 1...4 {
            XCTAssertEqual(try TileRequest.parse(z: "1", x: "0", file: "0@\(n)x.png", tileSize: 256, maxPixelRatio: 4).scale, n)
            XCTAssertEqual(try StaticSize.parse("10x10@\(n)x.png", maxPixelRatio: 4).pixelRatio, Double(n))
        }
        for bad in ["0x", "5x", "1.5x", "x", "2", "-1x", "+2x", "2X", " 2x", "1234567890x"] {
            XCTAssertEqual(code { try TileRequest.parse(z: "1", x: "0", file: "0@\(bad).png", tileSize: 256, maxPixelRatio: 4) },
                           "invalid_tile", bad)
            XCTAssertEqual(code { try StaticSize.parse("10x10@\(bad).png", maxPixelRatio: 4) }, "invalid_scale", bad)
        }
    }

    func testMessagesSayWhatIsWrong() {
        XCTAssertThrowsError(try PixelRatioSuffix.integer("8x", max: 4, errorCode: "c")) { e in
            XCTAssertTrue("\(e)".contains("@8x is above the maximum of 4"), "\(e)")
        }
        XCTAssertThrowsError(try PixelRatioSuffix.integer("1.5x", max: 4, errorCode: "c")) { e in
            XCTAssertTrue("\(e)".contains("integer N ≥ 1"), "\(e)")
        }
    }
}
