import XCTest
import Foundation
import StrataTestSupport
@testable import SourceData

/// MapLibre glyph PBFs: the shared render-test fonts decode, round trips are exact, and
/// broken glyphs are dropped with a warning instead of failing the range.
final class GlyphPBFTests: XCTestCase {
    func testSharedGlyphRangesDecodeAndRoundTrip() throws {
        let dir = try TestEnvironment.shared("render-tests/assets/glyphs")
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: dir.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".pbf") }
        XCTAssertGreaterThan(files.count, 10)
        var glyphCount = 0
        for f in files {
            let bytes = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: dir.path + "/" + f)))
            var warnings: [String] = []
            let stacks = try GlyphPBF.decode(bytes, warnings: &warnings)
            XCTAssertEqual(warnings, [], f)
            XCTAssertEqual(stacks.count, 1, f)
            guard let stack = stacks.first else { continue }
            let range = (f as NSString).lastPathComponent.replacingOccurrences(of: ".pbf", with: "")
            XCTAssertEqual(stack.range, range, f)
            for g in stack.glyphs {
                XCTAssertTrue(g.bitmap.isEmpty || g.bitmap.count == g.fieldWidth * g.fieldHeight)
                XCTAssertEqual(GlyphRange(containing: g.id).description, range, "\(f): glyph \(g.id) outside its range")
            }
            glyphCount += stack.glyphs.count
            var again: [String] = []
            XCTAssertEqual(try GlyphPBF.decode(GlyphPBF.encode(stack), warnings: &again), [stack], f)
        }
        XCTAssertGreaterThan(glyphCount, 1000)
    }

    func testBrokenGlyphsAreDroppedWithWarnings() throws {
        let good = SDFGlyph(id: 65, width: 2, height: 1, left: 1, top: -5, advance: 9, bitmap: [UInt8](repeating: 200, count: 8 * 7))
        let space = SDFGlyph(id: 32, width: 0, height: 0, left: 0, top: 0, advance: 6, bitmap: [])
        var wrongField = good
        wrongField.id = 66
        wrongField.bitmap.removeLast()
        var huge = good
        huge.id = 67
        huge.width = 5000
        let bytes = GlyphPBF.encode(GlyphPBF.Stack(name: "A,B", range: "0-255", glyphs: [good, space, wrongField, huge]))
        var warnings: [String] = []
        let stacks = try GlyphPBF.decode(bytes, warnings: &warnings)
        XCTAssertEqual(stacks.first?.glyphs, [good, space])
        XCTAssertEqual(warnings.count, 2, "\(warnings)")
        XCTAssertEqual(stacks.first?.name, "A,B")
        // Truncated input throws (the caller drops the range), never reads past the end.
        for cut in [1, bytes.count / 2, bytes.count - 1] {
            var w: [String] = []
            XCTAssertThrowsError(try GlyphPBF.decode(Array(bytes.prefix(cut)), warnings: &w), "cut at \(cut)")
        }
    }

    func testRangeNames() {
        XCTAssertEqual(GlyphRange("256-511")?.first, 256)
        XCTAssertNil(GlyphRange("0-256"))
        XCTAssertNil(GlyphRange("1-256"))
        XCTAssertNil(GlyphRange("65536-65791"))
        XCTAssertNil(GlyphRange("a-b"))
        XCTAssertEqual(GlyphRange(containing: 0x4E2D).description, "19968-20223")
    }
}
